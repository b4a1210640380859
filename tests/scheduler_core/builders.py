"""Pod and node builders for table tests: make_pod(name="p1", priority=100, cpu="500m").

Quantities are Kubernetes strings, converted with scheduler_core.quantity so tests read like
manifests. A resource left at None is not requested at all (a best-effort pod has no requests).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import (
    Container,
    ContainerPort,
    Node,
    NodeAffinity,
    Pod,
    PodAffinity,
    Taint,
    Toleration,
    TopologySpreadConstraint,
)
from scheduler_core.quantity import to_canonical

Quantity = str | int


def resources(cpu: Quantity | None = None, memory: Quantity | None = None) -> dict[str, int]:
    """cpu/memory in canonical units; None is left out. Other resources: pass ``requests={...}``."""
    given: dict[str, Quantity | None] = {"cpu": cpu, "memory": memory}
    return {name: to_canonical(name, value) for name, value in given.items() if value is not None}


def make_container(
    name: str = "c",
    cpu: Quantity | None = None,
    memory: Quantity | None = None,
    requests: Mapping[str, Quantity] | None = None,
    host_ports: Iterable[int | tuple[int, str] | tuple[int, str, str]] = (),
    restart_policy: str | None = None,
) -> Container:
    """host_ports: 8080, (8080, "UDP") or (8080, "TCP", "10.0.0.1")."""
    reqs = resources(cpu, memory)
    reqs.update({k: to_canonical(k, v) for k, v in (requests or {}).items()})
    return Container(name=name, requests=reqs, ports=tuple(_port(p) for p in host_ports), restart_policy=restart_policy)


def _port(spec: int | tuple[int, str] | tuple[int, str, str]) -> ContainerPort:
    if isinstance(spec, int):
        return ContainerPort(container_port=spec, host_port=spec)
    port, protocol, *host_ip = spec
    return ContainerPort(container_port=port, host_port=port, protocol=protocol, host_ip=host_ip[0] if host_ip else "")


def make_pod(
    name: str = "p1",
    priority: int = 0,
    cpu: Quantity | None = None,
    memory: Quantity | None = None,
    *,
    namespace: str = "default",
    requests: Mapping[str, Quantity] | None = None,
    containers: Iterable[Container] | None = None,
    init_containers: Iterable[Container] = (),
    overhead: Mapping[str, Quantity] | None = None,
    host_ports: Iterable[int | tuple[int, str] | tuple[int, str, str]] = (),
    labels: Mapping[str, str] | None = None,
    node_selector: Mapping[str, str] | None = None,
    node_affinity: NodeAffinity | None = None,
    pod_affinity: PodAffinity | None = None,
    pod_anti_affinity: PodAffinity | None = None,
    topology_spread_constraints: Iterable[TopologySpreadConstraint] = (),
    tolerations: Iterable[Toleration] = (),
    priority_class_name: str = "",
    preemption_policy: str = "PreemptLowerPriority",
    scheduling_gates: Iterable[str] = (),
    node_name: str = "",
    nominated_node_name: str = "",
    start_time: float | None = None,
    termination_grace_period_seconds: int = 30,
    uid: str | None = None,
) -> Pod:
    """One container "c" with the given cpu/memory/requests/host_ports unless ``containers`` is given."""
    if containers is None:
        containers = (make_container("c", cpu, memory, requests, host_ports),)
    return Pod(
        name=name,
        namespace=namespace,
        uid=uid if uid is not None else f"uid-{namespace}-{name}",
        labels=dict(labels or {}),
        containers=tuple(containers),
        init_containers=tuple(init_containers),
        overhead={k: to_canonical(k, v) for k, v in (overhead or {}).items()},
        node_selector=dict(node_selector or {}),
        node_affinity=node_affinity,
        pod_affinity=pod_affinity,
        pod_anti_affinity=pod_anti_affinity,
        topology_spread_constraints=tuple(topology_spread_constraints),
        tolerations=tuple(tolerations),
        priority_class_name=priority_class_name,
        priority=priority,
        preemption_policy=preemption_policy,
        scheduling_gates=tuple(scheduling_gates),
        node_name=node_name,
        nominated_node_name=nominated_node_name,
        start_time=start_time,
        termination_grace_period_seconds=termination_grace_period_seconds,
    )


def make_node(
    name: str = "n1",
    cpu: Quantity | None = "4",
    memory: Quantity | None = "32Gi",
    pods: int | None = 110,
    *,
    extra: Mapping[str, Quantity] | None = None,
    labels: Mapping[str, str] | None = None,
    taints: Iterable[Taint] = (),
    unschedulable: bool = False,
) -> Node:
    """Allocatable = capacity = the given amounts; the hostname label is set like the kubelet does."""
    allocatable = resources(cpu, memory)
    if pods is not None:
        allocatable["pods"] = pods
    allocatable.update({k: to_canonical(k, v) for k, v in (extra or {}).items()})
    all_labels = {"kubernetes.io/hostname": name, **(labels or {})}
    return Node(
        name=name,
        labels=all_labels,
        allocatable=allocatable,
        capacity=dict(allocatable),
        taints=tuple(taints),
        unschedulable=unschedulable,
    )


def make_node_info(node: Node, *pods: Pod) -> NodeInfo:
    """A NodeInfo holding ``pods`` (their node_name is not checked)."""
    info = NodeInfo(node)
    for pod in pods:
        info.add_pod(pod)
    return info


def taint(key: str, value: str = "", effect: str = "NoSchedule") -> Taint:
    return Taint(key=key, value=value, effect=effect)


def toleration(key: str = "", value: str = "", effect: str = "", operator: str | None = None) -> Toleration:
    """Equal when a value is given, else Exists (the common test shorthand)."""
    return Toleration(key=key, operator=operator or ("Equal" if value else "Exists"), value=value, effect=effect)
