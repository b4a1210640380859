"""Evaluator.Preempt (framework/preemption/preemption.go) for the DefaultPreemption plugin."""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from scheduler_core.cluster_state import ClusterState, PdbRecord
from scheduler_core.diagnosis import Diagnosis, fit_error_message
from scheduler_core.framework.interface import Code, CycleState, Status, trace_statuses
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.framework.runtime import Framework
from scheduler_core.objects import PREEMPT_NEVER, Pod
from scheduler_core.preemption.victims import (
    MAX_INT32,
    Victims,
    select_victims_on_node,
)
from scheduler_core.preemption.whatif import ResourceOnlyVictims, VictimsMemo

NOT_HELPFUL = "Preemption is not helpful for scheduling"
# The criteria pickOneNodeForPreemption decides by, in order; the trace's `criterion` is one of
# them. The one definition: lessons, the lesson schema and the browser (events.gen.ts, generated) use it.
CRITERIA = (
    "onlyCandidate", "fewestPDBViolations", "lowestHighestPriority", "smallestPrioritySum",
    "fewestVictims", "latestStartTime", "random",
)
NOT_ELIGIBLE_NEVER = "not eligible due to preemptionPolicy=Never."
NOT_ELIGIBLE_TERMINATING = "not eligible due to a terminating pod on the nominated node."


@dataclass
class Candidate:
    node: str
    victims: list[Pod]
    num_pdb_violations: int
    found: Victims | None = None  # what SelectVictimsOnNode returned (victims = found.pods)

    def summary(self, now: float) -> dict[str, Any]:
        if self.found is None or self.found.pods is not self.victims:
            self.found = Victims(self.victims, self.num_pdb_violations)
        return self.found.summary(now)

    def to_json(self, now: float) -> dict[str, Any]:
        summary = self.summary(now)
        return {"node": self.node, **summary, "victims": list(summary["victims"])}


@dataclass
class PreemptionOutcome:
    nominating: str | None  # None: leave the nomination alone; "": clear it; else the chosen node
    status: Status
    chosen: Candidate | None = None
    trace: dict[str, Any] = field(default_factory=dict)


class Evaluator:
    def __init__(self, framework: Framework, cluster: ClusterState, rng: random.Random,
                 now: Callable[[], float], min_percentage: int = 10, min_absolute: int = 100,
                 memo: VictimsMemo | None = None, nominated_nodes: Collection[str] | None = None) -> None:
        self.framework = framework
        self.cluster = cluster
        self.rng = rng
        self.now = now
        self.min_percentage = min_percentage
        self.min_absolute = min_absolute
        self.memo = memo  # what-if results kept between PostFilter calls (preemption/whatif.py)
        self.nominated_nodes = nominated_nodes  # the nominator's nodes, if known: others have none

    def preempt(self, state: CycleState, pod: Pod, diagnosis: Diagnosis) -> PreemptionOutcome:
        pod = self.cluster.pods[pod.key].pod  # re-read: fresh nominatedNodeName
        trace: dict[str, Any] = {"eligible": True, "potentialNodes": 0, "numCandidates": 0, "offset": None,
                                 "candidates": [], "chosen": None, "criterion": None, "victims": [],
                                 "statuses": {}, "verdicts": []}
        eligible, message = self.pod_eligible_to_preempt_others(pod, diagnosis)
        if not eligible:
            trace["eligible"] = False
            return PreemptionOutcome(None, Status.unschedulable(message), None, trace)
        candidates, statuses, errors = self.find_candidates(state, pod, diagnosis, trace)
        trace.update(trace_statuses(itertools.islice(statuses.items(), 100)))
        trace["candidates"] = [c.to_json(self.now()) for c in candidates[:100]]
        if errors and not candidates:
            text = errors[0] if len(errors) == 1 else "[" + ", ".join(errors) + "]"
            return PreemptionOutcome(None, Status.error(text), None, trace)
        if not candidates:
            fit = Diagnosis(node_to_status=statuses, absent_status=Status.unresolvable(NOT_HELPFUL))
            return PreemptionOutcome("", Status.unschedulable(fit_error_message(fit, len(self.cluster.node_list))),
                                     None, trace)
        chosen, criterion = self.select_candidate(candidates)
        trace["chosen"], trace["criterion"] = chosen.node, criterion
        trace["victims"] = [v.key for v in chosen.victims]
        if chosen.found is not None and chosen.found.reprieve_order:
            order = chosen.found.reprieve_order
            trace["reprieve"] = {"order": [p.key for p in order[:100]], "pdbViolating": chosen.found.pdb_violating}
        return PreemptionOutcome(chosen.node, Status.success(), chosen, trace)

    def pod_eligible_to_preempt_others(self, pod: Pod, diagnosis: Diagnosis) -> tuple[bool, str]:
        """PodEligibleToPreemptOthers."""
        if pod.preemption_policy == PREEMPT_NEVER:
            return False, NOT_ELIGIBLE_NEVER
        nominated = pod.nominated_node_name
        if nominated:
            if diagnosis.status_of(nominated).code == Code.UNSCHEDULABLE_AND_UNRESOLVABLE:
                return True, ""
            info = self.cluster.node_infos.get(nominated)
            if info is not None:
                for other in info.pods.values():
                    record = self.cluster.pods.get(other.key)
                    # upstream: isPreemptionAllowed: lower priority and IsEligiblePod (default true)
                    if other.priority < pod.priority and record is not None and record.terminating_by_preemption:
                        return False, NOT_ELIGIBLE_TERMINATING
        return True, ""

    def potential_nodes(self, diagnosis: Diagnosis) -> list[NodeInfo]:
        """NodesForStatusCode(Unschedulable), in snapshot order (upstream: map order)."""
        get = diagnosis.node_to_status.get
        unschedulable = Code.UNSCHEDULABLE
        nodes = self.cluster.node_list
        if diagnosis.absent_status.code == unschedulable:
            return [info for info in nodes if (s := get(info.node.name)) is None or s.code == unschedulable]
        return [info for info in nodes if (s := get(info.node.name)) is not None and s.code == unschedulable]

    # upstream: preemption.go calculateNumCandidates (GetOffsetAndNumCandidates: the offset is drawn in find_candidates)
    def calculate_num_candidates(self, num_nodes: int) -> int:
        n = num_nodes * self.min_percentage // 100
        return min(max(n, self.min_absolute), num_nodes)

    # upstream: preemption.go findCandidates (nodesWherePreemptionMightHelp before v1.32: the nodes rejected as Unschedulable)
    def find_candidates(
        self, state: CycleState, pod: Pod, diagnosis: Diagnosis, trace: dict[str, Any]
    ) -> tuple[list[Candidate], dict[str, Status], list[str]]:
        potential = self.potential_nodes(diagnosis)
        trace["potentialNodes"] = len(potential)
        if not potential:
            return [], {}, []
        pdbs = list(self.cluster.pdbs.values())
        offset = self.rng.randrange(len(potential))  # rand.Int31n
        num = self.calculate_num_candidates(len(potential))
        trace["offset"], trace["numCandidates"] = offset, num
        return self.dry_run_preemption(state, pod, potential, pdbs, offset, num)

    def dry_run_preemption(
        self, state: CycleState, pod: Pod, potential: list[NodeInfo], pdbs: list[PdbRecord], offset: int, num: int
    ) -> tuple[list[Candidate], dict[str, Status], list[str]]:
        """DryRunPreemption: stop once a non-violating candidate exists and enough were found."""
        # upstream: DryRunPreemption nonViolating / violating candidates
        non_violating: list[Candidate] = []
        violating: list[Candidate] = []
        statuses: dict[str, Status] = {}
        errors: list[str] = []
        now = self.now()
        fast = ResourceOnlyVictims.for_cycle(self.framework, state, pod, pdbs, self.memo, self.nominated_nodes)
        for i in range(len(potential)):
            info = potential[(offset + i) % len(potential)]
            found = fast.select(info, pdbs, now) if fast is not None else None
            if found is None:
                found = select_victims_on_node(self.framework, state.clone(), pod, info.clone(), pdbs, now)
            victims, status = found
            if status.is_success and victims is not None and victims.pods:
                target = non_violating if victims.num_pdb_violations == 0 else violating
                if len(target) < num:
                    target.append(Candidate(info.name, victims.pods, victims.num_pdb_violations, victims))
                if non_violating and len(non_violating) + len(violating) >= num:
                    break
                continue
            if status.is_success:
                status = Status.error(f'expected at least one victim pod on node "{info.name}"')
            if status.code == Code.ERROR:
                errors.append(status.message)
            statuses[info.name] = status
        return non_violating + violating, statuses, errors

    def select_candidate(self, candidates: list[Candidate]) -> tuple[Candidate, str]:
        """SelectCandidate / pickOneNodeForPreemption."""
        if len(candidates) == 1:
            return candidates[0], "onlyCandidate"
        now = self.now()

        def earliest(c: Candidate) -> float:
            value = c.summary(now)["earliestStartTime"]
            return float("-inf") if value is None else value

        criteria: list[tuple[str, Callable[[Candidate], float]]] = [
            ("fewestPDBViolations", lambda c: -c.num_pdb_violations),
            ("lowestHighestPriority", lambda c: -c.victims[0].priority),
            # Σ (priority + MaxInt32 + 1), exact in Python ints
            ("smallestPrioritySum", lambda c: -(c.summary(now)["prioritySum"] + len(c.victims) * (MAX_INT32 + 1))),
            ("fewestVictims", lambda c: -len(c.victims)),
            ("latestStartTime", earliest),
        ]
        remaining = list(candidates)
        for name, score in criteria:
            scores = list(map(score, remaining))
            best = max(scores)
            remaining = [c for c, s in zip(remaining, scores) if s == best]
            if len(remaining) == 1:
                return remaining[0], name
        return remaining[self.rng.randrange(len(remaining))], "random"
