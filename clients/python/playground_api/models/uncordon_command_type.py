from enum import StrEnum


class UncordonCommandType(StrEnum):
    UNCORDON = "uncordon"

    def __str__(self) -> str:
        return str(self.value)
