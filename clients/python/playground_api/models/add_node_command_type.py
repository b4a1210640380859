from enum import StrEnum


class AddNodeCommandType(StrEnum):
    ADD_NODE = "add_node"

    def __str__(self) -> str:
        return str(self.value)
