from enum import StrEnum


class RemoveSchedulingGatesCommandType(StrEnum):
    REMOVE_SCHEDULING_GATES = "remove_scheduling_gates"

    def __str__(self) -> str:
        return str(self.value)
