"""NodePorts (plugins/nodeports/node_ports.go): host ports already taken on the node."""
from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, ClassVar

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import CycleState, PreFilterResult, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import ContainerPort, Pod

NAME = "NodePorts"
PRE_FILTER_STATE_KEY = "PreFilter" + NAME
ERR_REASON = "node(s) didn't have free ports for the requested pod ports"
DEFAULT_BIND_ALL_HOST_IP = "0.0.0.0"

UsedPorts = Collection[tuple[str, str, int]]  # (host ip, protocol, port), as in NodeInfo.used_ports


def _slot(port: ContainerPort) -> tuple[str, str, int]:
    """HostPortInfo.sanitize: empty IP → 0.0.0.0, empty protocol → TCP."""
    return (port.host_ip or DEFAULT_BIND_ALL_HOST_IP, port.protocol or "TCP", port.host_port)


def check_conflict(used: UsedPorts, port: ContainerPort) -> bool:
    """HostPortInfo.CheckConflict: 0.0.0.0 conflicts with every IP; a specific IP with itself and 0.0.0.0."""
    if port.host_port <= 0:
        return False
    ip, protocol, number = _slot(port)
    if ip == DEFAULT_BIND_ALL_HOST_IP:
        return any(p == protocol and n == number for _, p, n in used)
    return (DEFAULT_BIND_ALL_HOST_IP, protocol, number) in used or (ip, protocol, number) in used


def fits_ports(wanted: Iterable[ContainerPort], used: UsedPorts) -> bool:
    return not any(check_conflict(used, p) for p in wanted)


class NodePorts:
    name: ClassVar[str] = NAME

    def pre_filter(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[PreFilterResult | None, Status]:
        if not pod.host_ports:
            return None, Status.skip()
        state.write(PRE_FILTER_STATE_KEY, pod.host_ports)
        return None, Status.success()

    # No add_pod/remove_pod: upstream's PreFilterExtensions() returns nil, so the preemption
    # what-ifs (framework/whatif.py) do not call this plugin for each pod added or removed.

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        wanted = state.read(PRE_FILTER_STATE_KEY)
        if wanted is None:
            wanted = pod.host_ports
        if fits_ports(wanted, node_info.used_ports):
            return Status.success()
        return Status.unschedulable(ERR_REASON)

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        return [
            ev.ClusterEventWithHint(ev.POD_DELETE, self.is_schedulable_after_pod_deleted),
            # No hint: a new node is always worth a retry (upstream registers Node/Add without one).
            ev.ClusterEventWithHint(ev.NODE_ADD, None),
        ]

    def is_schedulable_after_pod_deleted(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """Queue if an assigned (or nominated) pod freed a host port this pod wants."""
        if not isinstance(old_obj, Pod) or (not old_obj.node_name and not old_obj.nominated_node_name):
            return ev.SKIP
        freed = {_slot(p) for p in old_obj.host_ports}
        if not freed:
            return ev.SKIP
        return ev.SKIP if fits_ports(pod.host_ports, freed) else ev.QUEUE
