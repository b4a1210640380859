from enum import StrEnum


class DeletePodCommandType(StrEnum):
    DELETE_POD = "delete_pod"

    def __str__(self) -> str:
        return str(self.value)
