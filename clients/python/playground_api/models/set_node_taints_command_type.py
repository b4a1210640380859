from enum import StrEnum


class SetNodeTaintsCommandType(StrEnum):
    SET_NODE_TAINTS = "set_node_taints"

    def __str__(self) -> str:
        return str(self.value)
