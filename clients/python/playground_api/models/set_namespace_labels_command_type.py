from enum import StrEnum


class SetNamespaceLabelsCommandType(StrEnum):
    SET_NAMESPACE_LABELS = "set_namespace_labels"

    def __str__(self) -> str:
        return str(self.value)
