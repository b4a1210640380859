"""SelectVictimsOnNode and its helpers (defaultpreemption/default_preemption.go, util/utils.go)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scheduler_core.cluster_state import PdbRecord
from scheduler_core.framework.interface import CycleState, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.framework.runtime import Framework
from scheduler_core.objects import Pod

NO_VICTIMS = "No preemption victims found for incoming pod"
MAX_INT32 = 2**31 - 1


def pod_start_time(pod: Pod, now: float) -> float:
    """GetPodStartTime: a pod without startTime counts as now."""
    return pod.start_time if pod.start_time is not None else now


def more_important_pod(a: Pod, b: Pod, now: float) -> bool:
    """MoreImportantPod: higher priority, then earlier start time."""
    if a.priority != b.priority:
        return a.priority > b.priority
    return pod_start_time(a, now) < pod_start_time(b, now)


def sort_by_importance(pods: Sequence[Pod], now: float) -> list[Pod]:
    """Most important first (a stable sort by MoreImportantPod: the key orders exactly as it does)."""
    return sorted(pods, key=lambda p: (-p.priority, pod_start_time(p, now)))


def filter_pods_with_pdb_violation(pods: Sequence[Pod], pdbs: Sequence[PdbRecord]) -> tuple[list[Pod], list[Pod]]:
    """filterPodsWithPDBViolation → (violating, non-violating), each keeping the given order."""
    allowed = [record.disruptions_allowed for record in pdbs]
    violating: list[Pod] = []
    non_violating: list[Pod] = []
    for pod in pods:
        violated = False
        if pod.labels:
            for i, record in enumerate(pdbs):
                pdb = record.pdb
                if pdb.namespace != pod.namespace:
                    continue
                if pdb.selector is None or pdb.selector.is_empty or not pdb.selector.matches(pod.labels):
                    continue
                if pod.name in pdb.disrupted_pods:
                    continue
                allowed[i] -= 1
                if allowed[i] < 0:
                    violated = True
        (violating if violated else non_violating).append(pod)
    return violating, non_violating


@dataclass
class Victims:
    pods: list[Pod]
    num_pdb_violations: int
    # SelectVictimsOnNode's reprieve order: the lower-priority pods whose removal would violate a PDB
    # first (the first `pdb_violating` of them), then the rest, each by importance (MoreImportantPod).
    reprieve_order: list[Pod] = field(default_factory=list, repr=False, compare=False)
    pdb_violating: int = field(default=0, repr=False, compare=False)
    _summary: tuple[float, dict[str, Any]] | None = field(default=None, repr=False, compare=False)

    def summary(self, now: float) -> dict[str, Any]:
        """What the trace and pickOneNodeForPreemption read of these victims, computed once per
        ``now`` (a Victims object may serve several preemptors: preemption/whatif.py)."""
        if self._summary is None or self._summary[0] != now:
            pods = self.pods
            self._summary = (now, {
                "victims": [v.key for v in pods],
                "numPDBViolations": self.num_pdb_violations,
                "highestPriority": pods[0].priority,
                "prioritySum": sum(v.priority for v in pods),
                "earliestStartTime": earliest_start_time_of_highest_priority(pods, now),
            })
        return self._summary[1]


def select_victims_on_node(
    fw: Framework, state: CycleState, pod: Pod, info: NodeInfo, pdbs: Sequence[PdbRecord], now: float
) -> tuple[Victims | None, Status]:
    """SelectVictimsOnNode on copies: remove all lower-priority pods, then reprieve greedily."""
    chain = fw.filter_chain(state)
    potential = [p for p in info.pods.values() if p.priority < pod.priority]
    if not potential:
        return None, Status.unresolvable(NO_VICTIMS)
    for victim in potential:
        info.remove_pod(victim)
        status = fw.run_pre_filter_extension_remove_pod(state, pod, victim, info)
        if not status.is_success:
            return None, Status.error(status.message)
    status = fw.run_filter_plugins_with_nominated_pods(chain, state, pod, info)
    if not status.is_success:
        return None, status
    potential = sort_by_importance(potential, now)
    violating, non_violating = filter_pods_with_pdb_violation(potential, pdbs)
    victims: list[Pod] = []

    def reprieve(p: Pod) -> bool:
        info.add_pod(p)
        fw.run_pre_filter_extension_add_pod(state, pod, p, info)
        fits = fw.run_filter_plugins_with_nominated_pods(chain, state, pod, info).is_success
        if not fits:
            info.remove_pod(p)
            fw.run_pre_filter_extension_remove_pod(state, pod, p, info)
            victims.append(p)
        return fits

    num_violations = sum(1 for p in violating if not reprieve(p))
    for p in non_violating:
        reprieve(p)
    if violating and non_violating:
        victims = sort_by_importance(victims, now)
    return Victims(victims, num_violations, violating + non_violating, len(violating)), Status.success()


def earliest_start_time_of_highest_priority(victims: Sequence[Pod], now: float) -> float | None:
    """GetEarliestPodStartTime: among the highest-priority victims, the earliest start time."""
    if not victims:
        return None
    top = max(p.priority for p in victims)
    return min(p.start_time if p.start_time is not None else now for p in victims if p.priority == top)
