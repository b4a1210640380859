"""A minimal disruption controller (pkg/controller/disruption): status.disruptionsAllowed from spec.

expected = pods matching the selector in the PDB's namespace (not deleted); healthy = running and
not terminating. Percentages round up (GetScaledValueFromIntOrPercent(..., true)). A PDB whose spec
has neither minAvailable nor maxUnavailable keeps the status value it was given.
"""
from __future__ import annotations

import math

from scheduler_core.cluster_state import RUNNING, ClusterState, PdbRecord
from scheduler_core.objects import PodDisruptionBudget


def _scaled(value: int | str, expected: int) -> int:
    if isinstance(value, str) and value.endswith("%"):
        return math.ceil(int(value[:-1]) * expected / 100)
    return int(value)


def disruptions_allowed(pdb: PodDisruptionBudget, expected: int, healthy: int) -> int:
    if pdb.min_available is not None:
        desired = _scaled(pdb.min_available, expected)
    else:
        assert pdb.max_unavailable is not None
        desired = expected - _scaled(pdb.max_unavailable, expected)
    return max(0, healthy - desired)


def recompute(cluster: ClusterState) -> list[PdbRecord]:
    """Recompute every PDB with a spec; return the records whose value changed."""
    changed = []
    for record in cluster.pdbs.values():
        pdb = record.pdb
        if pdb.min_available is None and pdb.max_unavailable is None:
            continue
        expected = healthy = 0
        for pod_record in cluster.pods.values():
            pod = pod_record.pod
            if pod.namespace != pdb.namespace or pod_record.phase == "Deleted":
                continue
            if pdb.selector is None or not pdb.selector.matches(pod.labels):
                continue
            expected += 1
            if pod_record.phase == RUNNING and pod_record.deletion_timestamp is None:
                healthy += 1
        value = disruptions_allowed(pdb, expected, healthy)
        if value != record.disruptions_allowed:
            record.disruptions_allowed = value
            changed.append(record)
    return changed
