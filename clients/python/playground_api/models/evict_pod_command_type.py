from enum import StrEnum


class EvictPodCommandType(StrEnum):
    EVICT_POD = "evict_pod"

    def __str__(self) -> str:
        return str(self.value)
