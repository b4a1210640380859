from enum import StrEnum


class RestartCommandType(StrEnum):
    RESTART = "restart"

    def __str__(self) -> str:
        return str(self.value)
