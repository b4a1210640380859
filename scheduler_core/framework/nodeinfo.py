"""NodeInfo: a node plus the pods the scheduler cache places on it (framework/types.go).

Mutable by design; clone() for preemption what-ifs. Requested totals are kept incrementally so
the per-node filter/score loops never re-sum pods, and so are the pods with (anti-)affinity
(NodeInfo.PodsWithAffinity / PodsWithRequiredAntiAffinity), so InterPodAffinity visits only them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from scheduler_core.objects import Node, Pod


def pod_with_affinity(pod: Pod) -> bool:
    """podWithAffinity (framework/types.go): any pod affinity or anti-affinity at all."""
    return pod.pod_affinity is not None or pod.pod_anti_affinity is not None


def pod_with_required_anti_affinity(pod: Pod) -> bool:
    """podWithRequiredAntiAffinity (framework/types.go)."""
    return pod.pod_anti_affinity is not None and bool(pod.pod_anti_affinity.required)


@dataclass
class NodeInfo:
    node: Node
    pods: dict[str, Pod] = field(default_factory=dict)  # key -> pod, insertion ordered
    requested: dict[str, int] = field(default_factory=dict)
    non_zero_requested: dict[str, int] = field(default_factory=dict)
    # (host_ip, protocol, host_port) in use on this node
    used_ports: dict[tuple[str, str, int], int] = field(default_factory=dict)
    # subsets of ``pods`` (key -> pod, insertion ordered): PodsWithAffinity, PodsWithRequiredAntiAffinity
    pods_with_affinity: dict[str, Pod] = field(default_factory=dict)
    pods_with_required_anti_affinity: dict[str, Pod] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.node.name

    def add_pod(self, pod: Pod) -> None:
        self.pods[pod.key] = pod
        if pod_with_affinity(pod):
            self.pods_with_affinity[pod.key] = pod
            if pod_with_required_anti_affinity(pod):
                self.pods_with_required_anti_affinity[pod.key] = pod
        self._account(pod, +1)

    def remove_pod(self, pod: Pod) -> None:
        if self.pods.pop(pod.key, None) is not None:
            self.pods_with_affinity.pop(pod.key, None)
            self.pods_with_required_anti_affinity.pop(pod.key, None)
            self._account(pod, -1)

    def update_pod(self, pod: Pod) -> None:
        """The same pod with a changed status field (e.g. nominatedNodeName): keep every position."""
        key = pod.key
        self.pods[key] = pod
        if key in self.pods_with_affinity:
            self.pods_with_affinity[key] = pod
        if key in self.pods_with_required_anti_affinity:
            self.pods_with_required_anti_affinity[key] = pod

    def _account(self, pod: Pod, sign: int) -> None:
        for name, amount in pod.requests.items():
            self.requested[name] = self.requested.get(name, 0) + sign * amount
        for name, amount in pod.non_zero_requests.items():
            self.non_zero_requested[name] = self.non_zero_requested.get(name, 0) + sign * amount
        for port in pod.host_ports:
            slot = (port.host_ip or "0.0.0.0", port.protocol, port.host_port)
            self.used_ports[slot] = self.used_ports.get(slot, 0) + sign
            if self.used_ports[slot] <= 0:
                del self.used_ports[slot]

    def clone(self) -> NodeInfo:
        return NodeInfo(
            self.node,
            dict(self.pods),
            dict(self.requested),
            dict(self.non_zero_requested),
            dict(self.used_ports),
            dict(self.pods_with_affinity),
            dict(self.pods_with_required_anti_affinity),
        )


@dataclass
class AllNodes:
    """The snapshot's nodes as PreFilter saw them, kept in CycleState for PreScore: the framework
    hands PreScore only the feasible nodes, but placed pods on every node count (upstream
    InterPodAffinity and PodTopologySpread read the shared lister)."""

    nodes: list[NodeInfo]

    def clone(self) -> AllNodes:
        return self  # never changes within a cycle
