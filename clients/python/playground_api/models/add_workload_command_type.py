from enum import StrEnum


class AddWorkloadCommandType(StrEnum):
    ADD_WORKLOAD = "add_workload"

    def __str__(self) -> str:
        return str(self.value)
