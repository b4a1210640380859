from enum import StrEnum


class ReplicaSetSpecTemplateSpecTolerationsItemOperator(StrEnum):
    EQUAL = "Equal"
    EXISTS = "Exists"

    def __str__(self) -> str:
        return str(self.value)
