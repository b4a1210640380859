from enum import StrEnum


class KindEnum(StrEnum):
    NODE = "node"
    POD = "pod"

    def __str__(self) -> str:
        return str(self.value)
