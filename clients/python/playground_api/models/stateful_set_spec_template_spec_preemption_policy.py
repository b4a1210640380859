from enum import StrEnum


class StatefulSetSpecTemplateSpecPreemptionPolicy(StrEnum):
    NEVER = "Never"
    PREEMPTLOWERPRIORITY = "PreemptLowerPriority"

    def __str__(self) -> str:
        return str(self.value)
