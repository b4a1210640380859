from enum import StrEnum


class ApiRunsWaitRetrievePhase(StrEnum):
    PENDING = "Pending"
    RUNNING = "Running"
    SUCCEEDED = "Succeeded"
    TERMINATING = "Terminating"

    def __str__(self) -> str:
        return str(self.value)
