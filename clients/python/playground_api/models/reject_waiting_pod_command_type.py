from enum import StrEnum


class RejectWaitingPodCommandType(StrEnum):
    REJECT_WAITING_POD = "reject_waiting_pod"

    def __str__(self) -> str:
        return str(self.value)
