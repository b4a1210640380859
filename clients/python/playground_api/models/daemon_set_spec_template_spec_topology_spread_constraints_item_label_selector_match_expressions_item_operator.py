from enum import StrEnum


class DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator(
    StrEnum
):
    DOESNOTEXIST = "DoesNotExist"
    EXISTS = "Exists"
    IN = "In"
    NOTIN = "NotIn"

    def __str__(self) -> str:
        return str(self.value)
