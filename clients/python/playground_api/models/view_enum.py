from enum import StrEnum


class ViewEnum(StrEnum):
    COMPARE = "compare"
    RUN = "run"

    def __str__(self) -> str:
        return str(self.value)
