from enum import StrEnum


class DeleteNodeCommandType(StrEnum):
    DELETE_NODE = "delete_node"

    def __str__(self) -> str:
        return str(self.value)
