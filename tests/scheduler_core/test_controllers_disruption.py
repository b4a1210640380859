"""The disruption controller's status math, with cases ported from
pkg/controller/disruption/disruption_test.go (VerifyPdbStatus(disruptionsAllowed, currentHealthy,
desiredHealthy, expectedPods)), then in a running simulation: status follows the pods, the
controller's delay, and preemption reading the status as last written.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from scheduler_core import Simulation
from scheduler_core.cluster_state import PENDING, RUNNING, PodRecord
from scheduler_core.config import VERSIONS
from scheduler_core.disruption import pdb_status, selector_string, unmanaged_pods_message
from scheduler_core.objects import LabelSelector, OwnerReference, Pod, PodDisruptionBudget
from tests.scheduler_core.simkit import k8s_messages, of_kind

SELECTOR = LabelSelector(match_labels=(("foo", "bar"),))
RS = OwnerReference("apps/v1", "ReplicaSet", "rs", "rs-uid")
SS = OwnerReference("apps/v1", "StatefulSet", "ss", "ss-uid")
JOB = OwnerReference("batch/v1", "Job", "job", "job-uid")


@dataclass
class Scales:
    """The finders: uid → scale of the controllers that have one."""

    scale: dict[str, int]

    def __call__(self, ref: OwnerReference, namespace: str) -> tuple[str, int] | None:
        return (ref.uid, self.scale[ref.uid]) if ref.uid in self.scale else None


def pdb(min_available: int | str | None = None, max_unavailable: int | str | None = None) -> PodDisruptionBudget:
    return PodDisruptionBudget("pdb", selector=SELECTOR, min_available=min_available, max_unavailable=max_unavailable)


def pods(n: int, owner: OwnerReference | None = None, ready: bool = True) -> list[PodRecord]:
    refs = (owner,) if owner is not None else ()
    return [PodRecord(Pod(f"pod-{i}", labels={"foo": "bar"}, owner_references=refs), RUNNING if ready else PENDING)
            for i in range(n)]


def status(budget: PodDisruptionBudget, records: list[PodRecord], scales: dict[str, int] | None = None) -> tuple[int, ...]:
    s = pdb_status(budget, records, Scales(scales or {}))
    return s.disruptions_allowed, s.current_healthy, s.desired_healthy, s.expected_pods


@pytest.mark.parametrize(("budget", "records", "scales", "want"), [
    pytest.param(pdb(min_available=3), [], None, (0, 0, 3, 0), id="TestNoSelector: no pods, nothing allowed"),
    pytest.param(pdb(min_available=3), pods(3), None, (0, 3, 3, 3), id="TestUnavailable: 3 of minAvailable 3"),
    pytest.param(pdb(min_available=3), pods(4), None, (1, 4, 3, 4), id="TestUnavailable: a fourth pod allows one"),
    pytest.param(pdb(min_available=3), pods(3) + pods(1, ready=False), None, (0, 3, 3, 4),
                 id="TestUnavailable: an unready pod is expected but not healthy"),
    pytest.param(pdb(max_unavailable=1), pods(1), None, (0, 1, 0, 0),
                 id="TestIntegerMaxUnavailable: a naked pod is not expected"),
    pytest.param(pdb(max_unavailable=2), pods(1, RS), {"rs-uid": 7}, (0, 1, 5, 7),
                 id="TestIntegerMaxUnavailableWithScaling: ReplicaSet of 7"),
    pytest.param(pdb(max_unavailable=2), pods(1, RS), {"rs-uid": 5}, (0, 1, 3, 5),
                 id="TestIntegerMaxUnavailableWithScaling: scaled to 5"),
    pytest.param(pdb(max_unavailable="30%"), pods(1, RS), {"rs-uid": 7}, (0, 1, 4, 7),
                 id="TestPercentageMaxUnavailableWithScaling: 30% of 7 rounds up to 3"),
    pytest.param(pdb(max_unavailable="30%"), pods(1, RS), {"rs-uid": 3}, (0, 1, 2, 3),
                 id="TestPercentageMaxUnavailableWithScaling: scaled to 3"),
    pytest.param(pdb(min_available="28%"), pods(1), None, (0, 1, 0, 0), id="TestNakedPod: 28% of nothing"),
    pytest.param(pdb(min_available="20%"), pods(1, RS), {"rs-uid": 10}, (0, 1, 2, 10),
                 id="TestReplicaSet: the scale counts even without a Deployment"),
    pytest.param(pdb(min_available="34%"), pods(2, SS), {"ss-uid": 3}, (0, 2, 2, 3),
                 id="TestStatefulSetController: 34% of 3 rounds up to 2, 2 healthy"),
    pytest.param(pdb(min_available="34%"), pods(3, SS), {"ss-uid": 3}, (1, 3, 2, 3),
                 id="TestStatefulSetController: the third pod allows one"),
    pytest.param(pdb(min_available="1%"), pods(2, RS), {"rs-uid": 1}, (1, 2, 1, 1),
                 id="TestMultipleControllers: one controller of scale 1 and 2 healthy pods"),
])
def test_pdb_status_matches_the_upstream_controller(budget: PodDisruptionBudget, records: list[PodRecord],
                                                    scales: dict[str, int] | None, want: tuple[int, ...]) -> None:
    assert status(budget, records, scales) == want


def test_a_terminating_pod_is_expected_but_not_healthy() -> None:
    records = pods(3)
    records[0].deletion_timestamp = 5.0
    assert status(pdb(min_available=2), records) == (0, 2, 2, 3)


def test_unmanaged_pods_are_reported_and_ignored() -> None:
    """TestTotalUnmanagedPods / TestStatusForUnmanagedPod: no error, the pod is listed as unmanaged."""
    s = pdb_status(pdb(min_available="28%"), pods(1), Scales({}))
    assert (s.unmanaged_pods, s.error) == (("pod-0",), None)


def test_an_owner_without_a_scale_fails_the_sync_safe() -> None:
    """TestUnsupportedControllerPod: a Job has no scale — failSafe, disruptionsAllowed 0."""
    s = pdb_status(pdb(min_available="28%"), pods(2, JOB), Scales({}))
    assert s.error == 'found no controllers for pod "pod-0"'
    assert s.disruptions_allowed == 0


def test_the_unmanaged_pods_warning_prints_the_selector_as_go_does() -> None:
    assert selector_string(SELECTOR) == (
        "&LabelSelector{MatchLabels:map[string]string{foo: bar,},MatchExpressions:[]LabelSelectorRequirement{},}")
    assert unmanaged_pods_message(pdb(min_available="28%")).startswith(
        "Pods selected by this PodDisruptionBudget (selector: &LabelSelector{")


# --------------------------------------------------------------------------- in a simulation

SCENARIO = """
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", pods: "110"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web-pdb}
spec: {maxUnavailable: 1, selector: {matchLabels: {app: web}}}
"""


def pdb_view(sim: Simulation) -> dict[str, int]:
    view = sim.state()["pdbs"][0]
    return {k: view[k] for k in ("disruptionsAllowed", "currentHealthy", "desiredHealthy", "expectedPods")}


def test_a_budget_over_a_deployment_expects_its_scale() -> None:
    sim = Simulation.from_yaml(SCENARIO)
    sim.run()
    assert pdb_view(sim) == {"disruptionsAllowed": 1, "currentHealthy": 3, "desiredHealthy": 2, "expectedPods": 3}
    sim.apply({"type": "scale", "kind": "Deployment", "name": "web", "replicas": 4})
    sim.run()
    assert pdb_view(sim) == {"disruptionsAllowed": 1, "currentHealthy": 4, "desiredHealthy": 3, "expectedPods": 4}


def test_a_pending_replacement_spends_the_budget_until_it_runs() -> None:
    sim = Simulation.from_yaml(SCENARIO)
    sim.run()
    victim = next(p["key"] for p in sim.state()["pods"] if p["name"].startswith("web-"))
    sim.apply({"type": "cordon", "node": "n1"})
    sim.apply({"type": "delete_pod", "pod": victim})
    sim.run(until=sim.now + 5)
    assert pdb_view(sim)["disruptionsAllowed"] == 0
    sim.apply({"type": "uncordon", "node": "n1"})
    sim.run()
    assert pdb_view(sim)["disruptionsAllowed"] == 1


def test_with_a_delay_the_status_lags_the_pods() -> None:
    full = SCENARIO.replace('cpu: "4"', 'cpu: "3"')  # no room for the replacement: it stays Pending
    sim = Simulation.from_yaml(full, config={"disruption_controller_delay_seconds": 4})
    sim.run()
    victim = next(p["key"] for p in sim.state()["pods"] if p["name"].startswith("web-"))
    sim.apply({"type": "delete_pod", "pod": victim})
    deleted_at = sim.now
    assert pdb_view(sim)["disruptionsAllowed"] == 1  # not yet observed
    sim.run(until=deleted_at + 4)
    update = of_kind(sim.events, "pdb.updated")[-1]
    assert (update["t"], update["disruptionsAllowed"]) == (deleted_at + 4, 0)


def test_a_percentage_budget_over_bare_pods_warns_unmanagedpods() -> None:
    sim = Simulation.from_yaml("""
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", pods: "110"}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: bare}
spec: {minAvailable: "50%", selector: {matchLabels: {app: x}}}
""")
    sim.apply({"type": "add_pod", "manifest": {"metadata": {"name": "p", "labels": {"app": "x"}},
                                               "spec": {"containers": [{"name": "c"}]}}})
    messages = k8s_messages(sim, "UnmanagedPods")
    assert len(messages) == 1 and messages[0].startswith("Pods selected by this PodDisruptionBudget (selector: &")
    assert of_kind(sim.events, "k8s.event", reason="UnmanagedPods")[0]["object"] == "default/bare"


STALE = """
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: a-pdb}
spec: {minAvailable: 2, selector: {matchLabels: {app: a}}}
""" + "".join(f"""
---
apiVersion: v1
kind: Node
metadata: {{name: n{i}}}
status: {{allocatable: {{cpu: "1", pods: "110"}}}}
---
apiVersion: v1
kind: Pod
metadata: {{name: a{i}, labels: {{app: a}}}}
spec: {{nodeName: n{i}, containers: [{{name: c, resources: {{requests: {{cpu: "1"}}}}}}]}}
""" for i in (1, 2, 3))


def second_preemption_violations(delay: float) -> list[int]:
    sim = Simulation.from_yaml(STALE, config={"disruption_controller_delay_seconds": delay})
    for name in ("p1", "p2"):
        sim.apply({"type": "add_pod", "manifest": {"metadata": {"name": name}, "spec": {
            "priorityClassName": "high", "containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}})
    sim.run(until=1)
    second = of_kind(sim.events, "preemption.evaluated", pod="default/p2")[0]
    return sorted(c["numPDBViolations"] for c in second["candidates"])


@pytest.mark.parametrize(("delay", "violations"), [
    pytest.param(0, [1, 1], id="a status written at once makes the second victim a PDB violation"),
    pytest.param(5, [0, 0], id="a status still to be written lets preemption read the old disruptionsAllowed"),
])
def test_preemption_reads_the_status_the_controller_last_wrote(delay: float, violations: list[int]) -> None:
    assert second_preemption_violations(delay) == violations


# ---- trySync's events on every sync, the first (when the PDB is added) included --------------------

def bare_pods_scenario(pdb_spec: str, pods: int) -> str:
    return """
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", pods: "110"}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: budget}
spec: """ + pdb_spec + "".join(f"""
---
apiVersion: v1
kind: Pod
metadata: {{name: bare-{i}, labels: {{app: x}}}}
spec: {{nodeName: n1, containers: [{{name: c}}]}}
status: {{startTime: "2025-12-31T23:00:00Z"}}
""" for i in range(pods))


def pdb_events(sim: Simulation) -> list[tuple[float, str, str, str]]:
    return [(e["t"], e["type"], e["reason"], e["message"]) for e in of_kind(sim.events, "k8s.event", object="default/budget")]


@pytest.mark.parametrize("version", VERSIONS)
def test_a_budget_matching_no_pod_gets_nopods_at_its_first_sync(version: str) -> None:
    sim = Simulation.from_yaml(bare_pods_scenario("{minAvailable: 1, selector: {matchLabels: {app: none}}}", 1),
                               config={"version": version})
    assert sim.events[1] == {"seq": 2, "t": 0.0, "kind": "k8s.event", "type": "Normal", "reason": "NoPods",
                             "object": "default/budget", "objectKind": "PodDisruptionBudget", "action": None,
                             "message": "No matching pods found", "related": None}
    sim.run()
    assert len(pdb_events(sim)) == 1  # nothing it selects changes, so it is not synced again


@pytest.mark.parametrize("version", VERSIONS)
def test_a_budget_over_bare_pods_warns_unmanagedpods_at_its_first_sync_and_every_sync_after(version: str) -> None:
    sim = Simulation.from_yaml(bare_pods_scenario("{maxUnavailable: 1, selector: {matchLabels: {app: x}}}", 2),
                               config={"version": version})
    warning = (0.0, "Warning", "UnmanagedPods", unmanaged_pods_message(
        PodDisruptionBudget("budget", selector=LabelSelector(match_labels=(("app", "x"),)), max_unavailable=1)))
    assert pdb_events(sim) == [warning]
    sim.apply({"type": "delete_pod", "pod": "default/bare-0", "gracePeriodSeconds": 0})
    assert pdb_events(sim) == [warning, warning]


@pytest.mark.parametrize("version", VERSIONS)
def test_nopods_is_recorded_again_when_the_last_selected_pod_is_gone(version: str) -> None:
    sim = Simulation.from_yaml(bare_pods_scenario("{minAvailable: 1, selector: {matchLabels: {app: x}}}", 1),
                               config={"version": version})
    assert pdb_events(sim) == []  # an integer minAvailable counts bare pods: nothing to warn about
    sim.apply({"type": "delete_pod", "pod": "default/bare-0", "gracePeriodSeconds": 0})
    assert pdb_events(sim) == [(0.0, "Normal", "NoPods", "No matching pods found")]
