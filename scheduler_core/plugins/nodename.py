"""NodeName (plugins/nodename/node_name.go): spec.nodeName must name this node."""
from __future__ import annotations

from typing import Any, ClassVar

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import CycleState, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import Node, Pod

ERR_REASON = "node(s) didn't match the requested node name"


def fits(pod: Pod, node: Node) -> bool:
    return not pod.node_name or pod.node_name == node.name


class NodeName:
    name: ClassVar[str] = "NodeName"

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        return Status.success() if fits(pod, node_info.node) else Status.unresolvable(ERR_REASON)

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        return [ev.ClusterEventWithHint(ev.NODE_ADD, self.is_schedulable_after_node_add)]

    def is_schedulable_after_node_add(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        return ev.QUEUE if isinstance(new_obj, Node) and fits(pod, new_obj) else ev.SKIP
