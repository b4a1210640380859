"""Upstream DefaultPreemption test cases, ported as black-box tests against scheduler_core.

Sources (kubernetes/kubernetes):
* pkg/scheduler/framework/plugins/defaultpreemption/default_preemption_test.go
  (TestSelectNodesForPreemption, TestPickOneNodeForPreemption, TestPodEligibleToPreemptOthers,
  TestDryRunPreemption, TestPostFilter)
* pkg/scheduler/framework/preemption/preemption_test.go (TestDryRunPreemption, TestSelectCandidate)

Each scenario has exactly one pending pod, "preemptor"; one scheduling cycle is run and the
``preemption.evaluated`` event (the model's view of DryRunPreemption + SelectCandidate) and the
FailedScheduling message are compared with what upstream computes. Resources are expressed in cpu
(nodes have plenty of memory) so each case reads like the upstream table.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from scheduler_core import Simulation
from scheduler_core.framework.interface import CycleState
from scheduler_core.objects import (
    Cluster,
    LabelSelector,
    LabelSelectorRequirement,
    Pod,
    PodAffinity,
    PodAffinityTerm,
    PodDisruptionBudget,
    PriorityClass,
    TopologySpreadConstraint,
)
from scheduler_core.preemption.evaluator import Evaluator
from tests.scheduler_core.builders import make_node, make_pod, taint
from tests.scheduler_core.simkit import k8s_messages, of_kind, simulate

LOW, MID, HIGH = 10, 50, 100
NEG = -100
HOSTNAME = "kubernetes.io/hostname"
FOO = LabelSelector(match_labels=(("app", "foo"),))


def run(pod: Pod, *p: Pod, pdbs: tuple[PodDisruptionBudget, ...] = (), seed: int = 0, nodes: Any = None,
        config: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
    """Nodes n1..nN (1 cpu each unless given); run one cycle for the preemptor."""
    sim = simulate(nodes if nodes is not None else [make_node(f"n{i}", cpu="1") for i in (1, 2, 3)],
                   [pod, *p], pdbs=pdbs, seed=seed, config=config)
    sim.step()
    evaluated = of_kind(sim.events, "preemption.evaluated")
    assert len(evaluated) == 1, "expected exactly one PostFilter call"
    return sim, evaluated[0]


def on(name: str, node: str, priority: int, cpu: str, start: float = -100.0, **kw: Any) -> Pod:
    return make_pod(name, priority, cpu, node_name=node, start_time=start, **kw)


def preemptor(cpu: str = "1", priority: int = HIGH, **kw: Any) -> Pod:
    return make_pod("preemptor", priority, cpu, **kw)


def candidates(event: dict[str, Any]) -> dict[str, tuple[list[str], int]]:
    return {c["node"]: ([v.split("/")[1] for v in c["victims"]], c["numPDBViolations"]) for c in event["candidates"]}


def pdb(allowed: int, disrupted: tuple[str, ...] = ()) -> PodDisruptionBudget:
    return PodDisruptionBudget("pdb-foo", "default", FOO, disruptions_allowed=allowed, disrupted_pods=disrupted)


# ---- SelectVictimsOnNode: which pods become victims, and numPDBViolations -------------------------

SELECT_VICTIMS = [
    # default_preemption_test.go TestSelectNodesForPreemption "a pod that fits on both nodes when lower priority pods are preempted"
    pytest.param(preemptor("1"), [on("p1", "n1", MID, "1"), on("p2", "n2", MID, "1"), on("full3", "n3", HIGH, "1")], (),
                 {"n1": (["p1"], 0), "n2": (["p2"], 0)},
                 id="TestSelectNodesForPreemption — a pod that fits on both nodes when lower priority pods are preempted gets one candidate per node"),
    # TestSelectNodesForPreemption "medium priority pod is preempted, but lower priority one stays as it is small"
    pytest.param(preemptor("800m"), [on("p1.1", "n1", LOW, "200m"), on("p1.2", "n1", MID, "800m"), on("p2", "n2", MID, "1"), on("full3", "n3", HIGH, "1")], (),
                 {"n1": (["p1.2"], 0), "n2": (["p2"], 0)},
                 id="TestSelectNodesForPreemption — the medium priority pod is preempted but the small low priority one is reprieved"),
    # TestSelectNodesForPreemption "mixed priority pods are preempted" (node of 2 cpu; a pod at the preemptor's priority stays)
    pytest.param(preemptor("1"), [on("a", "n1", MID, "200m", -300), on("b", "n1", LOW, "700m"), on("c", "n1", MID, "800m", -200),
                  on("d", "n1", HIGH, "200m"), on("full2", "n2", HIGH, "1"), on("full3", "n3", HIGH, "1")], (),
                 {"n1": (["c", "b"], 0)},
                 id="TestSelectNodesForPreemption — mixed priority pods are preempted most-important-first and victims come out most important first"),
    # TestSelectNodesForPreemption "mixed priority pods are preempted, pick later StartTime one when priorities are equal"
    pytest.param(preemptor("500m"), [on("older", "n1", MID, "500m", -200), on("newer", "n1", MID, "500m", -100),
                  on("full2", "n2", HIGH, "1"), on("full3", "n3", HIGH, "1")], (),
                 {"n1": (["newer"], 0)},
                 id="TestSelectNodesForPreemption — among equal priorities the pod with the later start time is preempted"),
    # TestSelectNodesForPreemption "pod with anti-affinity is preempted"
    pytest.param(preemptor("100m", labels={"app": "preemptor"}), [on("anti", "n1", LOW, "100m", pod_anti_affinity=PodAffinity(required=(PodAffinityTerm(
                      HOSTNAME, LabelSelector(match_labels=(("app", "preemptor"),))),))),
                  on("bystander", "n1", MID, "100m"), on("full2", "n2", HIGH, "1"), on("full3", "n3", HIGH, "1")], (),
                 {"n1": (["anti"], 0)},
                 id="TestSelectNodesForPreemption — the pod whose anti-affinity rejects the preemptor is the only victim"),
    # TestSelectNodesForPreemption "preemption to resolve pod topology spread filter failure"
    pytest.param(preemptor("100m", labels={"app": "foo"}, topology_spread_constraints=(TopologySpreadConstraint(2, HOSTNAME, "DoNotSchedule", FOO),)), [on("a1", "n1", LOW, "100m", -200, labels={"app": "foo"}),
                  on("a2", "n1", MID, "100m", -100, labels={"app": "foo"}),
                  on("full2", "n2", HIGH, "1"), on("full3", "n3", HIGH, "1")], (),
                 {"n1": (["a1"], 0)},
                 id="TestSelectNodesForPreemption — preemption resolves a pod topology spread skew by removing the least important matching pod"),
    # TestSelectNodesForPreemption "preemption with violation of same pdb"
    pytest.param(preemptor("1"), [on("p1", "n1", LOW, "500m", -200, labels={"app": "foo"}),
                  on("p2", "n1", LOW, "500m", -100, labels={"app": "foo"}),
                  on("full2", "n2", HIGH, "1"), on("full3", "n3", HIGH, "1")], (pdb(1),),
                 {"n1": (["p1", "p2"], 1)},
                 id="TestSelectNodesForPreemption — two pods under one PDB with one disruption allowed are both preempted with one violation"),
    # TestSelectNodesForPreemption "preemption with violation of the pdb with pod whose eviction was processed, the victim doesn't belong to DisruptedPods"
    pytest.param(preemptor("1"), [on("p1", "n1", LOW, "500m", -200, labels={"app": "foo"}),
                  on("p2", "n1", LOW, "500m", -100, labels={"app": "foo"}),
                  on("full2", "n2", HIGH, "1"), on("full3", "n3", HIGH, "1")], (pdb(1, ("p3",)),),
                 {"n1": (["p1", "p2"], 1)},
                 id="TestSelectNodesForPreemption — a disruptedPods entry for another pod does not save the budget"),
    # TestSelectNodesForPreemption "... the victim belongs to DisruptedPods"
    pytest.param(preemptor("1"), [on("p1", "n1", LOW, "500m", -200, labels={"app": "foo"}),
                  on("p2", "n1", LOW, "500m", -100, labels={"app": "foo"}),
                  on("full2", "n2", HIGH, "1"), on("full3", "n3", HIGH, "1")], (pdb(1, ("p2",)),),
                 {"n1": (["p1", "p2"], 0)},
                 id="TestSelectNodesForPreemption — a victim already in disruptedPods does not consume the budget"),
    # TestSelectNodesForPreemption "... the victim belongs to DisruptedPods and the number of victims is greater than the budget"
    pytest.param(preemptor("1"), [on("p1", "n1", LOW, "300m", -300, labels={"app": "foo"}),
                  on("p2", "n1", LOW, "300m", -200, labels={"app": "foo"}),
                  on("p3", "n1", LOW, "400m", -100, labels={"app": "foo"}),
                  on("full2", "n2", HIGH, "1"), on("full3", "n3", HIGH, "1")], (pdb(1, ("p1",)),),
                 {"n1": (["p1", "p2", "p3"], 1)},
                 id="TestSelectNodesForPreemption — with more victims than the budget the extra one counts as a violation"),
    # default_preemption.go SelectVictimsOnNode: violating victims are reprieved before non-violating ones
    pytest.param(preemptor("500m"), [on("guarded", "n1", LOW, "500m", -100, labels={"app": "foo"}),
                  on("plain", "n1", LOW, "500m", -200),
                  on("full2", "n2", HIGH, "1"), on("full3", "n3", HIGH, "1")], (pdb(0),),
                 {"n1": (["plain"], 0)},
                 id="SelectVictimsOnNode — a PDB-protected pod is reprieved before a more important unprotected one"),
]



@pytest.mark.parametrize(("incoming", "pods", "pdbs", "expected"), SELECT_VICTIMS)
def test_select_victims_on_node(incoming: Pod, pods: list[Pod], pdbs: tuple[PodDisruptionBudget, ...],
                                expected: dict[str, tuple[list[str], int]]) -> None:
    nodes = None
    if any(p.name == "d" for p in pods):  # "mixed priority pods are preempted" uses a 2-cpu node
        nodes = [make_node("n1", cpu="2"), make_node("n2", cpu="1"), make_node("n3", cpu="1")]
    _, event = run(incoming, *pods, pdbs=pdbs, nodes=nodes)
    assert candidates(event) == expected


# ---- FailedScheduling messages (TestPostFilter / TestSelectNodesForPreemption message checks) -------

MESSAGES = [
    # TestSelectNodesForPreemption "a pod that would fit on the nodes, but other pods running are higher priority, no preemption would happen"
    pytest.param([on("p1", "n1", HIGH + 1, "1"), on("p2", "n2", HIGH + 1, "1"), on("p3", "n3", HIGH + 1, "1")], {},
                 "0/3 nodes are available: 3 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: "
                 "3 No preemption victims found for incoming pod.",
                 id="TestSelectNodesForPreemption — higher priority pods everywhere give no preemption victims"),
    # TestPostFilter "pod with tied priority is still unschedulable"
    pytest.param([on("p1", "n1", HIGH, "1"), on("p2", "n2", HIGH, "1"), on("p3", "n3", HIGH, "1")], {},
                 "0/3 nodes are available: 3 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: "
                 "3 No preemption victims found for incoming pod.",
                 id="TestPostFilter — pod with tied priority is still unschedulable"),
    # TestPostFilter "preemption should respect absent NodeToStatusMap entry meaning UnschedulableAndUnresolvable"
    pytest.param([on("p1", "n1", LOW, "1"), on("p2", "n2", LOW, "1"), on("p3", "n3", LOW, "1")],
                 {"node_selector": {"zone": "nowhere"}},
                 "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. no new claims to deallocate, preemption: "
                 "0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
                 id="TestPostFilter — U&U nodes are not tried: preemption is not helpful for scheduling"),
    # TestPostFilter "no candidate nodes found, no enough resource after removing low priority pods"
    pytest.param([on("p1", "n1", LOW, "500m"), on("h1", "n1", HIGH, "500m"),
                  on("p2", "n2", LOW, "500m"), on("h2", "n2", HIGH, "500m"),
                  on("p3", "n3", LOW, "500m"), on("h3", "n3", HIGH, "500m")], {"cpu": "800m"},
                 "0/3 nodes are available: 3 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Insufficient cpu.",
                 id="TestPostFilter — not enough resource even after removing low priority pods reports Insufficient cpu"),
    # TestPostFilter "no candidate nodes found with mixed reasons, no lower priority pod and no enough CPU resource"
    pytest.param([on("h1", "n1", HIGH, "1"), on("p2", "n2", LOW, "500m"), on("h2", "n2", HIGH, "500m"),
                  on("p3", "n3", LOW, "500m"), on("h3", "n3", HIGH, "500m")], {"cpu": "800m"},
                 "0/3 nodes are available: 3 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: "
                 "1 No preemption victims found for incoming pod, 2 Insufficient cpu.",
                 id="TestPostFilter — mixed dry-run reasons are counted and string-sorted in the preemption message"),
    # TestPostFilter "pod can be made schedulable on one node": success has no preemption part at all
    pytest.param([on("p1", "n1", LOW, "1"), on("h2", "n2", HIGH, "1"), on("h3", "n3", HIGH, "1")], {},
                 "0/3 nodes are available: 3 Insufficient cpu.",
                 id="TestPostFilter — a successful preemption adds no preemption text to FailedScheduling"),
    # TestPodEligibleToPreemptOthers "Pod with preemptionPolicy=Never"
    pytest.param([on("p1", "n1", LOW, "1"), on("p2", "n2", LOW, "1"), on("p3", "n3", LOW, "1")],
                 {"preemption_policy": "Never"},
                 "0/3 nodes are available: 3 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.",
                 id="TestPodEligibleToPreemptOthers — preemptionPolicy Never is not eligible"),
]


@pytest.mark.parametrize(("pods", "kw", "message"), MESSAGES)
def test_failed_scheduling_message(pods: list[Pod], kw: dict[str, Any], message: str) -> None:
    sim, event = run(preemptor(**kw), *pods)
    assert k8s_messages(sim, "FailedScheduling", "default/preemptor") == [message]
    if "not eligible" in message:
        assert event["eligible"] is False and event["candidates"] == []
        assert of_kind(sim.events, "pod.terminating") == []


def test_histogram_entries_are_sorted_as_strings() -> None:
    # framework/types.go FitError.Error: "10 X" sorts before "2 Y" (sortReasonsHistogram sorts strings)
    nodes = [make_node(f"c{i:02d}", cpu="1", unschedulable=True) for i in range(10)]
    nodes += [make_node(f"t{i}", cpu="1", taints=[taint("dedicated", "x")]) for i in range(2)]
    sim = simulate(nodes, [preemptor()])
    sim.step()
    assert k8s_messages(sim, "FailedScheduling") == [
        ("0/12 nodes are available: 10 node(s) were unschedulable, 2 node(s) had untolerated taint {dedicated: x}. "
        "no new claims to deallocate, preemption: 0/12 nodes are available: 12 Preemption is not helpful for scheduling.")]


# ---- pickOneNodeForPreemption ---------------------------------------------------------------------

S31 = 2**31
PICK_ONE = [
    # TestPickOneNodeForPreemption "a pod that fits on both nodes when lower priority pods are preempted"
    pytest.param([on("p1", "n1", MID, "1"), on("p2", "n2", MID, "1"), on("p3", "n3", MID, "1")], (),
                 {"n1", "n2", "n3"}, "random",
                 id="TestPickOneNodeForPreemption — identical nodes end in the final random tie"),
    # TestPickOneNodeForPreemption "node with min highest priority pod is picked"
    pytest.param([on("p1.1", "n1", MID, "500m"), on("p1.2", "n1", LOW, "500m"),
                  on("p2.1", "n2", MID, "500m"), on("p2.2", "n2", MID, "500m"),
                  on("p3.1", "n3", LOW, "500m"), on("p3.2", "n3", LOW, "500m")], (),
                 {"n3"}, "lowestHighestPriority",
                 id="TestPickOneNodeForPreemption — the node whose most important victim has the lowest priority is picked"),
    # TestPickOneNodeForPreemption "when highest priorities are the same, minimum sum of lower priority pods is picked"
    pytest.param([on("p1.1", "n1", MID, "500m"), on("p1.2", "n1", LOW, "500m"),
                  on("p2.1", "n2", MID, "500m"), on("p2.2", "n2", MID, "500m"),
                  on("h3", "n3", HIGH, "1")], (),
                 {"n1"}, "smallestPrioritySum",
                 id="TestPickOneNodeForPreemption — with equal highest priorities the smaller priority sum wins"),
    # TestPickOneNodeForPreemption "when highest priority and sum are the same, minimum number of pods is picked"
    pytest.param([on("p1.1", "n1", MID, "500m"), on("p1.2", "n1", -10, "500m"),
                  on("p2.1", "n2", MID, "400m"), on("p2.2", "n2", -(2**30), "300m"),
                  on("p2.3", "n2", -10 - S31 + 2**30, "300m"), on("h3", "n3", HIGH, "1")], (),
                 {"n1"}, "fewestVictims",
                 id="TestPickOneNodeForPreemption — with equal highest priority and equal shifted sum the node with fewer victims wins"),
    # TestPickOneNodeForPreemption "sum of adjusted priorities is considered"
    pytest.param([on("p1.1", "n1", MID, "400m"), on("p1.2", "n1", NEG, "300m"), on("p1.3", "n1", NEG, "300m"),
                  on("p2.1", "n2", MID, "500m"), on("p2.2", "n2", NEG, "500m"), on("h3", "n3", HIGH, "1")], (),
                 {"n2"}, "smallestPrioritySum",
                 id="TestPickOneNodeForPreemption — sum of adjusted priorities (+2^31 each) makes more negative victims cost more"),
    # TestPickOneNodeForPreemption "same priority, same number of victims, different start time for each node's pod"
    pytest.param([on("p1", "n1", MID, "1", -100), on("p2", "n2", MID, "1", -50), on("p3", "n3", MID, "1", -80)], (),
                 {"n2"}, "latestStartTime",
                 id="TestPickOneNodeForPreemption — same priorities and counts: the node whose victim started latest is picked"),
    # TestPickOneNodeForPreemption "same priority, same number of victims, different start time for all pods"
    pytest.param([on("p1.1", "n1", MID, "500m", -100), on("p1.2", "n1", MID, "500m", -20),
                  on("p2.1", "n2", MID, "500m", -60), on("p2.2", "n2", MID, "500m", -40),
                  on("h3", "n3", HIGH, "1")], (),
                 {"n2"}, "latestStartTime",
                 id="TestPickOneNodeForPreemption — the node whose earliest victim start is latest is picked"),
    # TestPickOneNodeForPreemption "different priority, same number of victims, different start time for all pods"
    pytest.param([on("x", "n1", MID, "500m", -50), on("y", "n1", LOW, "500m", -200),
                  on("z", "n2", MID, "500m", -80), on("w", "n2", LOW, "500m", -10),
                  on("h3", "n3", HIGH, "1")], (),
                 {"n1"}, "latestStartTime",
                 id="TestPickOneNodeForPreemption — only the highest-priority victims' start times are compared"),
    # test/integration/scheduler/preemption TestPDBInPreemption "A node without any PDB violating pods is preferred"
    pytest.param([on("guarded", "n1", LOW, "1", labels={"app": "foo"}), on("mid", "n2", MID, "1"),
                  on("h3", "n3", HIGH, "1")], (pdb(0),),
                 {"n2"}, "fewestPDBViolations",
                 id="TestPDBInPreemption — a node without PDB-violating victims is preferred over a lower priority victim"),
]


@pytest.mark.parametrize(("pods", "pdbs", "chosen", "criterion"), PICK_ONE)
def test_pick_one_node_for_preemption(pods: list[Pod], pdbs: tuple[PodDisruptionBudget, ...],
                                      chosen: set[str], criterion: str) -> None:
    sim, event = run(preemptor(), *pods, pdbs=pdbs)
    assert event["chosen"] in chosen
    assert event["criterion"] == criterion
    nominated = of_kind(sim.events, "pod.nominated", pod="default/preemptor")
    assert [e["node"] for e in nominated] == [event["chosen"]]


def test_final_tie_is_seeded_and_reaches_every_node() -> None:
    # pickOneNodeForPreemption: last tie from Go map order; the model draws it from the run RNG
    chosen = set()
    for seed in range(20):
        _, event = run(preemptor(), on("p1", "n1", MID, "1"), on("p2", "n2", MID, "1"), on("p3", "n3", MID, "1"),
                       seed=seed)
        chosen.add(event["chosen"])
    assert chosen == {"n1", "n2", "n3"}


# ---- DryRunPreemption: numCandidates, offset wrap, looking past numCandidates -----------------------

def _dry_run(pdbs: tuple[PodDisruptionBudget, ...], guarded: set[str], offset: int, num: int) -> list[tuple[str, int]]:
    nodes = [make_node(f"n{i}", cpu="1") for i in range(1, 6)]
    pods = [on(f"p{i}", f"n{i}", LOW, "1", labels={"app": "foo"} if f"n{i}" in guarded else {"app": "bar"})
            for i in range(1, 6)]
    sim = simulate(nodes, [preemptor(), *pods], pdbs=pdbs)
    pod = sim.cluster.pods["default/preemptor"].pod
    state = CycleState()
    sim.framework.run_pre_filter_plugins(state, pod, sim.cluster.node_list)
    ev = Evaluator(sim.framework, sim.cluster, random.Random(0), lambda: sim.now, 40, 1)
    assert ev.calculate_num_candidates(5) == 2
    found, _, errors = ev.dry_run_preemption(state, pod, list(sim.cluster.node_list),
                                             list(sim.cluster.pdbs.values()), offset, num)
    assert errors == []
    return [(c.node, c.num_pdb_violations) for c in found]


DRY_RUN = [
    # preemption_test.go TestDryRunPreemption "all nodes are possible candidates, but DefaultPreemptionArgs limits to 2"
    pytest.param((), set(), 0, [("n1", 0), ("n2", 0)],
                 id="TestDryRunPreemption — numCandidates (40% of 5, min 1) limits the dry run to 2 nodes"),
    # TestDryRunPreemption "some nodes are not possible candidates, DefaultPreemptionArgs limits to 2" / offset
    pytest.param((), set(), 4, [("n5", 0), ("n1", 0)],
                 id="TestDryRunPreemption — the offset wraps around the potential node list"),
    # TestDryRunPreemption "preemption looks past numCandidates until a non-PDB violating node is found"
    # (upstream table: p1, p2, p5 under a PDB with 0 allowed; offset 4 → node5 (pdb), node1 (pdb),
    # node2 (pdb, dropped: list full), node3 (non-violating) → 3 candidates)
    pytest.param((pdb(0),), {"n1", "n2", "n5"}, 4, [("n3", 0), ("n5", 1), ("n1", 1)],
                 id="TestDryRunPreemption — upstream table: looks past numCandidates, drops the third violating node"),
    pytest.param((pdb(0),), {"n1", "n2"}, 0, [("n3", 0), ("n1", 1), ("n2", 1)],
                 id="TestDryRunPreemption — preemption looks past numCandidates until a non-PDB violating node is found"),
    # TestDryRunPreemption: every node violates → scan all, but the violating list keeps numCandidates
    pytest.param((pdb(0),), {"n1", "n2", "n3", "n4", "n5"}, 1, [("n2", 1), ("n3", 1)],
                 id="TestDryRunPreemption — when every node violates a PDB only numCandidates violating candidates are kept"),
]


@pytest.mark.parametrize(("pdbs", "guarded", "offset", "expected"), DRY_RUN)
def test_dry_run_preemption(pdbs: tuple[PodDisruptionBudget, ...], guarded: set[str], offset: int,
                            expected: list[tuple[str, int]]) -> None:
    assert _dry_run(pdbs, guarded, offset, 2) == expected


def test_num_candidates_and_offset_are_used_by_the_simulation() -> None:
    # default_preemption.go GetOffsetAndNumCandidates with minCandidateNodesPercentage=40, absolute=1
    nodes = [make_node(f"n{i}", cpu="1") for i in range(1, 6)]
    pods = [on(f"p{i}", f"n{i}", LOW, "1") for i in range(1, 6)]
    offsets = set()
    for seed in range(10):
        sim = simulate(nodes, [preemptor(), *pods], seed=seed,
                       config={"min_candidate_nodes_percentage": 40, "min_candidate_nodes_absolute": 1})
        sim.step()
        event = of_kind(sim.events, "preemption.evaluated")[0]
        assert event["numCandidates"] == 2 and event["potentialNodes"] == 5
        offset = event["offset"]
        offsets.add(offset)
        assert [c["node"] for c in event["candidates"]] == [f"n{(offset + i) % 5 + 1}" for i in range(2)]
    assert len(offsets) > 1, "different runs must draw different offsets"


# ---- PodEligibleToPreemptOthers -------------------------------------------------------------------

def _preempted_on_n1(extra_nodes: int = 0) -> Any:
    nodes = [make_node("n1", cpu="1")]
    sim = simulate(nodes, [preemptor(), on("victim", "n1", LOW, "1")])
    sim.run(until=1)
    assert pod_nnn(sim) == "n1"
    assert [e["pod"] for e in of_kind(sim.events, "pod.terminating")] == ["default/victim"]
    return sim


def pod_nnn(sim: Any) -> str | None:
    return next(p for p in sim.state()["pods"] if p["key"] == "default/preemptor")["nominatedNodeName"]


def node_manifest(name: str, cpu: str = "1", taints: list[dict[str, str]] | None = None) -> dict[str, Any]:
    return {"metadata": {"name": name}, "spec": {"taints": taints or []},
            "status": {"allocatable": {"cpu": cpu, "memory": "32Gi", "pods": "110"}}}


def test_terminating_victim_on_nominated_node_makes_pod_not_eligible() -> None:
    # TestPodEligibleToPreemptOthers "Pod with nominated node" (victim terminating with DisruptionTarget)
    sim = _preempted_on_n1()
    sim.apply({"type": "add_node", "manifest": node_manifest("n2", taints=[
        {"key": "dedicated", "value": "x", "effect": "NoSchedule"}])})
    sim.run(until=5)
    messages = k8s_messages(sim, "FailedScheduling", "default/preemptor")
    assert messages[-1] == ("0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint "
                            "{dedicated: x}. no new claims to deallocate, preemption: not eligible due to a terminating pod on the nominated node.")
    assert pod_nnn(sim) == "n1"
    assert len(of_kind(sim.events, "pod.terminating")) == 1


def test_nominated_node_unresolvable_makes_pod_eligible_again() -> None:
    # TestPodEligibleToPreemptOthers "Pod with nominated node, but the nominated node is
    # UnschedulableAndUnresolvable for the pod" → eligible, preempts elsewhere
    sim = _preempted_on_n1()
    sim.apply({"type": "cordon", "node": "n1"})
    sim.apply({"type": "add_node", "manifest": node_manifest("n2")})
    sim.apply({"type": "add_pod", "manifest": {
        "metadata": {"name": "low2"}, "spec": {"nodeName": "n2",
                                               "containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}})
    sim.run(until=5)
    evaluated = of_kind(sim.events, "preemption.evaluated")
    assert evaluated[-1]["eligible"] is True and evaluated[-1]["chosen"] == "n2"
    assert pod_nnn(sim) == "n2"


def test_victim_terminating_without_disruption_target_does_not_block() -> None:
    # TestPodEligibleToPreemptOthers "victim Pods terminating but not due to preemption" → eligible
    nodes = [make_node("n1", cpu="1")]
    sim = simulate(nodes, [preemptor(nominated_node_name="n1"), on("victim", "n1", LOW, "1")])
    sim.apply({"type": "delete_pod", "pod": "default/victim"})  # user delete: no DisruptionTarget
    sim.step()
    event = of_kind(sim.events, "preemption.evaluated")[0]
    assert event["eligible"] is True and event["chosen"] == "n1"
    assert k8s_messages(sim, "FailedScheduling") == ["0/1 nodes are available: 1 Insufficient cpu."]
    assert k8s_messages(sim, "Preempted") == []  # already terminating: no second delete


def test_no_candidates_clears_the_nomination() -> None:
    # preemption.go Evaluator.Preempt: no candidates → PostFilterResult with NominatedNodeName "" (clears NNN)
    sim, event = run(preemptor(nominated_node_name="n1"), on("h1", "n1", HIGH, "1"), on("h2", "n2", HIGH, "1"),
                     on("h3", "n3", HIGH, "1"))
    assert event["candidates"] == [] and event["chosen"] is None
    assert [e["node"] for e in of_kind(sim.events, "pod.nominationCleared", pod="default/preemptor")] == ["n1"]
    assert pod_nnn(sim) is None


def test_required_affinity_to_a_victim_cannot_be_fixed_by_preemption() -> None:
    # default_preemption.go SelectVictimsOnNode: removing the victims makes InterPodAffinity's
    # required affinity fail (U&U) → the node is not a candidate
    term = PodAffinityTerm(HOSTNAME, LabelSelector(match_labels=(("app", "x"),)))
    sim, event = run(preemptor(pod_affinity=PodAffinity(required=(term,))),
                     on("target", "n1", LOW, "1", labels={"app": "x"}),
                     nodes=[make_node("n1", cpu="1")])
    assert event["candidates"] == []
    assert k8s_messages(sim, "FailedScheduling") == [
        ("0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: "
        "1 node(s) didn't match pod affinity rules.")]


def test_higher_priority_nominated_pod_is_counted_in_the_dry_run() -> None:
    # framework.go RunFilterPluginsWithNominatedPods inside SelectVictimsOnNode: a nominated pod of
    # higher priority keeps its reservation, so removing the (terminating) victims does not help
    sim = Simulation(Cluster(nodes=(make_node("n1", cpu="2"),), priority_classes=(PriorityClass("mid", HIGH),),
                             pods=(on("v1", "n1", 0, "1"), on("v2", "n1", 0, "1"), make_pod("h", 200, "2"))))
    sim.run(until=1)
    assert next(p for p in sim.state()["pods"] if p["key"] == "default/h")["nominatedNodeName"] == "n1"
    sim.apply({"type": "add_pod", "manifest": {"metadata": {"name": "preemptor"}, "spec": {
        "priorityClassName": "mid", "containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}})
    sim.run(until=2)
    assert k8s_messages(sim, "FailedScheduling", "default/preemptor") == [
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Insufficient cpu."]
    assert pod_nnn(sim) is None


FILTER_KINDS = [
    # TestSelectNodesForPreemption-style: NodePorts rejection is Unschedulable, so preemption helps
    pytest.param(preemptor("100m", host_ports=(8080,)), [on("ported", "n1", LOW, "100m", host_ports=(8080,)),
                                                        on("other", "n1", LOW, "100m")],
                 None, ["ported"], "0/1 nodes are available: 1 node(s) didn't have free ports for the requested pod ports.",
                 id="NodePorts — the pod holding the host port is the only victim"),
    # noderesources/fit.go: "Too many pods" is Unschedulable → preemption frees a pod slot
    pytest.param(preemptor("100m"), [on("a", "n1", LOW, "100m", -20), on("b", "n1", LOW, "100m", -10)],
                 {"pods": 2}, ["b"], "0/1 nodes are available: 1 Too many pods.",
                 id="NodeResourcesFit — Too many pods is resolved by preempting the newest low priority pod"),
    # fit.go (v1.34, PR #131345): a request above the node's allocatable is UnschedulableAndUnresolvable
    pytest.param(preemptor("2"), [on("a", "n1", LOW, "100m")], None, [],
                 "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: "
                 "1 Preemption is not helpful for scheduling.",
                 id="NodeResourcesFit v1.34 — a request above allocatable is not helped by preemption"),
]


@pytest.mark.parametrize(("incoming", "pods", "node_kw", "victims", "message"), FILTER_KINDS)
def test_filter_kinds_and_preemption(incoming: Pod, pods: list[Pod], node_kw: dict[str, Any] | None,
                                     victims: list[str], message: str) -> None:
    sim, event = run(incoming, *pods, nodes=[make_node("n1", cpu="1", **(node_kw or {}))])
    assert [v.split("/")[1] for v in event["victims"]] == victims
    assert k8s_messages(sim, "FailedScheduling") == [message]


def test_request_above_allocatable_is_a_preemption_candidate_before_v1_34() -> None:
    # fit.go before PR #131345 (≤v1.33): always Unschedulable → the dry run reports Insufficient cpu
    sim, _event = run(preemptor("2"), on("a", "n1", LOW, "100m"), nodes=[make_node("n1", cpu="1")],
                     config={"version": "v1.33", "node_resources_fit_unresolvable": False})
    assert k8s_messages(sim, "FailedScheduling") == [
        "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Insufficient cpu."]


# ---- TestSelectBestCandidate / TestPreempt, with upstream's own priorities, sizes and start times ----
# default_preemption_test.go: neg/low/mid/high/veryHigh = -100/0/100/1000/10000; small/medium/large/
# veryLarge = 100m/200m/300m/500m cpu; nodes have veryLargeRes; epochTime1..6 are increasing start times.
U_NEG, U_LOW, U_MID, U_HIGH, U_VHIGH = -100, 0, 100, 1000, 10000
SMALL, MEDIUM, LARGE, VLARGE = "100m", "200m", "300m", "500m"


def ep(i: int) -> float:
    return -1000.0 + i


def up(name: str, priority: int, cpu: str, start: float = ep(0)) -> Pod:
    node = "node" + name[1] if name[1].isdigit() else "node-" + name.split("-")[1][0]
    return make_pod(name, priority, cpu, node_name=node, start_time=start)


SELECT_BEST = [
    pytest.param(U_HIGH, [up("p1", U_MID, LARGE), up("p2", U_MID, LARGE)], 2, {"node1", "node2"}, None,
                 id="TestSelectBestCandidate — a pod that fits on both nodes when lower priority pods are preempted"),
    pytest.param(U_HIGH, [up("p1.1", U_MID, MEDIUM), up("p1.2", U_MID, LARGE), up("p2.1", U_MID, MEDIUM),
                          up("p2.2", U_LOW, MEDIUM), up("p3.1", U_LOW, MEDIUM), up("p3.2", U_LOW, MEDIUM)], 3,
                 {"node3"}, None, id="TestSelectBestCandidate — node with min highest priority pod is picked"),
    pytest.param(U_HIGH, [up("p1.1", U_MID, MEDIUM), up("p1.2", U_MID, LARGE), up("p2.1", U_MID, LARGE),
                          up("p2.2", U_LOW, MEDIUM), up("p3.1", U_MID, MEDIUM), up("p3.2", U_MID, MEDIUM)], 3,
                 {"node2"}, None,
                 id="TestSelectBestCandidate — when highest priorities are the same, minimum sum of priorities is picked"),
    pytest.param(U_HIGH, [up("p1.1", U_MID, SMALL), up("p1.2", U_NEG, SMALL), up("p1.3", U_MID, SMALL),
                          up("p1.4", U_NEG, SMALL), up("p2.1", U_MID, LARGE), up("p2.2", U_NEG, MEDIUM),
                          up("p3.1", U_MID, MEDIUM), up("p3.2", U_NEG, SMALL), up("p3.3", U_LOW, SMALL)], 3,
                 {"node2"}, None,
                 id="TestSelectBestCandidate — when highest priority and sum are the same, minimum number of pods is picked"),
    pytest.param(U_HIGH, [up("p1.1", U_MID, SMALL), up("p1.2", U_NEG, SMALL), up("p1.3", U_NEG, SMALL),
                          up("p2.1", U_MID, LARGE), up("p2.2", U_NEG, MEDIUM), up("p3.1", U_MID, MEDIUM),
                          up("p3.2", U_NEG, SMALL), up("p3.3", U_LOW, SMALL)], 3,
                 {"node2"}, None, id="TestSelectBestCandidate — sum of adjusted priorities is considered"),
    pytest.param(U_VHIGH, [up("p1.1", U_MID, SMALL), up("p1.2", U_LOW, SMALL), up("p1.3", U_LOW, SMALL),
                           up("p2.1", U_HIGH, LARGE), up("p3.1", U_MID, MEDIUM), up("p3.2", U_LOW, SMALL),
                           up("p3.3", U_LOW, SMALL), up("p3.4", U_LOW, MEDIUM), up("p4.1", U_MID, MEDIUM),
                           up("p4.2", U_MID, SMALL), up("p4.3", U_MID, SMALL), up("p4.4", U_NEG, SMALL)], 4,
                 {"node1"}, None,
                 id="TestSelectBestCandidate — non-overlapping lowest high priority, sum priorities, and number of pods"),
    pytest.param(U_HIGH, [up("p1.1", U_MID, MEDIUM, ep(2)), up("p1.2", U_MID, MEDIUM, ep(2)),
                          up("p2.1", U_MID, MEDIUM, ep(3)), up("p2.2", U_MID, MEDIUM, ep(3)),
                          up("p3.1", U_MID, MEDIUM, ep(1)), up("p3.2", U_MID, MEDIUM, ep(1))], 3,
                 {"node2"}, "latestStartTime",
                 id="TestSelectBestCandidate — same priority, same number of victims, different start time for each node's pod"),
    pytest.param(U_HIGH, [up("p1.1", U_MID, MEDIUM, ep(4)), up("p1.2", U_MID, MEDIUM, ep(2)),
                          up("p2.1", U_MID, MEDIUM, ep(5)), up("p2.2", U_MID, MEDIUM, ep(1)),
                          up("p3.1", U_MID, MEDIUM, ep(3)), up("p3.2", U_MID, MEDIUM, ep(6))], 3,
                 {"node3"}, "latestStartTime",
                 id="TestSelectBestCandidate — same priority, same number of victims, different start time for all pods"),
    pytest.param(U_HIGH, [up("p1.1", U_LOW, MEDIUM, ep(4)), up("p1.2", U_MID, MEDIUM, ep(2)),
                          up("p2.1", U_MID, MEDIUM, ep(6)), up("p2.2", U_LOW, MEDIUM, ep(1)),
                          up("p3.1", U_LOW, MEDIUM, ep(3)), up("p3.2", U_MID, MEDIUM, ep(5))], 3,
                 {"node2"}, "latestStartTime",
                 id="TestSelectBestCandidate — different priority, same number of victims, different start time for all pods"),
    # default_preemption_test.go TestPreempt "basic preemption logic"
    pytest.param(U_HIGH, [up("p1.1", U_LOW, SMALL), up("p1.2", U_LOW, SMALL), up("p2.1", U_HIGH, LARGE),
                          up("p3.1", U_MID, MEDIUM)], 3, {"node1"}, "lowestHighestPriority",
                 id="TestPreempt — basic preemption logic preempts both small low priority pods on node1"),
]


@pytest.mark.parametrize(("priority", "pods", "num_nodes", "expected", "criterion"), SELECT_BEST)
def test_select_best_candidate(priority: int, pods: list[Pod], num_nodes: int, expected: set[str],
                               criterion: str | None) -> None:
    nodes = [make_node(f"node{i}", cpu=VLARGE) for i in range(1, num_nodes + 1)]
    _, event = run(make_pod("p", priority, VLARGE), *pods, nodes=nodes)
    assert event["chosen"] in expected
    if criterion:
        assert event["criterion"] == criterion


def test_preempt_for_topology_spread_constraints() -> None:
    # default_preemption_test.go TestPreempt "preemption for topology spread constraints"
    exists_foo = LabelSelector(match_expressions=(LabelSelectorRequirement("foo", "Exists"),))
    nodes = [make_node("node-a", labels={"zone": "zone1", "hostname": "node-a"}),
             make_node("node-b", labels={"zone": "zone1", "hostname": "node-b"}),
             make_node("node-x", labels={"zone": "zone2", "hostname": "node-x"})]
    pods = [make_pod(n, prio, labels={"foo": ""}, node_name=node) for n, prio, node in [
        ("p-a1", U_HIGH, "node-a"), ("p-a2", U_HIGH, "node-a"), ("p-b1", U_LOW, "node-b"),
        ("p-x1", U_HIGH, "node-x"), ("p-x2", U_HIGH, "node-x")]]
    incoming = make_pod("p", U_HIGH, labels={"foo": ""}, topology_spread_constraints=(
        TopologySpreadConstraint(1, "zone", "DoNotSchedule", exists_foo),
        TopologySpreadConstraint(1, "hostname", "DoNotSchedule", exists_foo)))
    _sim, event = run(incoming, *pods, nodes=nodes)
    assert event["chosen"] == "node-b" and event["victims"] == ["default/p-b1"]


@pytest.mark.parametrize(("version", "message"), [
    pytest.param("v1.33", "0/1 nodes are available: 1 Insufficient cpu.",
                 id="v1.33: no PostFilter plugin is left, the pod fails with the filter message"),
    pytest.param("v1.34", "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate",
                 id="v1.34: DynamicResources is still a PostFilter plugin and adds its reason"),
])
def test_preemption_disabled_has_no_post_filter(version: str, message: str) -> None:
    # schedule_one.go schedulingCycle: without PostFilter plugins (DefaultPreemption disabled, e.g.
    # test/integration TestDisablePreemption) the pod just fails with the filter message; from v1.34
    # DynamicResources (applyFeatureGates) remains, and RunPostFilterPlugins returns its Unschedulable.
    sim = simulate([make_node("n1", cpu="1")], [preemptor(), on("victim", "n1", LOW, "1")],
                   config={"version": version, "preemption": False})
    sim.run(until=5)
    assert of_kind(sim.events, "preemption.evaluated") == []
    assert of_kind(sim.events, "pod.terminating") == []
    assert k8s_messages(sim, "FailedScheduling") == [message]


def test_every_post_filter_call_counts_as_a_preemption_attempt() -> None:
    # default_preemption.go PostFilter: scheduler_preemption_attempts_total is incremented (deferred) on
    # every call, also when the pod is not eligible
    sim, _ = run(preemptor(preemption_policy="Never"), on("p1", "n1", LOW, "1"), on("p2", "n2", LOW, "1"),
                 on("p3", "n3", LOW, "1"))
    assert sim.state()["metrics"]["scheduler_preemption_attempts_total"] == 1
    assert sim.state()["metrics"]["scheduler_preemption_victims"] == []
