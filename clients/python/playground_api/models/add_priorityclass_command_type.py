from enum import StrEnum


class AddPriorityclassCommandType(StrEnum):
    ADD_PRIORITYCLASS = "add_priorityclass"

    def __str__(self) -> str:
        return str(self.value)
