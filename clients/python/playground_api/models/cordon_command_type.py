from enum import StrEnum


class CordonCommandType(StrEnum):
    CORDON = "cordon"

    def __str__(self) -> str:
        return str(self.value)
