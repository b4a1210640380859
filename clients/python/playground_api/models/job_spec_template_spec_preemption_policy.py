from enum import StrEnum


class JobSpecTemplateSpecPreemptionPolicy(StrEnum):
    NEVER = "Never"
    PREEMPTLOWERPRIORITY = "PreemptLowerPriority"

    def __str__(self) -> str:
        return str(self.value)
