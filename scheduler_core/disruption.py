"""The disruption controller (pkg/controller/disruption/disruption.go): PDB status from pods and scale.

``trySync`` per PDB: the pods its selector matches in its namespace (any phase, terminating
included); ``getExpectedPodCount``: an integer minAvailable expects every matching pod, a
percentage or maxUnavailable expects the sum of the owners' scale (``getExpectedScale``: a
Deployment's replicas for its ReplicaSets' pods, a ReplicaSet's or StatefulSet's replicas; pods
without a controller are *unmanaged* and ignored, with an ``UnmanagedPods`` warning; an owner
without a scale, e.g. a Job or DaemonSet, fails the sync, and ``failSafe`` sets disruptionsAllowed
to 0). ``countHealthyPods``: not terminating and Ready (here: Running). ``updatePdbStatus``:
disruptionsAllowed = currentHealthy − desiredHealthy, 0 when negative or when nothing is expected.

The scheduler reads the status the controller last wrote, as upstream reads it from its informer:
with ``disruption_controller_delay_seconds`` > 0 a change reaches the status only after the delay.
A PDB whose spec has neither minAvailable nor maxUnavailable keeps the status it was given.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scheduler_core.cluster_state import RUNNING, ClusterState, PdbRecord, PodRecord
from scheduler_core.objects import LabelSelector, OwnerReference, PodDisruptionBudget

# (owner reference, namespace) → (uid, scale) of the controller whose scale counts, or None.
ScaleFinder = Callable[[OwnerReference, str], "tuple[str, int] | None"]


@dataclass(frozen=True)
class PdbStatus:
    current_healthy: int
    desired_healthy: int
    expected_pods: int
    disruptions_allowed: int
    unmanaged_pods: tuple[str, ...] = ()
    error: str | None = None  # getExpectedPodCount failed: status is the failSafe one


def _scaled(value: int | str, expected: int) -> int:
    """intstr.GetScaledValueFromIntOrPercent(value, expected, roundUp=true)."""
    if isinstance(value, str) and value.endswith("%"):
        return math.ceil(int(value[:-1]) * expected / 100)
    return int(value)


def expected_scale(pods: Iterable[PodRecord], find_scale: ScaleFinder) -> tuple[int, tuple[str, ...], str | None]:
    """getExpectedScale → (expected count, unmanaged pod names, error)."""
    scales: dict[str, int] = {}
    unmanaged: list[str] = []
    for record in pods:
        ref = record.pod.controller_ref
        if ref is None:
            unmanaged.append(record.pod.name)
            continue
        if ref.uid in scales:
            continue
        found = find_scale(ref, record.pod.namespace)
        if found is None:
            return 0, tuple(unmanaged), f'found no controllers for pod "{record.pod.name}"'
        scales[found[0]] = found[1]
    return sum(scales.values()), tuple(unmanaged), None


def pdb_status(pdb: PodDisruptionBudget, pods: list[PodRecord], find_scale: ScaleFinder) -> PdbStatus:
    """trySync's arithmetic for one PDB and the pods its selector matches."""
    unmanaged: tuple[str, ...] = ()
    if pdb.max_unavailable is not None:
        expected, unmanaged, error = expected_scale(pods, find_scale)
        desired = max(0, expected - _scaled(pdb.max_unavailable, expected))
    elif isinstance(pdb.min_available, int):
        expected, desired, error = len(pods), pdb.min_available, None
    else:
        assert pdb.min_available is not None
        expected, unmanaged, error = expected_scale(pods, find_scale)
        desired = _scaled(pdb.min_available, expected)
    healthy = sum(1 for r in pods if r.deletion_timestamp is None and r.phase == RUNNING)
    if error is not None:
        return PdbStatus(healthy, desired, expected, 0, unmanaged, error)
    allowed = healthy - desired
    if expected <= 0 or allowed <= 0:
        allowed = 0
    return PdbStatus(healthy, desired, expected, allowed, unmanaged)


def matching_pods(cluster: ClusterState, pdb: PodDisruptionBudget) -> list[PodRecord]:
    """getPodsForPdb: the PDB's namespace and selector (a null selector matches nothing, an empty one all)."""
    if pdb.selector is None:
        return []
    selector = pdb.selector
    return [r for r in cluster.pods.values() if r.pod.namespace == pdb.namespace and selector.matches(r.pod.labels)]


def selector_string(selector: LabelSelector | None) -> str:
    """How Go's %v prints a *metav1.LabelSelector (the generated String method)."""
    if selector is None:
        return "nil"
    labels = "".join(f"{k}: {v}," for k, v in sorted(selector.match_labels))
    exprs = "".join(
        f"LabelSelectorRequirement{{Key:{r.key},Operator:{r.operator},Values:[{' '.join(r.values)}],}},"
        for r in selector.match_expressions
    )
    return (f"&LabelSelector{{MatchLabels:map[string]string{{{labels}}},"
            f"MatchExpressions:[]LabelSelectorRequirement{{{exprs}}},}}")


def unmanaged_pods_message(pdb: PodDisruptionBudget) -> str:
    return (f"Pods selected by this PodDisruptionBudget (selector: {selector_string(pdb.selector)}) were found "
            "to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result "
            "in undefined behavior. To account for these pods please set \".spec.minAvailable\" field of the PDB "
            "to an integer value.")


def has_spec(pdb: PodDisruptionBudget) -> bool:
    return pdb.min_available is not None or pdb.max_unavailable is not None


def sync(cluster: ClusterState, record: PdbRecord, find_scale: ScaleFinder) -> tuple[bool, list[tuple[str, str, str]]]:
    """One PDB's trySync: writes the status; returns (status changed, k8s events (type, reason, message))."""
    pdb = record.pdb
    pods = matching_pods(cluster, pdb)
    status = pdb_status(pdb, pods, find_scale)
    events: list[tuple[str, str, str]] = []
    if not pods:
        events.append(("Normal", "NoPods", "No matching pods found"))
    if status.error is not None:
        events.append(("Warning", "CalculateExpectedPodCountFailed",
                       f"Failed to calculate the number of expected pods: {status.error}"))
    elif status.unmanaged_pods:
        events.append(("Warning", "UnmanagedPods", unmanaged_pods_message(pdb)))
    new = (status.current_healthy, status.desired_healthy, status.expected_pods, status.disruptions_allowed)
    old = (record.current_healthy, record.desired_healthy, record.expected_pods, record.disruptions_allowed)
    if status.error is not None:  # failSafe: only disruptionsAllowed is written
        new = (*old[:3], 0)
    record.current_healthy, record.desired_healthy, record.expected_pods, record.disruptions_allowed = new
    return new != old, events
