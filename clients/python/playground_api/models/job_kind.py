from enum import StrEnum


class JobKind(StrEnum):
    JOB = "Job"

    def __str__(self) -> str:
        return str(self.value)
