from enum import StrEnum


class PriorityClassApiVersion(StrEnum):
    SCHEDULING_K8S_IOV1 = "scheduling.k8s.io/v1"

    def __str__(self) -> str:
        return str(self.value)
