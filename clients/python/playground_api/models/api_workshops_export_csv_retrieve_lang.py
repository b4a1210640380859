from enum import StrEnum


class ApiWorkshopsExportCsvRetrieveLang(StrEnum):
    EN = "en"
    ZH_CN = "zh-CN"

    def __str__(self) -> str:
        return str(self.value)
