"""DaemonSet controller (pkg/controller/daemon/daemon_controller.go: manage, podsShouldBeOnNode).

One pod per node the template may run on (NodeShouldRunDaemonPod: nodeName, required node
affinity and nodeSelector, NoSchedule/NoExecute taints against the template's tolerations plus the
ones the controller adds). Each pod is pinned by required node affinity ``matchFields
metadata.name In [<node>]`` (ReplaceDaemonSetPodNodeNameNodeAffinity) and scheduled by the scheduler.
"""
from __future__ import annotations

from dataclasses import replace

from scheduler_core.cluster_state import PodRecord
from scheduler_core.controllers.base import Context, WorkloadState, is_active
from scheduler_core.objects import Node, NodeAffinity, NodeSelectorRequirement, NodeSelectorTerm, Pod, Toleration
from scheduler_core.plugins.nodeaffinity import required_node_affinity_matches
from scheduler_core.plugins.tainttoleration import find_matching_untolerated_taint

# util.AddOrUpdateDaemonPodTolerations (pkg/controller/daemon/util/daemonset_util.go).
DAEMON_TOLERATIONS = (
    Toleration(key="node.kubernetes.io/not-ready", operator="Exists", effect="NoExecute"),
    Toleration(key="node.kubernetes.io/unreachable", operator="Exists", effect="NoExecute"),
    Toleration(key="node.kubernetes.io/disk-pressure", operator="Exists", effect="NoSchedule"),
    Toleration(key="node.kubernetes.io/memory-pressure", operator="Exists", effect="NoSchedule"),
    Toleration(key="node.kubernetes.io/pid-pressure", operator="Exists", effect="NoSchedule"),
    Toleration(key="node.kubernetes.io/unschedulable", operator="Exists", effect="NoSchedule"),
)


def daemon_pod_template(template: Pod) -> Pod:
    """The template with the controller's tolerations added (kept if the user already has them)."""
    extra = tuple(t for t in DAEMON_TOLERATIONS if t not in template.tolerations)
    return replace(template, tolerations=template.tolerations + extra)


def pinned(template: Pod, node: str) -> NodeAffinity:
    """ReplaceDaemonSetPodNodeNameNodeAffinity: the required terms become the node's name only."""
    term = NodeSelectorTerm(match_fields=(NodeSelectorRequirement("metadata.name", "In", (node,)),))
    preferred = template.node_affinity.preferred if template.node_affinity is not None else ()
    return NodeAffinity(required=(term,), preferred=preferred)


def target_node(pod: Pod) -> str | None:
    """The node a daemon pod is for: its nodeName, else the pinned matchFields value."""
    if pod.node_name:
        return pod.node_name
    if pod.node_affinity is None or not pod.node_affinity.required:
        return None
    for req in pod.node_affinity.required[0].match_fields:
        if req.key == "metadata.name" and req.operator == "In" and len(req.values) == 1:
            return req.values[0]
    return None


def should_run(template: Pod, node: Node) -> bool:
    """NodeShouldRunDaemonPod → predicates: fitsNodeName, fitsNodeAffinity, fitsTaints."""
    if template.node_name and template.node_name != node.name:
        return False
    if not required_node_affinity_matches(template, node):
        return False
    taint = find_matching_untolerated_taint(node.taints, template.tolerations, ("NoSchedule", "NoExecute"))
    return taint is None


def sync(ctx: Context, state: WorkloadState) -> None:
    ds = state.workload
    template = daemon_pod_template(ds.template)
    by_node: dict[str, list[PodRecord]] = {}
    for record in ctx.owned(ds):
        if is_active(record):
            by_node.setdefault(target_node(record.pod) or "", []).append(record)
    nodes = [info.node for info in ctx.host.cluster.node_list]
    for node in nodes:
        pods = by_node.pop(node.name, [])
        if should_run(template, node) and not pods:
            name = ctx.generate_name(f"{ds.name}-")
            ctx.create_pod(ds, name, f"Created pod: {name}", tolerations=template.tolerations,
                           node_affinity=pinned(template, node.name))
        surplus = pods if not should_run(template, node) else pods[1:]
        for record in surplus:
            ctx.delete_pod(ds, record, f"Deleted pod: {record.pod.name}")
    for pods in by_node.values():  # pods for nodes that no longer exist
        for record in pods:
            ctx.delete_pod(ds, record, f"Deleted pod: {record.pod.name}")
