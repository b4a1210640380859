from enum import StrEnum


class K8SRunsKubeconfigRetrieveFormat(StrEnum):
    JSON = "json"
    YAML = "yaml"

    def __str__(self) -> str:
        return str(self.value)
