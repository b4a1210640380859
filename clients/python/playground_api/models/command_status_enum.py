from enum import StrEnum


class CommandStatusEnum(StrEnum):
    APPLIED = "applied"
    PENDING = "pending"
    REJECTED = "rejected"

    def __str__(self) -> str:
        return str(self.value)
