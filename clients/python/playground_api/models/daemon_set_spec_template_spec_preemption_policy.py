from enum import StrEnum


class DaemonSetSpecTemplateSpecPreemptionPolicy(StrEnum):
    NEVER = "Never"
    PREEMPTLOWERPRIORITY = "PreemptLowerPriority"

    def __str__(self) -> str:
        return str(self.value)
