from enum import StrEnum


class NamespaceKind(StrEnum):
    NAMESPACE = "Namespace"

    def __str__(self) -> str:
        return str(self.value)
