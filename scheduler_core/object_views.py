"""JSON views of objects as docs/events.md defines them (PodView, NodeView, State)."""
from __future__ import annotations

from typing import Any

from scheduler_core.cluster_state import ClusterState, PdbRecord, PodRecord
from scheduler_core.objects import LabelSelector, Namespace, Node, Pod, PriorityClass


def t(value: float | None) -> float | None:
    """Virtual times in events: seconds, millisecond precision."""
    return None if value is None else round(value, 3)


def pod_view(record: PodRecord, queue: str | None) -> dict[str, Any]:
    pod = record.pod
    return {
        "key": pod.key, "name": pod.name, "namespace": pod.namespace, "uid": pod.uid,
        "labels": dict(pod.labels), "priority": pod.priority, "priorityClassName": pod.priority_class_name,
        "preemptionPolicy": pod.preemption_policy, "requests": dict(sorted(pod.requests.items())),
        "nodeName": pod.node_name or None, "nominatedNodeName": pod.nominated_node_name or None,
        "phase": record.phase, "queue": queue, "startTime": t(pod.start_time) if pod.node_name else None,
        "deletionTimestamp": t(record.deletion_timestamp), "preemptedBy": record.preempted_by,
        "schedulingGates": list(pod.scheduling_gates),
        **_owner(pod),
    }


def _owner(pod: Pod) -> dict[str, Any]:
    """PodView.owner only for pods a controller owns, so views of bare pods stay as they were."""
    ref = pod.controller_ref
    return {"owner": {"kind": ref.kind, "name": ref.name}} if ref is not None else {}


def node_view(node: Node) -> dict[str, Any]:
    return {
        "name": node.name, "labels": dict(node.labels), "allocatable": dict(sorted(node.allocatable.items())),
        "taints": [{"key": x.key, "value": x.value, "effect": x.effect} for x in node.taints],
        "unschedulable": node.unschedulable,
    }


def namespace_view(namespace: Namespace) -> dict[str, Any]:
    view: dict[str, Any] = {"name": namespace.name, "labels": dict(namespace.labels)}
    if namespace.deletion_timestamp is not None:  # Terminating
        view["deletionTimestamp"] = t(namespace.deletion_timestamp)
    return view


def selector_view(selector: LabelSelector | None) -> dict[str, Any] | None:
    if selector is None:
        return None
    return {
        "matchLabels": dict(selector.match_labels),
        "matchExpressions": [{"key": r.key, "operator": r.operator, "values": list(r.values)}
                             for r in selector.match_expressions],
    }


def pdb_view(record: PdbRecord) -> dict[str, Any]:
    pdb = record.pdb
    return {
        "key": pdb.key, "name": pdb.name, "namespace": pdb.namespace, "selector": selector_view(pdb.selector),
        "minAvailable": pdb.min_available, "maxUnavailable": pdb.max_unavailable,
        "disruptionsAllowed": record.disruptions_allowed, "disruptedPods": list(pdb.disrupted_pods),
        "currentHealthy": record.current_healthy, "desiredHealthy": record.desired_healthy,
        "expectedPods": record.expected_pods,
    }


def priority_class_view(pc: PriorityClass) -> dict[str, Any]:
    return {"name": pc.name, "value": pc.value, "globalDefault": pc.global_default,
            "preemptionPolicy": pc.preemption_policy, "description": pc.description}


def cluster_views(cluster: ClusterState) -> dict[str, Any]:
    return {
        "nodes": [node_view(info.node) for info in cluster.node_list],
        "priorityClasses": [priority_class_view(pc) for pc in cluster.priority_classes.values()],
        "pdbs": [pdb_view(record) for record in cluster.pdbs.values()],
        "namespaces": [namespace_view(ns) for ns in cluster.namespaces.values()],
    }
