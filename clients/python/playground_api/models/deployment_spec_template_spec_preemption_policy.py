from enum import StrEnum


class DeploymentSpecTemplateSpecPreemptionPolicy(StrEnum):
    NEVER = "Never"
    PREEMPTLOWERPRIORITY = "PreemptLowerPriority"

    def __str__(self) -> str:
        return str(self.value)
