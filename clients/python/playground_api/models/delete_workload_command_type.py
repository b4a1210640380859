from enum import StrEnum


class DeleteWorkloadCommandType(StrEnum):
    DELETE_WORKLOAD = "delete_workload"

    def __str__(self) -> str:
        return str(self.value)
