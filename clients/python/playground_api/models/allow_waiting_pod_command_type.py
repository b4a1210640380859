from enum import StrEnum


class AllowWaitingPodCommandType(StrEnum):
    ALLOW_WAITING_POD = "allow_waiting_pod"

    def __str__(self) -> str:
        return str(self.value)
