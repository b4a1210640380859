"""DefaultPreemption helpers in isolation (default_preemption_test.go style tables)."""
from __future__ import annotations

import random

import pytest

from scheduler_core.cluster_state import ClusterState, PdbRecord
from scheduler_core.framework.runtime import Framework
from scheduler_core.objects import Cluster, LabelSelector, PodDisruptionBudget
from scheduler_core.preemption.evaluator import Candidate, Evaluator
from scheduler_core.preemption.victims import (
    earliest_start_time_of_highest_priority,
    filter_pods_with_pdb_violation,
    sort_by_importance,
)
from tests.scheduler_core.builders import make_pod


def _evaluator(percentage: int = 10, absolute: int = 100) -> Evaluator:
    return Evaluator(Framework([], {}), ClusterState(Cluster()), random.Random(0), lambda: 0.0, percentage, absolute)


@pytest.mark.parametrize(("nodes", "percentage", "absolute", "expected"), [
    pytest.param(5, 40, 1, 2, id="40 percent of 5 nodes is 2"),
    pytest.param(5, 10, 100, 5, id="the absolute minimum is capped at the number of nodes"),
    pytest.param(1000, 10, 100, 100, id="10 percent of 1000 equals the minimum of 100"),
    pytest.param(5000, 10, 100, 500, id="10 percent of 5000 is 500"),
    pytest.param(1, 0, 0, 0, id="zero percent and zero minimum gives zero"),
])
def test_calculate_num_candidates(nodes: int, percentage: int, absolute: int, expected: int) -> None:
    assert _evaluator(percentage, absolute).calculate_num_candidates(nodes) == expected


def test_more_important_pods_sort_first_by_priority_then_earlier_start() -> None:
    pods = [make_pod("new", 1, start_time=-1), make_pod("high", 5, start_time=0), make_pod("old", 1, start_time=-9)]
    assert [p.name for p in sort_by_importance(pods, 0.0)] == ["high", "old", "new"]


def test_a_pod_without_start_time_counts_as_started_now() -> None:
    pods = [make_pod("unknown", 1), make_pod("started", 1, start_time=5.0)]
    assert [p.name for p in sort_by_importance(pods, 10.0)] == ["started", "unknown"]


APP_A = LabelSelector(match_labels=(("app", "a"),))


def _pdb(allowed: int, namespace: str = "default", disrupted: tuple[str, ...] = (),
         selector: LabelSelector | None = APP_A) -> PdbRecord:
    return PdbRecord(PodDisruptionBudget("b", namespace, selector, disrupted_pods=disrupted), allowed)


@pytest.mark.parametrize(("pdbs", "violating"), [
    pytest.param([_pdb(1)], ["y"], id="budget 1: the more important pod uses it, the other violates"),
    pytest.param([_pdb(2)], [], id="budget 2 covers both pods"),
    pytest.param([_pdb(0, namespace="other")], [], id="a PDB in another namespace does not apply"),
    pytest.param([_pdb(0, selector=LabelSelector())], [], id="an empty selector matches nothing"),
    pytest.param([_pdb(0, disrupted=("x", "y"))], [], id="pods already in disruptedPods do not count"),
    pytest.param([_pdb(1), _pdb(0)], ["x", "y"], id="a pod matching two PDBs consumes both budgets"),
])
def test_filter_pods_with_pdb_violation(pdbs: list[PdbRecord], violating: list[str]) -> None:
    pods = [make_pod("x", 1, labels={"app": "a"}), make_pod("y", 1, labels={"app": "a"}), make_pod("z", 1)]
    bad, good = filter_pods_with_pdb_violation(pods, pdbs)
    assert [p.name for p in bad] == violating
    assert [p.name for p in good] == [p.name for p in pods if p.name not in violating]


def test_earliest_start_time_looks_only_at_the_highest_priority_victims() -> None:
    victims = [make_pod("a", 5, start_time=-3), make_pod("b", 5, start_time=-7), make_pod("c", 1, start_time=-99)]
    assert earliest_start_time_of_highest_priority(victims, 0.0) == -7


@pytest.mark.parametrize(("candidates", "node", "criterion"), [
    pytest.param([("a", [5], 1), ("b", [9], 0)], "b", "fewestPDBViolations", id="fewest PDB violations first"),
    pytest.param([("a", [5], 0), ("b", [3, 3], 0)], "b", "lowestHighestPriority",
                 id="then the lowest priority of the most important victim"),
    pytest.param([("a", [3, 1], 0), ("b", [3, 2], 0)], "a", "smallestPrioritySum", id="then the smallest priority sum"),
    pytest.param([("a", [3, -5, -5], 0), ("b", [3, -5], 0)], "b", "smallestPrioritySum",
                 id="the sum is shifted by 2^31 so negative victims still add cost"),
])
def test_pick_one_node_for_preemption(candidates: list[tuple[str, list[int], int]], node: str, criterion: str) -> None:
    cands = [Candidate(n, [make_pod(f"{n}{i}", p, start_time=-1) for i, p in enumerate(prios)], v)
             for n, prios, v in candidates]
    chosen, why = _evaluator().select_candidate(cands)
    assert (chosen.node, why) == (node, criterion)


def test_a_complete_tie_is_broken_by_the_run_rng() -> None:
    cands = [Candidate(n, [make_pod(f"{n}v", 1, start_time=-1)], 0) for n in ("a", "b", "c")]
    picks = set()
    for seed in range(10):
        evaluator = _evaluator()
        evaluator.rng = random.Random(seed)
        chosen, why = evaluator.select_candidate(cands)
        picks.add(chosen.node)
        assert why == "random"
    assert len(picks) > 1
