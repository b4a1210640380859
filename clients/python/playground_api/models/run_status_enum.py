from enum import StrEnum


class RunStatusEnum(StrEnum):
    FAILED = "failed"
    FINISHED = "finished"
    PAUSED = "paused"
    QUEUED = "queued"
    RUNNING = "running"
    SETTLED = "settled"

    def __str__(self) -> str:
        return str(self.value)
