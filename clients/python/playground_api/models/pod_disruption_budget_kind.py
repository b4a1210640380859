from enum import StrEnum


class PodDisruptionBudgetKind(StrEnum):
    PODDISRUPTIONBUDGET = "PodDisruptionBudget"

    def __str__(self) -> str:
        return str(self.value)
