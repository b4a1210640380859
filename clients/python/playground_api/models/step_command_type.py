from enum import StrEnum


class StepCommandType(StrEnum):
    STEP = "step"

    def __str__(self) -> str:
        return str(self.value)
