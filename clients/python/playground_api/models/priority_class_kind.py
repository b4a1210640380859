from enum import StrEnum


class PriorityClassKind(StrEnum):
    PRIORITYCLASS = "PriorityClass"

    def __str__(self) -> str:
        return str(self.value)
