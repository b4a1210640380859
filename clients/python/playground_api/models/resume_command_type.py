from enum import StrEnum


class ResumeCommandType(StrEnum):
    RESUME = "resume"

    def __str__(self) -> str:
        return str(self.value)
