"""The scheduling cycle: how many nodes are searched, messages, host selection, round robin."""
from __future__ import annotations

import random

import pytest

from scheduler_core.diagnosis import Diagnosis, fit_error_message, truncate_message
from scheduler_core.framework.interface import Status
from scheduler_core.schedule_one import num_feasible_nodes_to_find
from tests.scheduler_core.builders import make_node, make_pod
from tests.scheduler_core.simkit import of_kind, simulate


@pytest.mark.parametrize(("percentage", "nodes", "expected"), [
    pytest.param(0, 50, 50, id="below 100 nodes every node is searched"),
    pytest.param(0, 100, 100, id="100 nodes at 49 percent still searches the minimum of 100"),
    pytest.param(0, 1000, 420, id="1000 nodes adaptively search 42 percent"),
    pytest.param(0, 5000, 500, id="5000 nodes adaptively search 10 percent"),
    pytest.param(0, 6000, 300, id="from 5625 nodes the adaptive percentage bottoms out at 5"),
    pytest.param(50, 1000, 500, id="an explicit percentage is used as given"),
    pytest.param(1, 1000, 100, id="an explicit percentage never searches fewer than 100 nodes"),
])
def test_num_feasible_nodes_to_find(percentage: int, nodes: int, expected: int) -> None:
    assert num_feasible_nodes_to_find(percentage, nodes) == expected


def test_fit_error_after_a_pre_filter_rejection_shows_only_the_pre_filter_message() -> None:
    d = Diagnosis(absent_status=Status.unresolvable("pod affinity terms conflict"),
                  pre_filter_msg="pod affinity terms conflict")
    assert fit_error_message(d, 3) == "0/3 nodes are available: pod affinity terms conflict."


def test_fit_error_appends_the_post_filter_message_after_a_space() -> None:
    d = Diagnosis(node_to_status={"n1": Status.unschedulable("Insufficient cpu", "Insufficient memory")},
                  post_filter_msg="preemption: not eligible due to preemptionPolicy=Never.")
    assert fit_error_message(d, 1) == (
        "0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory. "
        "preemption: not eligible due to preemptionPolicy=Never.")


def test_event_messages_are_truncated_to_1024_characters() -> None:
    assert truncate_message("x" * 2000) == "x" * 1020 + " ..."


def test_ties_are_broken_by_the_seeded_rng_the_same_way_every_run() -> None:
    def chosen(seed: int) -> list[str]:
        sim = simulate([make_node(f"n{i}") for i in range(5)], [make_pod(f"p{i}") for i in range(6)], seed=seed)
        sim.run()
        return [e["node"] for e in of_kind(sim.events, "pod.bound")]
    assert chosen(1) == chosen(1)
    assert len({tuple(chosen(s)) for s in range(6)}) > 1


def test_reservoir_sampling_picks_each_tied_node_about_equally_often() -> None:
    sim = simulate([make_node(f"n{i}") for i in range(3)])
    feasible = sim.cluster.node_list
    sim.rng = random.Random(0)
    counts = {n.name: 0 for n in feasible}
    for _ in range(3000):
        counts[sim.scheduler.select_host(feasible, {"n0": 7, "n1": 7, "n2": 7})[0]] += 1
    assert all(900 < c < 1100 for c in counts.values())


def test_the_search_starts_where_the_previous_cycle_stopped() -> None:
    nodes = [make_node(f"n{i:03}", cpu="1") for i in range(200)]
    sim = simulate(nodes, [make_pod("a", cpu="1"), make_pod("b", cpu="1")])
    sim.step()
    first = of_kind(sim.events, "cycle.filtered")[0]
    assert first["evaluated"] == 100 and first["feasible"][0] == "n000"
    sim.step()
    assert of_kind(sim.events, "cycle.filtered")[1]["feasible"][0] == "n100"


def test_zero_nodes_fails_with_no_nodes_available_and_no_preemption() -> None:
    sim = simulate([], [make_pod("p", 100)])
    sim.step()
    assert not of_kind(sim.events, "preemption.evaluated")
    assert of_kind(sim.events, "cycle.finished")[0]["result"] == "unschedulable"


@pytest.mark.parametrize(("priority", "fits"), [
    pytest.param(5, False, id="a lower-priority pod sees the nominated pod and does not take its space"),
    pytest.param(10, False, id="an equal-priority pod also respects the nomination"),
    pytest.param(20, True, id="a higher-priority pod ignores the nomination and takes the space"),
])
def test_filters_count_nominated_pods_of_at_least_the_same_priority(priority: int, fits: bool) -> None:
    sim = simulate([make_node("n1", cpu="1")], [make_pod("nominee", 10, cpu="1", nominated_node_name="n1"),
                                                make_pod("p", priority, cpu="1")])
    sim.queue.delete("default/nominee")  # keep it out of the way, nominated but not queued
    sim.queue.nominator.add("default/nominee", "n1")
    sim.step()
    assert bool(of_kind(sim.events, "pod.bound", pod="default/p")) is fits
