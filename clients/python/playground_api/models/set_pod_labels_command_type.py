from enum import StrEnum


class SetPodLabelsCommandType(StrEnum):
    SET_POD_LABELS = "set_pod_labels"

    def __str__(self) -> str:
        return str(self.value)
