"""Reuse of node-local Filter/Score results (framework/cache.py): never a different decision."""
from __future__ import annotations

import random
from typing import Any

import pytest

from scheduler_core import Simulation
from scheduler_core.framework.cache import NodeLocalCache
from scheduler_core.framework.interface import CycleState
from scheduler_core.objects import Pod
from scheduler_core.schedule_one import Scheduler
from tests.scheduler_core.builders import make_container, make_node, make_pod, taint
from tests.scheduler_core.simkit import of_kind, simulate


def fit_scores(sim: Simulation, pod: str) -> dict[str, int]:
    scored = of_kind(sim.events, "cycle.scored", pod=f"default/{pod}")[-1]
    return {node: s["NodeResourcesFit"] for node, s in scored["scores"].items()}


def test_pods_with_equal_requests_but_different_scoring_requests_are_scored_apart() -> None:
    # b's request-less sidecar counts 100m/200Mi for scoring only (GetNonzeroRequests).
    sim = simulate([make_node(f"n{i}") for i in range(3)], [make_pod("a", cpu="1", memory="1Gi")])
    sim.run()
    sim.add_pod(make_pod("b", containers=[make_container("c", cpu="1", memory="1Gi"), make_container("side")]))
    sim.run()
    a_node = of_kind(sim.events, "pod.bound", pod="default/a")[0]["node"]
    untouched = {n: s for n, s in fit_scores(sim, "b").items() if n != a_node}
    assert set(fit_scores(sim, "a").values()) == {85} and set(untouched.values()) == {84}


def _step_pod(sim: Simulation, name: str, **kw: Any) -> str | None:
    sim.add_pod(make_pod(name, cpu="100m", **kw))
    sim.run(until=sim.now)
    bound = of_kind(sim.events, "pod.bound", pod=f"default/{name}")
    return bound[0]["node"] if bound else None


@pytest.mark.parametrize(("command", "node_selector", "lands"), [
    pytest.param({"type": "set_node_labels", "node": "n0", "labels": {"disk": "ssd"}}, {"disk": "ssd"}, "n0",
                 id="a node given the label the pod selects becomes feasible"),
    pytest.param({"type": "set_node_taints", "node": "n1", "taints": [
        {"key": "k", "value": "v", "effect": "NoSchedule"}]}, None, "n0",
                 id="a node tainted after a cycle is rejected by the next identical pod"),
    pytest.param({"type": "cordon", "node": "n1"}, None, "n0", id="a cordoned node is rejected"),
])
def test_a_changed_node_is_evaluated_again(command: dict[str, Any], node_selector: dict[str, str] | None,
                                           lands: str) -> None:
    sim = simulate([make_node("n0", cpu="1"), make_node("n1", cpu="8")])
    _step_pod(sim, "before", node_selector=node_selector)
    sim.apply(command)
    assert _step_pod(sim, "after", node_selector=node_selector) == lands


def test_a_node_freed_by_a_deletion_fits_again() -> None:
    sim = simulate([make_node("n0", cpu="1")], [make_pod("big", cpu="1", node_name="n0")])
    assert _step_pod(sim, "p1") is None
    sim.apply({"type": "delete_pod", "pod": "default/big"})
    sim.run(until=sim.now + 60)
    assert of_kind(sim.events, "pod.bound", pod="default/p1")


# -- the cached walk equals a walk without cache, cycle by cycle ------------------------------------


def _checked(sim: Simulation, seen: list[int]) -> None:
    """Every cycle also filters with an empty cache and compares feasible nodes and statuses."""
    scheduler, find = sim.scheduler, Scheduler.find_nodes_that_fit_pod

    def both(state: CycleState, pod: Pod, cycle: int) -> Any:
        start, live, emit = scheduler.next_start_node_index, scheduler.cache, sim.emit
        scheduler.cache, sim.emit = NodeLocalCache(sim.cluster), lambda *a, **k: None  # type: ignore[method-assign]
        try:
            fresh = find(scheduler, CycleState(), pod, cycle)
        finally:
            scheduler.cache, sim.emit = live, emit  # type: ignore[method-assign]
        scheduler.next_start_node_index = start
        got = find(scheduler, state, pod, cycle)
        assert [i.name for i in got[0]] == [i.name for i in fresh[0]]
        assert list(got[1].node_to_status.items()) == list(fresh[1].node_to_status.items())
        seen.append(len(got[0]))
        return got

    scheduler.find_nodes_that_fit_pod = both  # type: ignore[method-assign]


def test_the_cached_walk_finds_the_same_nodes_as_an_uncached_one() -> None:
    rng = random.Random(7)
    nodes = [make_node(f"n{i:03}", cpu=rng.choice(["1", "2"]), taints=[taint("k")] if rng.random() < 0.2 else [],
                       unschedulable=rng.random() < 0.1) for i in range(150)]
    sim = simulate(nodes)
    seen: list[int] = []
    _checked(sim, seen)
    for i in range(120):
        sim.add_pod(make_pod(f"p{i}", rng.choice([0, 10]), cpu=rng.choice(["500m", "1"])))
        if i % 10 == 0:
            sim.apply({"type": rng.choice(["cordon", "uncordon"]), "node": f"n{rng.randrange(150):03}"})
        sim.run(until=sim.now + 1)
    assert len(seen) >= 120 and min(seen) < max(seen)
