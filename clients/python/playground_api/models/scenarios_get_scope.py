from enum import StrEnum


class ScenariosGetScope(StrEnum):
    FEATURED = "featured"
    MINE = "mine"
    PUBLIC = "public"
    SHARED = "shared"

    def __str__(self) -> str:
        return str(self.value)
