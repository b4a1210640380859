from enum import StrEnum


class DeploymentSpecTemplateSpecTolerationsItemEffect(StrEnum):
    NOEXECUTE = "NoExecute"
    NOSCHEDULE = "NoSchedule"
    PREFERNOSCHEDULE = "PreferNoSchedule"

    def __str__(self) -> str:
        return str(self.value)
