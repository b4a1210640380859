from enum import StrEnum


class PodDisruptionBudgetApiVersion(StrEnum):
    POLICYV1 = "policy/v1"

    def __str__(self) -> str:
        return str(self.value)
