from enum import StrEnum


class DaemonSetKind(StrEnum):
    DAEMONSET = "DaemonSet"

    def __str__(self) -> str:
        return str(self.value)
