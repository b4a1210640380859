from enum import StrEnum


class ApiRunsMetricsRetrieveFormat(StrEnum):
    JSON = "json"
    TXT = "txt"

    def __str__(self) -> str:
        return str(self.value)
