from enum import StrEnum


class SetNodeAnnotationsCommandType(StrEnum):
    SET_NODE_ANNOTATIONS = "set_node_annotations"

    def __str__(self) -> str:
        return str(self.value)
