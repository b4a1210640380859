from enum import StrEnum


class DaemonSetApiVersion(StrEnum):
    APPSV1 = "apps/v1"

    def __str__(self) -> str:
        return str(self.value)
