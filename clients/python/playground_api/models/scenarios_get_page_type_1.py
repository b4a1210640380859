from enum import StrEnum


class ScenariosGetPageType1(StrEnum):
    LAST = "last"

    def __str__(self) -> str:
        return str(self.value)
