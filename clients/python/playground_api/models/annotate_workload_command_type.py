from enum import StrEnum


class AnnotateWorkloadCommandType(StrEnum):
    ANNOTATE_WORKLOAD = "annotate_workload"

    def __str__(self) -> str:
        return str(self.value)
