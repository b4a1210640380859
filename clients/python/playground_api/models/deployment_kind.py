from enum import StrEnum


class DeploymentKind(StrEnum):
    DEPLOYMENT = "Deployment"

    def __str__(self) -> str:
        return str(self.value)
