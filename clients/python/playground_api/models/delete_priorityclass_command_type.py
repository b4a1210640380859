from enum import StrEnum


class DeletePriorityclassCommandType(StrEnum):
    DELETE_PRIORITYCLASS = "delete_priorityclass"

    def __str__(self) -> str:
        return str(self.value)
