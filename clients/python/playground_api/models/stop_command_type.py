from enum import StrEnum


class StopCommandType(StrEnum):
    STOP = "stop"

    def __str__(self) -> str:
        return str(self.value)
