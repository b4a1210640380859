from enum import StrEnum


class ReplicaSetKind(StrEnum):
    REPLICASET = "ReplicaSet"

    def __str__(self) -> str:
        return str(self.value)
