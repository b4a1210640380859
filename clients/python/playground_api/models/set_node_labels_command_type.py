from enum import StrEnum


class SetNodeLabelsCommandType(StrEnum):
    SET_NODE_LABELS = "set_node_labels"

    def __str__(self) -> str:
        return str(self.value)
