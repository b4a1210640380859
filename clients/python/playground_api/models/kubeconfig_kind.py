from enum import StrEnum


class KubeconfigKind(StrEnum):
    CONFIG = "Config"

    def __str__(self) -> str:
        return str(self.value)
