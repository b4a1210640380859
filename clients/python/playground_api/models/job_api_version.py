from enum import StrEnum


class JobApiVersion(StrEnum):
    BATCHV1 = "batch/v1"

    def __str__(self) -> str:
        return str(self.value)
