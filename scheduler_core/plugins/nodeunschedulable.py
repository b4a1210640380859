"""NodeUnschedulable (plugins/nodeunschedulable/node_unschedulable.go): cordoned nodes."""
from __future__ import annotations

from typing import Any, ClassVar

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import CycleState, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import Node, Pod, Taint

ERR_REASON_UNSCHEDULABLE = "node(s) were unschedulable"
# v1.TaintNodeUnschedulable: a pod tolerating it also tolerates spec.unschedulable.
UNSCHEDULABLE_TAINT = Taint(key="node.kubernetes.io/unschedulable", effect="NoSchedule")


def tolerates_unschedulable(pod: Pod) -> bool:
    return any(t.tolerates(UNSCHEDULABLE_TAINT) for t in pod.tolerations)


class NodeUnschedulable:
    name: ClassVar[str] = "NodeUnschedulable"

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        if not node_info.node.unschedulable or tolerates_unschedulable(pod):
            return Status.success()
        return Status.unresolvable(ERR_REASON_UNSCHEDULABLE)

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        # The scheduler maps spec.unschedulable flipping to false onto UpdateNodeTaint (spec §2.9).
        return [
            ev.ClusterEventWithHint(ev.NODE_ADD, self.is_schedulable_after_node_change),
            ev.ClusterEventWithHint(ev.NODE_TAINT_CHANGE, self.is_schedulable_after_node_change),
            ev.ClusterEventWithHint(ev.POD_TOLERATION_CHANGE, self.is_schedulable_after_pod_toleration_change),
        ]

    def is_schedulable_after_node_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """Queue only when the node goes from unschedulable (or absent) to schedulable."""
        if not isinstance(new_obj, Node):
            return ev.SKIP
        was_schedulable = isinstance(old_obj, Node) and not old_obj.unschedulable
        return ev.QUEUE if not was_schedulable and not new_obj.unschedulable else ev.SKIP

    def is_schedulable_after_pod_toleration_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        if isinstance(new_obj, Pod) and new_obj.uid == pod.uid and tolerates_unschedulable(new_obj):
            return ev.QUEUE
        return ev.SKIP
