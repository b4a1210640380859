from enum import StrEnum


class WorkshopStatusEnum(StrEnum):
    ENDED = "ended"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
