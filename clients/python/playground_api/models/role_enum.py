from enum import StrEnum


class RoleEnum(StrEnum):
    INSTRUCTOR = "instructor"
    STUDENT = "student"

    def __str__(self) -> str:
        return str(self.value)
