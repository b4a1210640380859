"""ReplicaSet controller (pkg/controller/replicaset/replica_set.go: syncReplicaSet, manageReplicas)."""
from __future__ import annotations

from scheduler_core.cluster_state import PodRecord
from scheduler_core.controllers.base import Context, WorkloadState, is_active, is_ready


def sync(ctx: Context, state: WorkloadState) -> None:
    """manageReplicas: create the missing pods, or delete the surplus ones, ranked by getPodsToDelete."""
    rs = state.workload
    active = [r for r in ctx.owned(rs) if is_active(r)]
    desired = rs.replicas or 0
    diff = len(active) - desired
    for _ in range(-diff):
        name = ctx.generate_name(f"{rs.name}-")
        ctx.create_pod(rs, name, f"Created pod: {name}")
    for record in pods_to_delete(active, diff):
        ctx.delete_pod(rs, record, f"Deleted pod: {record.pod.name}")


def pods_to_delete(active: list[PodRecord], diff: int) -> list[PodRecord]:
    """getPodsToDelete with ActivePodsWithRanks: unscheduled before scheduled, pending before running,
    not ready before ready, the most recently started first, then the newest first."""
    if diff <= 0:
        return []
    order = {r.pod.key: i for i, r in enumerate(active)}

    def rank(r: PodRecord) -> tuple[bool, bool, bool, float, int]:
        started = r.pod.start_time if r.pod.start_time is not None else 0.0
        return bool(r.pod.node_name), r.phase == "Running", is_ready(r), -started, -order[r.pod.key]

    return sorted(active, key=rank)[:diff]
