from enum import StrEnum


class JobSpecTemplateSpecTolerationsItemOperator(StrEnum):
    EQUAL = "Equal"
    EXISTS = "Exists"

    def __str__(self) -> str:
        return str(self.value)
