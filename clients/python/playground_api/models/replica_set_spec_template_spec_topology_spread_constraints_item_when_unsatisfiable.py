from enum import StrEnum


class ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable(StrEnum):
    DONOTSCHEDULE = "DoNotSchedule"
    SCHEDULEANYWAY = "ScheduleAnyway"

    def __str__(self) -> str:
        return str(self.value)
