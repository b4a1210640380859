from enum import StrEnum


class StatefulSetKind(StrEnum):
    STATEFULSET = "StatefulSet"

    def __str__(self) -> str:
        return str(self.value)
