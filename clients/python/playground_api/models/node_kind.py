from enum import StrEnum


class NodeKind(StrEnum):
    NODE = "Node"

    def __str__(self) -> str:
        return str(self.value)
