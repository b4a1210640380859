from enum import StrEnum


class PauseCommandType(StrEnum):
    PAUSE = "pause"

    def __str__(self) -> str:
        return str(self.value)
