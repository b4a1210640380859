from enum import StrEnum


class StatefulSetApiVersion(StrEnum):
    APPSV1 = "apps/v1"

    def __str__(self) -> str:
        return str(self.value)
