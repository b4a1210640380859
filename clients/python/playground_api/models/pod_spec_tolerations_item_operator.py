from enum import StrEnum


class PodSpecTolerationsItemOperator(StrEnum):
    EQUAL = "Equal"
    EXISTS = "Exists"

    def __str__(self) -> str:
        return str(self.value)
