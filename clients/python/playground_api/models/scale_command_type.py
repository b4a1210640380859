from enum import StrEnum


class ScaleCommandType(StrEnum):
    SCALE = "scale"

    def __str__(self) -> str:
        return str(self.value)
