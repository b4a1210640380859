"""StatefulSet controller (pkg/controller/statefulset/stateful_set_control.go: updateStatefulSet).

Pods are ``<set>-<ordinal>``. OrderedReady (``monotonic``): create ordinals 0..replicas-1 one at a
time, each only when every lower ordinal is Running and Ready; a missing pod (evicted, deleted) is
re-created under its old name once the old object is gone; scale down removes the highest ordinal
first, one at a time. Parallel: all at once.
"""
from __future__ import annotations

import re

from scheduler_core.cluster_state import PodRecord
from scheduler_core.controllers.base import Context, WorkloadState, is_ready


def ordinal(set_name: str, pod_name: str) -> int | None:
    """getOrdinal: the trailing integer of ``<set>-<n>``; None for a pod that is not the set's."""
    match = re.fullmatch(re.escape(set_name) + r"-(0|[1-9][0-9]*)", pod_name)
    return int(match.group(1)) if match else None


def sync(ctx: Context, state: WorkloadState) -> None:
    sts = state.workload
    monotonic = sts.pod_management_policy == "OrderedReady"
    replicas: dict[int, PodRecord] = {}
    condemned: list[tuple[int, PodRecord]] = []
    for record in ctx.owned(sts):
        n = ordinal(sts.name, record.pod.name)
        if n is None:
            continue
        if n < (sts.replicas or 0):
            replicas[n] = record
        else:
            condemned.append((n, record))
    for n in range(sts.replicas or 0):
        current = replicas.get(n)
        if current is None:
            name = f"{sts.name}-{n}"
            if any(r.pod.name == name and r.pod.namespace == sts.namespace for r in ctx.host.cluster.pods.values()):
                if monotonic:
                    return  # an object of that name still exists (not ours to take): wait
                continue
            ctx.create_pod(sts, name, f"create Pod {name} in StatefulSet {sts.name} successful")
            if monotonic:
                return
            continue
        if monotonic and not is_ready(current):
            return  # wait for this ordinal to be Running and Ready (or gone) before the next one
    for n, record in sorted(condemned, key=lambda item: -item[0]):
        if record.deletion_timestamp is not None:
            if monotonic:
                return
            continue
        ctx.delete_pod(sts, record, f"delete Pod {record.pod.name} in StatefulSet {sts.name} successful")
        if monotonic:
            return
