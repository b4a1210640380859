from enum import StrEnum


class ReasonEnum(StrEnum):
    DELETED = "Deleted"
    PREEMPTED = "Preempted"

    def __str__(self) -> str:
        return str(self.value)
