from enum import StrEnum


class AddNamespaceCommandType(StrEnum):
    ADD_NAMESPACE = "add_namespace"

    def __str__(self) -> str:
        return str(self.value)
