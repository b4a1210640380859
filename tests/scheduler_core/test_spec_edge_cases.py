"""SCHEDULER_SPEC.md §8: every numbered edge case a simulator is likely to get wrong.

Items 17–23 (queue) are also covered in depth by test_queue.py; here each has one end-to-end check.
"""
from __future__ import annotations

from typing import Any, cast

import pytest

from scheduler_core import SchedulerConfig, Simulation
from scheduler_core.framework.cluster_events import UNSCHEDULABLE_TIMEOUT
from scheduler_core.framework.interface import CycleState, Status
from scheduler_core.objects import (
    LabelSelector,
    NodeAffinity,
    NodeSelectorRequirement,
    NodeSelectorTerm,
    PodAffinity,
    PodAffinityTerm,
    PodDisruptionBudget,
)
from scheduler_core.preemption.evaluator import Evaluator
from scheduler_core.queue.queued_pod_info import backoff_duration
from tests.scheduler_core.builders import make_node, make_pod, taint
from tests.scheduler_core.simkit import k8s_messages, of_kind, simulate

HOST = "kubernetes.io/hostname"


def running(name: str, node: str, priority: int, cpu: str, start: float = -100.0, **kw: Any) -> Any:
    return make_pod(name, priority, cpu=cpu, node_name=node, start_time=start, **kw)


def first_failure(sim: Simulation, pod: str = "default/p") -> str:
    sim.step()
    return k8s_messages(sim, "FailedScheduling", pod)[0]


def evaluated(sim: Simulation) -> dict[str, Any]:
    return of_kind(sim.events, "preemption.evaluated")[0]


# ---- 1–3, 7 (affinity), 14: the FailedScheduling text of preemption failures -----------------

MESSAGE_CASES = [
    pytest.param(
        [make_node("n1", cpu="2")], [running("r", "n1", 10, "2")], make_pod("p", 10, cpu="1"),
        "0/1 nodes are available: 1 Insufficient cpu. "
        "no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
        id="1: a pod of equal priority is never a victim"),
    pytest.param(
        [make_node("n1", cpu="2", taints=[taint("k", "v")]), make_node("n2", cpu="2")],
        [running("r", "n2", 10, "2")], make_pod("p", 10, cpu="1"),
        "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {k: v}. "
        "no new claims to deallocate, preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, "
        "1 Preemption is not helpful for scheduling.",
        id="2: a node rejected as UnschedulableAndUnresolvable is never tried"),
    pytest.param(
        [make_node("n1", cpu="4", taints=[taint("k", "v")]), make_node("n2", cpu="4", taints=[taint("k", "v")]),
         make_node("n3", cpu="4"), make_node("n4", cpu="4")],
        [running("h3", "n3", 100, "3"), running("l3", "n3", 1, "1"),
         running("h4", "n4", 100, "3"), running("l4", "n4", 1, "1")],
        make_pod("p", 50, cpu="2"),
        "0/4 nodes are available: 2 Insufficient cpu, 2 node(s) had untolerated taint {k: v}. "
        "no new claims to deallocate, preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling.",
        id="3: dry-run statuses and skipped nodes are combined in one histogram"),
    pytest.param(
        [make_node("n1", cpu="2")], [running("r", "n1", 1, "2")],
        make_pod("p", 10, cpu="1", preemption_policy="Never"),
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.",
        id="14: preemptionPolicy Never is not eligible"),
    pytest.param(
        [make_node("n1", cpu="2")], [running("r", "n1", 1, "1", labels={"app": "db"})],
        make_pod("p", 10, cpu="1", pod_affinity=PodAffinity(required=(PodAffinityTerm(
            HOST, LabelSelector(match_labels=(("app", "web"),))),))),
        "0/1 nodes are available: 1 node(s) didn't match pod affinity rules. "
        "no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
        id="7: preemption cannot fix required pod affinity"),
]


@pytest.mark.parametrize(("nodes", "pods", "preemptor", "message"), MESSAGE_CASES)
def test_failed_scheduling_message_of_preemption(nodes: Any, pods: Any, preemptor: Any, message: str) -> None:
    sim = simulate(nodes, [*pods, preemptor])
    assert first_failure(sim) == message


def test_14_never_deletes_no_victims_and_nominates_nothing() -> None:
    sim = simulate([make_node("n1", cpu="2")], [running("r", "n1", 1, "2"),
                                                 make_pod("p", 10, cpu="1", preemption_policy="Never")])
    sim.run()
    assert not of_kind(sim.events, "pod.terminating")
    assert not of_kind(sim.events, "pod.nominated")


# ---- 4–8, 11, 12: which victims, which node ----------------------------------------------------

def _pdb(name: str, allowed: int, app: str = "a") -> PodDisruptionBudget:
    return PodDisruptionBudget(name, selector=LabelSelector(match_labels=(("app", app),)), disruptions_allowed=allowed)


VICTIM_CASES = [
    pytest.param(
        [make_node("a", cpu="2"), make_node("b", cpu="2")],
        [running("a-mid", "a", 5, "2"), running("b-low1", "b", 1, "1"), running("b-low2", "b", 1, "1")],
        make_pod("p", 10, cpu="2"), [], "b", ["default/b-low1", "default/b-low2"], "lowestHighestPriority",
        id="4: the node whose most important victim has the lowest priority wins despite more victims"),
    pytest.param(
        [make_node("n1", cpu="4")], [running("low", "n1", 1, "500m"), running("mid", "n1", 5, "3")],
        make_pod("p", 10, cpu="3"), [], "n1", ["default/mid"], "onlyCandidate",
        id="5: the small low-priority pod is reprieved, the larger mid-priority one is preempted"),
    pytest.param(
        [make_node("n1", cpu="4")], [running("old", "n1", 1, "2", start=-100), running("new", "n1", 1, "2", start=-10)],
        make_pod("p", 10, cpu="2"), [], "n1", ["default/new"], "onlyCandidate",
        id="6: among equal-priority victims the newer pod is evicted and the older reprieved"),
    pytest.param(
        [make_node("n1", cpu="2")],
        [running("r", "n1", 1, "1", labels={"app": "db"}, pod_anti_affinity=PodAffinity(required=(
            PodAffinityTerm(HOST, LabelSelector(match_labels=(("app", "web"),))),)))],
        make_pod("p", 10, cpu="1", labels={"app": "web"}), [], "n1", ["default/r"], "onlyCandidate",
        id="7: preemption fixes an existing pod's anti-affinity by evicting it"),
    pytest.param(
        [make_node("n1", cpu="4")],
        [running("x", "n1", 1, "2", start=-100, labels={"app": "a"}), running("y", "n1", 1, "2", start=-50, labels={"app": "a"})],
        make_pod("p", 10, cpu="4"), [_pdb("pdb", 1)], "n1", ["default/x", "default/y"], "onlyCandidate",
        id="8: two pods under a PDB allowing one disruption are both evicted"),
    pytest.param(
        [make_node("a", cpu="3"), make_node("b", cpu="3")],
        [running("a-mid", "a", 5, "1"), running("a-neg1", "a", -10, "1"), running("a-neg2", "a", -10, "1"),
         running("b-mid", "b", 5, "1500m"), running("b-neg", "b", -10, "1500m")],
        make_pod("p", 10, cpu="3"), [], "b", ["default/b-mid", "default/b-neg"], "smallestPrioritySum",
        id="11: the sum of priorities is shifted by 2^31 so more negative victims cost more"),
    pytest.param(
        [make_node("a", cpu="2"), make_node("b", cpu="2")],
        [running("a-old", "a", 1, "2", start=-100), running("b-recent", "b", 1, "2", start=-10)],
        make_pod("p", 10, cpu="2"), [], "b", ["default/b-recent"], "latestStartTime",
        id="12: the node whose highest-priority victims started latest wins"),
]


@pytest.mark.parametrize(("nodes", "pods", "preemptor", "pdbs", "node", "victims", "criterion"), VICTIM_CASES)
def test_victims_and_chosen_node(nodes: Any, pods: Any, preemptor: Any, pdbs: Any, node: str,
                                 victims: list[str], criterion: str) -> None:
    sim = simulate(nodes, [*pods, preemptor], pdbs=pdbs)
    sim.step()
    e = evaluated(sim)
    assert (e["chosen"], sorted(e["victims"]), e["criterion"]) == (node, victims, criterion)


def test_8_the_less_important_pod_is_the_single_pdb_violation() -> None:
    nodes, pods, preemptor, pdbs = cast(Any, VICTIM_CASES[4].values[:4])
    sim = simulate(nodes, [*pods, preemptor], pdbs=pdbs)
    sim.step()
    assert evaluated(sim)["candidates"][0]["numPDBViolations"] == 1


def test_8_a_victim_listed_in_disrupted_pods_does_not_consume_budget() -> None:
    pdb = PodDisruptionBudget("pdb", selector=LabelSelector(match_labels=(("app", "a"),)),
                              disruptions_allowed=1, disrupted_pods=("x",))
    nodes, pods, preemptor, _ = cast(Any, VICTIM_CASES[4].values[:4])
    sim = simulate(nodes, [*pods, preemptor], pdbs=[pdb])
    sim.step()
    assert evaluated(sim)["candidates"][0]["numPDBViolations"] == 0


# ---- 9, 10, 16: candidate sampling and the dry run ---------------------------------------------

def _five_full_nodes(labels_violating: int) -> Simulation:
    nodes = [make_node(f"n{i}", cpu="1") for i in range(5)]
    pods = [running(f"v{i}", f"n{i}", 1, "1", labels={"app": "a"} if i < labels_violating else {})
            for i in range(5)]
    config = SchedulerConfig(min_candidate_nodes_percentage=40, min_candidate_nodes_absolute=1)
    return simulate(nodes, [*pods, make_pod("p", 10, cpu="1")], pdbs=[_pdb("pdb", 0)], config=config, seed=3)


def test_9_num_candidates_is_40_percent_of_5_nodes_and_the_offset_wraps_around() -> None:
    sim = _five_full_nodes(labels_violating=0)
    sim.step()
    e = evaluated(sim)
    assert e["numCandidates"] == 2
    offset = e["offset"]
    assert [c["node"] for c in e["candidates"]] == [f"n{offset % 5}", f"n{(offset + 1) % 5}"]


def test_9_different_cycles_draw_different_random_offsets() -> None:
    offsets = set()
    for seed in range(8):
        sim = _five_full_nodes(0)
        sim.rng.seed(seed)
        sim.step()
        offsets.add(evaluated(sim)["offset"])
    assert len(offsets) > 1


def test_10_the_dry_run_looks_past_num_candidates_until_a_non_violating_node_is_found() -> None:
    sim = _five_full_nodes(labels_violating=4)
    sim.step()
    e = evaluated(sim)
    assert e["chosen"] == "n4"
    assert e["criterion"] == "fewestPDBViolations"
    assert len(e["candidates"]) <= 2 * e["numCandidates"]


def test_16_a_node_where_the_preemptor_fits_without_evictions_is_an_error() -> None:
    sim = simulate([make_node("n1", cpu="4")], [running("low", "n1", 1, "1")])
    info = sim.cluster.node_infos["n1"]
    pod = make_pod("p", 10, cpu="1")
    state = CycleState()
    sim.framework.run_pre_filter_plugins(state, pod, sim.cluster.node_list)
    evaluator = Evaluator(sim.framework, sim.cluster, sim.rng, lambda: 0.0)
    candidates, statuses, errors = evaluator.dry_run_preemption(state, pod, [info], [], 0, 1)
    assert (candidates, errors) == ([], ['expected at least one victim pod on node "n1"'])
    assert statuses["n1"].code == "Error"


# ---- 13: terminating victims block re-preemption only with DisruptionTarget --------------------

def test_13_a_victim_terminating_by_preemption_blocks_another_preemption() -> None:
    sim = simulate([make_node("n1", cpu="2")], [running("low", "n1", 1, "2"), make_pod("p", 10, cpu="2")])
    sim.run(until=1)  # p nominated to n1, low terminating until t=30
    sim.apply({"type": "add_node", "manifest": {"metadata": {"name": "n2"}, "spec": {
        "taints": [{"key": "k", "value": "v", "effect": "NoSchedule"}]},
        "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}}})
    sim.step()
    assert k8s_messages(sim, "FailedScheduling", "default/p")[-1] == (
        "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {k: v}. "
        "no new claims to deallocate, preemption: not eligible due to a terminating pod on the nominated node.")


def test_13_a_pod_terminating_for_another_reason_does_not_block_preemption() -> None:
    sim = simulate([make_node("n1", cpu="2")], [running("low", "n1", 1, "2")])
    sim.apply({"type": "delete_pod", "pod": "default/low"})  # graceful, no DisruptionTarget
    sim.add_pod(make_pod("p", 10, cpu="2", nominated_node_name="n1"))
    sim.step()
    assert evaluated(sim)["eligible"] is True
    assert evaluated(sim)["chosen"] == "n1"


# ---- 15: filter errors ---------------------------------------------------------------------------

class _BrokenWhenEmptied:
    """A filter that fails with an Error on node "bad" once preemption has emptied it."""

    name = "Broken"

    def filter(self, state: CycleState, pod: Any, node_info: Any) -> Status:
        if node_info.node.name == "bad" and not node_info.pods:
            return Status.error("boom")
        return Status.success()


def _with_broken_filter(nodes: list[Any]) -> Simulation:
    pods = [running(f"low-{n.name}", n.name, 1, "1") for n in nodes]
    sim = simulate(nodes, [*pods, make_pod("p", 10, cpu="1")])
    sim.framework.filter_plugins.append(_BrokenWhenEmptied())
    return sim


def test_15_a_filter_error_on_one_node_does_not_prevent_a_candidate_on_another() -> None:
    sim = _with_broken_filter([make_node("bad", cpu="1"), make_node("good", cpu="1")])
    sim.step()
    assert evaluated(sim)["chosen"] == "good"


def test_15_a_filter_error_on_the_only_node_is_an_error_status() -> None:
    sim = _with_broken_filter([make_node("bad", cpu="1")])
    assert first_failure(sim) == (
        '0/1 nodes are available: 1 Insufficient cpu. preemption: running "Broken" filter plugin: boom')


# ---- 17–23: the queue, end to end -----------------------------------------------------------------

def _retry_times(sim: Simulation) -> list[float]:
    return [e["t"] for e in of_kind(sim.events, "cycle.started")]


def test_17_backoff_sequence_with_wildcard_requeues() -> None:
    config = SchedulerConfig(pop_from_backoff_q=False)
    sim = simulate([make_node("n1", cpu="1")], [running("r", "n1", 100, "1"), make_pod("p", 1, cpu="1")], config=config)
    durations = []
    for _ in range(6):
        sim.step()
        qpi = sim.queue.get("default/p")
        assert qpi is not None
        durations.append(backoff_duration(qpi.attempts, 1, 10))
        sim.queue.move_all(UNSCHEDULABLE_TIMEOUT, None, None, sim.now)
    assert durations == [1, 2, 4, 8, 10, 10]


def test_19_flush_happens_between_5_00_and_5_30_after_the_last_failure() -> None:
    sim = simulate([make_node("n1", cpu="1")], [running("r", "n1", 100, "1"), make_pod("p", 1, cpu="1")])
    sim.step()
    sim.apply({"type": "set_node_labels", "node": "n1", "labels": {"x": "y"}})  # nothing p cares about
    sim.run(until=400)
    assert _retry_times(sim) == [0.0, 330.0]


def test_21_gated_pods_are_counted_as_gated() -> None:
    sim = simulate([make_node("n1")], [make_pod("g", scheduling_gates=["example.com/x"])])
    assert sim.state()["metrics"]["scheduler_pending_pods"] == {"active": 0, "backoff": 0, "unschedulable": 0, "gated": 1}


def test_22_a_pod_failing_without_rejector_plugins_goes_to_backoff() -> None:
    sim = simulate([], [make_pod("p")])
    sim.step()
    assert sim.state()["queues"]["backoff"][0]["pod"] == "default/p"
    assert k8s_messages(sim, "FailedScheduling") == ["no nodes available to schedule pods"]


def test_23_an_idle_scheduler_retries_a_backing_off_pod_immediately() -> None:
    sim = simulate([make_node("n1", cpu="1")], [running("r", "n1", 100, "1"), make_pod("p", 1, cpu="1")])
    sim.step()
    sim.apply({"type": "add_node", "manifest": {"metadata": {"name": "n2"},
                                                 "status": {"allocatable": {"cpu": "1", "memory": "1Gi", "pods": "10"}}}})
    sim.step()
    assert _retry_times(sim) == [0.0, 0.0]
    assert of_kind(sim.events, "pod.bound", pod="default/p")[0]["node"] == "n2"


# ---- 24–30: the scheduling cycle ---------------------------------------------------------------------

def test_24_a_nominated_node_that_passes_is_used_without_scoring() -> None:
    sim = simulate([make_node("n1"), make_node("n2")], [make_pod("p", nominated_node_name="n2")])
    sim.step()
    assert of_kind(sim.events, "cycle.filtered")[0]["nominatedNode"] == "n2"
    assert of_kind(sim.events, "pod.bound")[0]["node"] == "n2"
    assert not of_kind(sim.events, "cycle.scored")


def test_24_a_single_feasible_node_is_used_without_scoring() -> None:
    sim = simulate([make_node("n1"), make_node("n2", taints=[taint("k")])], [make_pod("p")])
    sim.step()
    assert not of_kind(sim.events, "cycle.scored")


@pytest.mark.parametrize(("node_kwargs", "reason"), [
    pytest.param({"unschedulable": True, "taints": [taint("k")]}, "node(s) were unschedulable",
                 id="25: NodeUnschedulable reports before TaintToleration"),
    pytest.param({"cpu": "100m", "taints": [taint("k")]}, "node(s) had untolerated taint {k: }",
                 id="25: TaintToleration reports before NodeResourcesFit"),
])
def test_25_filters_stop_at_the_first_failing_plugin(node_kwargs: dict[str, Any], reason: str) -> None:
    sim = simulate([make_node("n1", **node_kwargs)], [make_pod("p", cpu="1")])
    assert first_failure(sim).startswith(f"0/1 nodes are available: 1 {reason}.")


def test_26_least_allocated_scores_best_effort_pods_with_non_zero_defaults() -> None:
    busy = [running(f"b{i}", "n1", 0, "0") for i in range(0)]
    sim = simulate([make_node("n1"), make_node("n2")],
                   [*busy, make_pod("be1", node_name="n1"), make_pod("be2", node_name="n1"), make_pod("p")])
    sim.step()
    scores = of_kind(sim.events, "cycle.scored")[0]["scores"]
    assert scores["n1"]["NodeResourcesFit"] < scores["n2"]["NodeResourcesFit"]


def test_27_taint_toleration_gives_every_node_without_prefer_no_schedule_taints_full_marks() -> None:
    sim = simulate([make_node("n1"), make_node("n2")], [make_pod("p")])
    sim.step()
    assert {n: s["TaintToleration"] for n, s in of_kind(sim.events, "cycle.scored")[0]["scores"].items()} == {
        "n1": 300, "n2": 300}


def test_28_failed_scheduling_is_emitted_in_the_cycle_where_preemption_succeeds() -> None:
    sim = simulate([make_node("n1", cpu="2")], [running("low", "n1", 1, "2"), make_pod("p", 10, cpu="1")])
    assert first_failure(sim) == "0/1 nodes are available: 1 Insufficient cpu."
    assert of_kind(sim.events, "pod.nominated") == [
        {**of_kind(sim.events, "pod.nominated")[0], "pod": "default/p", "node": "n1"}]


def test_29_nodes_excluded_by_a_pre_filter_result_still_count_in_0_of_n() -> None:
    only_n1 = NodeAffinity(required=(NodeSelectorTerm(match_fields=(
        NodeSelectorRequirement("metadata.name", "In", ("n1",)),)),))
    sim = simulate([make_node("n1", cpu="1"), make_node("n2"), make_node("n3")],
                   [running("r", "n1", 100, "1"), make_pod("p", 1, cpu="1", node_affinity=only_n1)])
    assert first_failure(sim).startswith(
        "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity].")


def test_30_histogram_entries_are_sorted_as_strings() -> None:
    nodes = [make_node(f"n{i}", cpu="1") for i in range(10)] + [make_node("t1", taints=[taint("k", "v")]),
                                                                  make_node("t2", taints=[taint("k", "v")])]
    sim = simulate(nodes, [make_pod("p", cpu="2")])
    assert first_failure(sim).startswith(
        "0/12 nodes are available: 10 Insufficient cpu, 2 node(s) had untolerated taint {k: v}.")

