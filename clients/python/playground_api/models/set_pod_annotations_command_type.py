from enum import StrEnum


class SetPodAnnotationsCommandType(StrEnum):
    SET_POD_ANNOTATIONS = "set_pod_annotations"

    def __str__(self) -> str:
        return str(self.value)
