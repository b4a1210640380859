from enum import StrEnum


class UpdatePriorityclassCommandType(StrEnum):
    UPDATE_PRIORITYCLASS = "update_priorityclass"

    def __str__(self) -> str:
        return str(self.value)
