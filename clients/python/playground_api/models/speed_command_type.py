from enum import StrEnum


class SpeedCommandType(StrEnum):
    SPEED = "speed"

    def __str__(self) -> str:
        return str(self.value)
