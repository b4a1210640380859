from enum import StrEnum


class AnnotateWorkloadCommandKind(StrEnum):
    DAEMONSET = "DaemonSet"
    DEPLOYMENT = "Deployment"
    JOB = "Job"
    REPLICASET = "ReplicaSet"
    STATEFULSET = "StatefulSet"

    def __str__(self) -> str:
        return str(self.value)
