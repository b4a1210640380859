from enum import StrEnum


class DeploymentApiVersion(StrEnum):
    APPSV1 = "apps/v1"

    def __str__(self) -> str:
        return str(self.value)
