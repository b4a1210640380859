from enum import StrEnum


class PriorityClassPreemptionPolicy(StrEnum):
    NEVER = "Never"
    PREEMPTLOWERPRIORITY = "PreemptLowerPriority"

    def __str__(self) -> str:
        return str(self.value)
