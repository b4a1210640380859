from enum import StrEnum


class PodKind(StrEnum):
    POD = "Pod"

    def __str__(self) -> str:
        return str(self.value)
