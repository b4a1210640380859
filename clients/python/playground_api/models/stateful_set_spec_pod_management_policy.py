from enum import StrEnum


class StatefulSetSpecPodManagementPolicy(StrEnum):
    ORDEREDREADY = "OrderedReady"
    PARALLEL = "Parallel"

    def __str__(self) -> str:
        return str(self.value)
