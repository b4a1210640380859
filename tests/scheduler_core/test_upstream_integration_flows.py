"""Integration-level preemption flows from upstream, replayed as Simulation scenarios.

Sources (kubernetes/kubernetes): test/integration/scheduler/preemption/preemption_test.go
(TestPreemption, TestPDBInPreemption, TestNominatedNodeCleanUp, TestPreemptionRaces' basic flow),
plus the nominated-pod rules of framework/runtime/framework.go (RunFilterPluginsWithNominatedPods,
addGENominatedPods) and schedule_one.go (evaluateNominatedNode) that those flows exercise.
The playground's graceful termination stands in for the kubelet: victims keep their resources for
terminationGracePeriodSeconds, then AssignedPodDelete requeues the preemptor.
"""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core import Simulation
from scheduler_core.objects import Cluster, PriorityClass
from tests.scheduler_core.builders import make_node, make_pod
from tests.scheduler_core.simkit import k8s_messages, of_kind, pod_view, simulate

CLASSES = """
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: medium}
value: 200
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 300
"""


def node_yaml(name: str, cpu: str = "1", labels: str = "{}") -> str:
    return f"""
---
apiVersion: v1
kind: Node
metadata: {{name: {name}, labels: {labels}}}
status: {{allocatable: {{cpu: "{cpu}", memory: 4Gi, pods: "110"}}}}
"""


def pod_yaml(name: str, cls: str, cpu: str, node: str = "", labels: str = "{}", extra: str = "") -> str:
    node_line = f"\n  nodeName: {node}" if node else ""
    return f"""
---
apiVersion: v1
kind: Pod
metadata: {{name: {name}, labels: {labels}}}
spec:
  priorityClassName: {cls}{node_line}
  containers: [{{name: c, resources: {{requests: {{cpu: "{cpu}"}}}}}}]{extra}
"""


def preempted(sim: Simulation) -> list[str]:
    return sorted(e["pod"].split("/")[1] for e in of_kind(sim.events, "pod.terminating") if e["preemptedBy"])


def nnn(sim: Simulation, name: str) -> str | None:
    return pod_view(sim, f"default/{name}")["nominatedNodeName"]


# ---- TestPreemption ------------------------------------------------------------------------------

def anti(values: str) -> str:
    return f"""
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {{matchExpressions: [{{key: pod, operator: In, values: [{values}]}}]}}
        topologyKey: node"""


TEST_PREEMPTION = [
    # preemption_test.go TestPreemption "basic pod preemption"
    pytest.param(node_yaml("node1", "1", "{node: node1}") + pod_yaml("victim-1", "low", "800m", "node1")
                 + pod_yaml("preemptor-pod", "high", "500m"),
                 ["victim-1"], "0/1 nodes are available: 1 Insufficient cpu.",
                 id="TestPreemption — basic pod preemption evicts the low priority pod"),
    # TestPreemption "preemption is performed to satisfy anti-affinity"
    pytest.param(node_yaml("node1", "4", "{node: node1}")
                 + pod_yaml("pod-0", "medium", "100m", "node1", "{pod: p0}")
                 + pod_yaml("pod-1", "low", "100m", "node1", "{pod: p1}", anti("preemptor"))
                 + pod_yaml("preemptor-pod", "high", "100m", "", "{pod: preemptor}", anti("p0")),
                 ["pod-0", "pod-1"],
                 "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules.",
                 id="TestPreemption — preemption is performed to satisfy anti-affinity in both directions"),
    # TestPreemption "preemption is not performed when anti-affinity is not satisfied" (pod-0 is not lower)
    pytest.param(node_yaml("node1", "4", "{node: node1}")
                 + pod_yaml("pod-0", "high", "100m", "node1", "{pod: p0}")
                 + pod_yaml("pod-1", "low", "100m", "node1", "{pod: p1}")
                 + pod_yaml("preemptor-pod", "high", "100m", "", "{pod: preemptor}", anti("p0")),
                 [],
                 "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules. no new claims to deallocate, preemption: "
                 "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules.",
                 id="TestPreemption — preemption is not performed when anti-affinity cannot be satisfied"),
    # TestPDBInPreemption "A non-PDB violating pod is preempted despite its higher priority"
    pytest.param(node_yaml("node-1", "1") + """
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: pdb-1}
spec: {minAvailable: 2, selector: {matchLabels: {foo: bar}}}
""" + pod_yaml("low-pod1", "low", "300m", "node-1", "{foo: bar}") + pod_yaml("low-pod2", "low", "300m", "node-1", "{foo: bar}")
                 + pod_yaml("mid-pod3", "medium", "300m", "node-1") + pod_yaml("preemptor-pod", "high", "300m"),
                 ["mid-pod3"], "0/1 nodes are available: 1 Insufficient cpu.",
                 id="TestPDBInPreemption — a non-PDB violating pod is preempted despite its higher priority"),
    # TestPDBInPreemption "A node with fewer PDB violating pods is preferred"
    pytest.param(node_yaml("node-1", "1") + node_yaml("node-2", "1") + """
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: pdb-a}
spec: {minAvailable: 2, selector: {matchLabels: {app: a}}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: pdb-b}
spec: {minAvailable: 1, selector: {matchLabels: {app: b}}}
""" + pod_yaml("a1", "low", "500m", "node-1", "{app: a}") + pod_yaml("a2", "low", "500m", "node-1", "{app: a}")
                 + pod_yaml("b1", "low", "500m", "node-2", "{app: b}") + pod_yaml("b2", "low", "500m", "node-2", "{app: b}")
                 + pod_yaml("preemptor-pod", "high", "1"),
                 ["b1", "b2"], "0/2 nodes are available: 2 Insufficient cpu.",
                 id="TestPDBInPreemption — a node with fewer PDB violating pods is preferred"),
]


@pytest.mark.parametrize(("scenario", "victims", "message"), TEST_PREEMPTION)
def test_preemption_flows(scenario: str, victims: list[str], message: str) -> None:
    sim = Simulation.from_yaml(CLASSES + scenario)
    sim.step()
    sim.run(until=1)
    assert preempted(sim) == victims
    assert k8s_messages(sim, "FailedScheduling", "default/preemptor-pod") == [message]
    for v in victims:
        [event] = k8s_messages(sim, "Preempted", f"default/{v}")
        assert event.startswith("Preempted by pod ") and event.endswith(" on node " + (nnn(sim, "preemptor-pod") or "?"))
    if victims:
        sim.run(until=60)
        [bound] = of_kind(sim.events, "pod.bound", pod="default/preemptor-pod")
        assert bound["t"] == 30.0  # victims hold their resources for the default 30 s grace period
        # v1.34: ClearingNominatedNodeNameAfterBinding is off, so the bound pod keeps its nomination
        assert nnn(sim, "preemptor-pod") == bound["node"]


# ---- graceful termination and binding on the nominated node ----------------------------------------

@pytest.mark.parametrize("grace", [
    # prepareCandidate deletes with the victim's own terminationGracePeriodSeconds
    pytest.param(10, id="graceful termination — a 10 s grace period delays the preemptor's binding to 10 s"),
    pytest.param(0, id="graceful termination — a zero grace period frees the node at once"),
])
def test_victim_grace_period_holds_resources(grace: int) -> None:
    sim = simulate([make_node("n1", cpu="1")],
                   [make_pod("victim", 0, "1", node_name="n1", termination_grace_period_seconds=grace),
                    make_pod("preemptor", 100, "1")])
    sim.run(until=100)
    [deleted] = of_kind(sim.events, "pod.deleted", pod="default/victim")
    [bound] = of_kind(sim.events, "pod.bound", pod="default/preemptor")
    assert deleted["t"] == grace and deleted["reason"] == "Preempted"
    assert bound["t"] == grace and bound["node"] == "n1"
    requeue = [e for e in of_kind(sim.events, "queue.moved", pod="default/preemptor") if e["from"] == "unschedulable"]
    assert requeue and requeue[0]["event"] == "AssignedPodDelete"


@pytest.mark.parametrize("seed", range(6))
def test_preemptor_binds_on_nominated_node_without_scoring(seed: int) -> None:
    # schedule_one.go findNodesThatFitPod → evaluateNominatedNode: a nominated node that passes the
    # filters is the result; n2 becomes free at the same instant but is never evaluated or scored.
    sim = simulate([make_node("n1", cpu="1"), make_node("n2", cpu="1")],
                   [make_pod("victim", 0, "1", node_name="n1"), make_pod("other", 1000, "1", node_name="n2"),
                    make_pod("preemptor", 100, "1")], seed=seed)
    sim.apply({"type": "delete_pod", "pod": "default/other"})  # gone at 30 s, like the victim
    sim.run(until=100)
    [bound] = of_kind(sim.events, "pod.bound", pod="default/preemptor")
    assert (bound["t"], bound["node"]) == (30.0, "n1")
    last = of_kind(sim.events, "cycle.filtered", pod="default/preemptor")[-1]
    assert last["nominatedNode"] == "n1" and last["evaluated"] == 1
    assert of_kind(sim.events, "cycle.scored", pod="default/preemptor") == []


# ---- TestNominatedNodeCleanUp ----------------------------------------------------------------------

def test_nominated_node_cleared_when_a_higher_priority_pod_preempts_on_the_same_node() -> None:
    # preemption_test.go TestNominatedNodeCleanUp "mid-priority pod preempts low-priority pod, followed
    # by a high-priority pod with another preemption": the mid pod's NNN is cleared by the high pod's
    # preemption (preemption.go prepareCandidateAsync goroutine → getLowerPriorityNominatedPods /
    # clearNominatedNodeName). Here the high pod's victims include a pod that is not terminating yet,
    # so the async preemption really starts.
    cluster = Cluster(nodes=(make_node("n1", cpu="2"),), priority_classes=(PriorityClass("vip", 100),),
                      pods=(make_pod("low-1", 0, "1", node_name="n1", start_time=-200.0),
                            make_pod("low-2", 0, "1", node_name="n1", start_time=-100.0),
                            make_pod("medium", 50, "1")))
    sim = Simulation(cluster)
    sim.run(until=1)
    assert nnn(sim, "medium") == "n1" and preempted(sim) == ["low-2"]
    sim.run(until=5)
    sim.apply({"type": "add_pod", "manifest": _pod_manifest("high", "2")})
    sim.run(until=6)
    assert nnn(sim, "high") == "n1"
    assert nnn(sim, "medium") is None
    cleared = of_kind(sim.events, "pod.nominationCleared", pod="default/medium")
    assert [e["node"] for e in cleared] == ["n1"]
    # only low-1 gets a new API call; low-2 is already terminating
    assert sorted((e["object"], e["related"]) for e in of_kind(sim.events, "k8s.event", reason="Preempted")) == [
        ("default/low-1", "default/high"), ("default/low-2", "default/medium")]
    sim.run(until=100)
    [bound] = of_kind(sim.events, "pod.bound", pod="default/high")
    assert (bound["t"], bound["node"]) == (35.0, "n1")
    assert of_kind(sim.events, "pod.bound", pod="default/medium") == []


def _all_victims_terminating(async_preemption: bool) -> Simulation:
    """medium preempts low-1 and low-2; then high's only candidate consists of those terminating pods."""
    cluster = Cluster(nodes=(make_node("n1", cpu="1"),), priority_classes=(PriorityClass("vip", 100),),
                      pods=(make_pod("low-1", 0, "500m", node_name="n1"), make_pod("low-2", 0, "500m", node_name="n1"),
                            make_pod("medium", 50, "1")))
    sim = Simulation(cluster, config={"async_preemption": async_preemption})
    sim.run(until=5)
    assert nnn(sim, "medium") == "n1" and preempted(sim) == ["low-1", "low-2"]
    sim.apply({"type": "add_pod", "manifest": _pod_manifest("high", "1")})
    sim.run(until=6)
    assert nnn(sim, "high") == "n1"
    assert len(k8s_messages(sim, "Preempted")) == 2  # already terminating victims get no second delete
    return sim


def test_sync_preemption_with_only_terminating_victims_still_clears_lower_nominations() -> None:
    # preemption.go prepareCandidate (SchedulerAsyncPreemption off): API calls are skipped for victims
    # with a deletionTimestamp, then lower-priority nominations on the node are cleared regardless
    sim = _all_victims_terminating(async_preemption=False)
    assert nnn(sim, "medium") is None


# Upstream prepareCandidateAsync (v1.34.0 via PR #133213, v1.35+ via #134927) and spec §5.11:
# victims already terminating are skipped; if none remain, nothing is started.
def test_async_preemption_with_only_terminating_victims_starts_nothing() -> None:
    sim = _all_victims_terminating(async_preemption=True)
    assert nnn(sim, "medium") == "n1"
    assert of_kind(sim.events, "pod.nominationCleared", pod="default/medium") == []
    gated = [e for e in of_kind(sim.events, "queue.moved", pod="default/high") if e["to"] == "gated"]
    assert gated == []


def _pod_manifest(name: str, cpu: str, priority_class: str | None = "vip") -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": [{"name": "c", "resources": {"requests": {"cpu": cpu}}}]}
    if priority_class:
        spec["priorityClassName"] = priority_class
    return {"metadata": {"name": name}, "spec": spec}


# ---- §4 nominated pods: lower-priority pods do not steal the space, higher-priority ones do --------

def _nominated_space_race(newcomer_priority: int) -> Simulation:
    """P (100) preempts V on n1 at 10 s; at 10.5 s R's exit frees 1 cpu while V still terminates.

    A newcomer arrives at 10.5 s; P is still in backoff (failed at 10 s), so the newcomer is popped first.
    """
    cluster = Cluster(
        nodes=(make_node("n1", cpu="2"),),
        pods=(make_pod("v", 0, "1", node_name="n1"),
              make_pod("r", 1000, "1", node_name="n1", termination_grace_period_seconds=0)),
        priority_classes=(PriorityClass("vip", 100), PriorityClass("newcomer", newcomer_priority)),
    )
    sim = Simulation(cluster)
    sim.run(until=10)
    sim.apply({"type": "add_pod", "manifest": _pod_manifest("p", "1")})
    sim.run(until=10.5)
    assert nnn(sim, "p") == "n1"
    sim.apply({"type": "delete_pod", "pod": "default/r"})
    sim.apply({"type": "add_pod", "manifest": _pod_manifest("m", "1", "newcomer")})
    sim.run(until=10.5)
    return sim


NOMINATED_RACE = [
    # framework.go RunFilterPluginsWithNominatedPods: P (≥ m's priority) is added in pass 1 → m does not fit
    pytest.param(0, "p", "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: "
                 "1 No preemption victims found for incoming pod.",
                 id="addGENominatedPods — a lower priority pod does not take the space reserved for a nominated pod"),
    # addGENominatedPods only adds nominated pods with priority ≥ the incoming pod → m ignores P
    pytest.param(200, "m", None,
                 id="addGENominatedPods — a higher priority pod ignores the nomination and takes the freed space"),
]


@pytest.mark.parametrize(("newcomer_priority", "winner", "m_message"), NOMINATED_RACE)
def test_nominated_space_race(newcomer_priority: int, winner: str, m_message: str | None) -> None:
    sim = _nominated_space_race(newcomer_priority)
    bound = {e["pod"].split("/")[1]: e["node"] for e in of_kind(sim.events, "pod.bound")}
    assert bound == {winner: "n1"}
    if m_message is not None:
        assert k8s_messages(sim, "FailedScheduling", "default/m") == [m_message]
    else:
        # P's retry: n1 is full again and V (preempted for P) is still terminating there
        assert k8s_messages(sim, "FailedScheduling", "default/p")[-1] == (
            "0/1 nodes are available: 1 Insufficient cpu. "
            "no new claims to deallocate, preemption: not eligible due to a terminating pod on the nominated node.")
        assert nnn(sim, "p") == "n1"


def test_nominated_pod_does_not_satisfy_required_affinity_on_its_own() -> None:
    # framework.go RunFilterPluginsWithNominatedPods: pass 2 runs without the nominated pods, so a pod
    # whose required pod affinity is met only by a nominated (not yet bound) pod is rejected until it binds
    cluster = Cluster(nodes=(make_node("n1", cpu="2"),), priority_classes=(PriorityClass("vip", 100),),
                      pods=(make_pod("v", 0, "2", node_name="n1"), make_pod("p", 100, "2", labels={"app": "x"})))
    sim = Simulation(cluster)
    sim.run(until=5)
    assert nnn(sim, "p") == "n1"
    manifest = _pod_manifest("m", "0")
    manifest["spec"]["containers"] = [{"name": "c"}]
    manifest["spec"]["affinity"] = {"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": {"app": "x"}}, "topologyKey": "kubernetes.io/hostname"}]}}
    sim.apply({"type": "add_pod", "manifest": manifest})
    sim.run(until=100)
    assert k8s_messages(sim, "FailedScheduling", "default/m") == [
        ("0/1 nodes are available: 1 node(s) didn't match pod affinity rules. no new claims to deallocate, preemption: 0/1 nodes are "
        "available: 1 Preemption is not helpful for scheduling.")]
    bound = [(e["pod"], e["t"]) for e in of_kind(sim.events, "pod.bound")]
    assert bound == [("default/p", 30.0), ("default/m", 30.0)]


# ---- exact tables from test/integration/scheduler/preemption/preemption_test.go ------------------

def _pdb_case(pods: list[Any], pdbs: list[Any], nodes: int) -> Simulation:
    cluster = Cluster(nodes=tuple(make_node(f"node-{i}", cpu="500m", memory="500", pods=32) for i in range(1, nodes + 1)),
                      pods=(*pods, make_pod("preemptor-pod", 300, "500m", "400")), pdbs=tuple(pdbs))
    sim = Simulation(cluster)
    sim.run(until=1)
    return sim


def _pp(name: str, priority: int, node: str, **labels: str) -> Any:
    return make_pod(name, priority, "100m", "100", node_name=node, labels=labels)


def _min_available(name: str, key: str) -> Any:
    from scheduler_core.objects import LabelSelector, PodDisruptionBudget
    return PodDisruptionBudget(name, "default", LabelSelector(match_labels=((key, "bar"),)), min_available=2)


PDB_TABLE = [
    # TestPDBInPreemption "A node without any PDB violating pods is preferred for preemption"
    pytest.param([_pp("low-pod1", 100, "node-1", foo="bar"), _pp("mid-pod2", 200, "node-2")],
                 [_min_available("pdb-1", "foo")], 2, ["mid-pod2"],
                 id="TestPDBInPreemption — a node without any PDB violating pods is preferred for preemption"),
    # TestPDBInPreemption "A node with fewer PDB violating pods is preferred for preemption"
    pytest.param([_pp("low-pod1", 100, "node-1", foo1="bar"), _pp("mid-pod1", 200, "node-1"),
                  _pp("low-pod2", 100, "node-2", foo2="bar"), _pp("mid-pod2", 200, "node-2", foo2="bar"),
                  _pp("low-pod4", 100, "node-3", foo2="bar"), _pp("low-pod5", 100, "node-3", foo2="bar"),
                  _pp("low-pod6", 100, "node-3", foo2="bar")],
                 [_min_available("pdb-1", "foo1"), _min_available("pdb-2", "foo2")], 3,
                 ["low-pod4", "low-pod5", "low-pod6"],
                 id="TestPDBInPreemption — the node without PDB violations and with lower priority victims wins"),
]


@pytest.mark.parametrize(("pods", "pdbs", "nodes", "victims"), PDB_TABLE)
def test_pdb_in_preemption_table(pods: list[Any], pdbs: list[Any], nodes: int, victims: list[str]) -> None:
    sim = _pdb_case(pods, pdbs, nodes)
    assert preempted(sim) == victims


def _cleanup_case(capacity: str, batches: list[list[tuple[str, int, str]]], async_preemption: bool = True) -> Simulation:
    classes = (PriorityClass("low", 100), PriorityClass("medium", 200), PriorityClass("high", 300))
    sim = Simulation(Cluster(nodes=(make_node("fake-node", cpu=capacity),), priority_classes=classes),
                     config={"async_preemption": async_preemption})
    for batch in batches:
        for name, _, cpu in batch:
            cls = name.split("-")[0]
            sim.apply({"type": "add_pod", "manifest": _pod_manifest(name, cpu, cls)})
        sim.run(until=sim.now + 1)
    return sim


def test_nominated_node_cleanup_high_priority_pod_with_another_preemption() -> None:
    # TestNominatedNodeCleanUp "mid-priority pod preempts low-priority pod, followed by a high-priority
    # pod with another preemption (Async preemption enabled: false)": high gets a nomination, medium's is
    # cleared. (With async preemption the outcome upstream depends on whether high's victims include the
    # one low pod medium spared — see test_async_preemption_with_only_terminating_victims_starts_nothing.)
    sim = _cleanup_case("5", [[(f"low-{i}", 100, "1") for i in range(1, 5)], [("medium", 200, "4")],
                              [("high", 300, "3")]], async_preemption=False)
    assert nnn(sim, "high") == "fake-node"
    assert nnn(sim, "medium") is None


def test_nominated_node_cleanup_high_priority_pod_without_additional_preemption() -> None:
    # TestNominatedNodeCleanUp "... followed by a high-priority pod without additional preemption": high
    # schedules at once (it ignores medium's nomination); after low is deleted medium's NNN is cleared
    sim = _cleanup_case("2", [[("low", 100, "1")], [("medium", 200, "2")], [("high", 300, "1")]])
    assert of_kind(sim.events, "pod.bound", pod="default/high")[0]["node"] == "fake-node"
    assert nnn(sim, "medium") == "fake-node"
    sim.apply({"type": "delete_pod", "pod": "default/low"})  # force delete of the terminating pod
    sim.run(until=sim.now + 5)
    assert nnn(sim, "medium") is None


def test_nominated_node_cleanup_after_node_deletion() -> None:
    # TestNominatedNodeCleanUp "... followed by a node deletion": ErrNoNodesAvailable clears the NNN
    sim = _cleanup_case("1", [[("low", 100, "1")], [("medium", 200, "1")]])
    assert nnn(sim, "medium") == "fake-node"
    sim.apply({"type": "delete_node", "node": "fake-node"})
    sim.run(until=sim.now + 5)
    assert nnn(sim, "medium") is None
    assert k8s_messages(sim, "FailedScheduling", "default/medium")[-1] == "no nodes available to schedule pods"


# ---- TestAsyncPreemption (preemption_test.go); the blocked API calls are replaced by the victims'
# 30 s grace period, which keeps them on the node in the same way -----------------------------------

def _async_case(victims: int, victim_cpu: str, first_cpu: str, second: tuple[str, int, str]) -> Simulation:
    classes = (PriorityClass("p100", 100), PriorityClass("p50", 50), PriorityClass("p200", 200))
    pods = tuple(make_pod(f"victim-{i}", 1, victim_cpu, node_name="node") for i in range(victims))
    sim = Simulation(Cluster(nodes=(make_node("node", cpu="4"),), priority_classes=classes, pods=pods))
    sim.apply({"type": "add_pod", "manifest": _pod_manifest("preemptor-high-priority", first_cpu, "p100")})
    sim.run(until=5)
    name, _, cpu = second
    sim.apply({"type": "add_pod", "manifest": _pod_manifest(name, cpu, "p50")})
    sim.run(until=100)
    return sim


def test_async_lower_priority_pod_does_not_take_over_the_place() -> None:
    # TestAsyncPreemption "Lower priority Pod doesn't take over the place for higher priority Pod that is
    # running the preemption"
    sim = _async_case(2, "2", "4", ("pod-mid-priority", 50, "4"))
    bound = {e["pod"]: e["node"] for e in of_kind(sim.events, "pod.bound")}
    assert bound == {"default/preemptor-high-priority": "node"}
    assert k8s_messages(sim, "FailedScheduling", "default/pod-mid-priority")[0] == (
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Insufficient cpu.")


def test_async_lower_priority_pod_can_select_the_same_node_if_big_enough() -> None:
    # TestAsyncPreemption "Lower priority Pod can select the same place where the higher priority Pod is
    # preempting if the node is big enough": the mid pod preempts the two victims the first one left
    sim = _async_case(4, "1", "2", ("preemptor-mid-priority", 50, "2"))
    preempted_by = {e["pod"]: e["preemptedBy"] for e in of_kind(sim.events, "pod.terminating")}
    assert sorted(preempted_by.values()) == ["default/preemptor-high-priority"] * 2 + ["default/preemptor-mid-priority"] * 2
    bound = [e["pod"] for e in of_kind(sim.events, "pod.bound")]
    assert bound == ["default/preemptor-high-priority", "default/preemptor-mid-priority"]
