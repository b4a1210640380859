from enum import StrEnum


class ReplicaSetSpecSelectorMatchExpressionsItemOperator(StrEnum):
    DOESNOTEXIST = "DoesNotExist"
    EXISTS = "Exists"
    IN = "In"
    NOTIN = "NotIn"

    def __str__(self) -> str:
        return str(self.value)
