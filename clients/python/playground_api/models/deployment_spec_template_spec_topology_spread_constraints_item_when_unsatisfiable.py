from enum import StrEnum


class DeploymentSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable(StrEnum):
    DONOTSCHEDULE = "DoNotSchedule"
    SCHEDULEANYWAY = "ScheduleAnyway"

    def __str__(self) -> str:
        return str(self.value)
