from enum import StrEnum


class ScaleCommandKind(StrEnum):
    DEPLOYMENT = "Deployment"
    REPLICASET = "ReplicaSet"
    STATEFULSET = "StatefulSet"

    def __str__(self) -> str:
        return str(self.value)
