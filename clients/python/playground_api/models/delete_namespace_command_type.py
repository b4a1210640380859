from enum import StrEnum


class DeleteNamespaceCommandType(StrEnum):
    DELETE_NAMESPACE = "delete_namespace"

    def __str__(self) -> str:
        return str(self.value)
