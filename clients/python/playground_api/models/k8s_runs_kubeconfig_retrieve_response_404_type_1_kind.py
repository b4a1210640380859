from enum import StrEnum


class K8SRunsKubeconfigRetrieveResponse404Type1Kind(StrEnum):
    STATUS = "Status"

    def __str__(self) -> str:
        return str(self.value)
