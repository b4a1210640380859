from enum import StrEnum


class ModeEnum(StrEnum):
    FOLLOWING = "following"
    OWN = "own"

    def __str__(self) -> str:
        return str(self.value)
