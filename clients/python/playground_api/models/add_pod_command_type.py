from enum import StrEnum


class AddPodCommandType(StrEnum):
    ADD_POD = "add_pod"

    def __str__(self) -> str:
        return str(self.value)
