from enum import StrEnum


class StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable(
    StrEnum
):
    DONOTSCHEDULE = "DoNotSchedule"
    SCHEDULEANYWAY = "ScheduleAnyway"

    def __str__(self) -> str:
        return str(self.value)
