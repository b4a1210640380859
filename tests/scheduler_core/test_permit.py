"""Reserve, Permit (waiting pods, Allow, Reject, timeouts), PreBind and PostBind as schedule_one.go and
framework.go run them, with the teaching PermitGate (SchedulerConfig.permit_gate_label)."""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core import CommandError, SchedulerConfig, Simulation
from scheduler_core.config import ConfigError
from scheduler_core.events import fold
from scheduler_core.framework.interface import Code, CycleState, Status
from scheduler_core.framework.runtime import Framework
from scheduler_core.waiting_pods import go_duration
from tests.scheduler_core.builders import make_node, make_pod
from tests.scheduler_core.simkit import k8s_messages, of_kind, pod_view, simulate

GATE = {"permit_gate_label": "gate=yes", "permit_gate_timeout_seconds": 30}
GATED = {"gate": "yes"}


def gate_run(*pods: Any, cpu: str = "2", config: dict[str, Any] | None = None, nodes: int = 1) -> Simulation:
    return simulate([make_node(f"n{i + 1}", cpu=cpu) for i in range(nodes)], pods, config={**GATE, **(config or {})})


def requested_cpu(sim: Simulation, node: str = "n1") -> int:
    return sim.cluster.node_infos[node].requested.get("cpu", 0)


def assert_folds(sim: Simulation) -> None:
    assert {**fold(sim.events), "time": sim.now} == {**sim.state(), "time": sim.now}


def test_a_gated_pod_waits_assumed_on_its_node_and_holds_its_resources() -> None:
    sim = gate_run(make_pod("gated", cpu="1500m", labels=GATED), make_pod("other", cpu="1"))
    sim.run(until=10)
    waiting = of_kind(sim.events, "permit.waiting", pod="default/gated")
    assert waiting == [{**waiting[0], "node": "n1", "cycle": 1, "plugins": {"PermitGate": 30.0}, "until": 30.0}]
    assert pod_view(sim, "default/gated")["nodeName"] is None  # not bound: spec.nodeName is empty
    assert pod_view(sim, "default/gated")["queue"] == "waiting"
    assert sim.state()["waitingPods"] == [{"pod": "default/gated", "node": "n1", "cycle": 1,
                                           "plugins": ["PermitGate"], "until": 30.0}]
    assert requested_cpu(sim) == 1500  # assumed: other pods see the node as used
    assert k8s_messages(sim, "FailedScheduling", "default/other")[0].startswith("0/1 nodes are available: 1 Insufficient cpu.")
    assert not of_kind(sim.events, "cycle.finished", pod="default/gated")  # the attempt is not over
    assert_folds(sim)


def test_allow_binds_the_waiting_pod_through_prebind_bind_and_postbind() -> None:
    sim = gate_run(make_pod("gated", cpu="1", labels=GATED))
    sim.run(until=5)
    sim.apply({"type": "allow_waiting_pod", "pod": "default/gated"})
    sim.run(until=6)
    kinds = [e["kind"] for e in sim.events if e["t"] == 5]
    assert kinds == ["command.applied", "permit.allowed", "pod.bound", "k8s.event", "cycle.finished"]
    assert k8s_messages(sim, "Scheduled") == ["Successfully assigned default/gated to n1"]
    assert pod_view(sim, "default/gated")["nodeName"] == "n1" and requested_cpu(sim) == 1000
    assert sim.state()["waitingPods"] == [] and sim.metrics["scheduler_schedule_attempts_total"]["scheduled"] == 1
    assert_folds(sim)


def test_reject_unreserves_forgets_and_puts_the_pod_in_unschedulable_pods() -> None:
    sim = gate_run(make_pod("gated", cpu="1500m", labels=GATED), make_pod("other", cpu="1"))
    sim.run(until=5)
    sim.apply({"type": "reject_waiting_pod", "pod": "default/gated", "message": "the gang is incomplete"})
    sim.run(until=6)
    rejected = of_kind(sim.events, "permit.rejected")
    assert [(e["plugin"], e["message"]) for e in rejected] == [("PermitGate", "the gang is incomplete")]
    assert k8s_messages(sim, "FailedScheduling", "default/gated") == [
        "0/1 nodes are available: 1 the gang is incomplete."]  # FitError with NumAllNodes 1
    assert sim.state()["queues"]["unschedulable"][0] == {
        "pod": "default/gated", "plugins": ["PermitGate"],
        "message": "0/1 nodes are available: 1 the gang is incomplete."}
    # ForgetPod freed the node: AssignedPodDelete moved `other`, which now fits
    assert of_kind(sim.events, "queue.moved", pod="default/other", event="AssignedPodDelete")
    assert pod_view(sim, "default/other")["nodeName"] == "n1" and requested_cpu(sim) == 1000
    assert_folds(sim)


def test_the_timeout_rejects_on_the_virtual_clock_with_upstreams_message() -> None:
    sim = gate_run(make_pod("gated", cpu="1", labels=GATED), config={"permit_gate_timeout_seconds": 90})
    sim.run(until=89.9)
    assert not of_kind(sim.events, "permit.rejected")
    sim.run(until=91)
    [rejected] = of_kind(sim.events, "permit.rejected")
    assert rejected["t"] == 90
    assert rejected["message"] == "rejected due to timeout after waiting 1m30s at plugin PermitGate"
    assert requested_cpu(sim) == 0
    assert_folds(sim)


def test_run_permit_plugins_caps_a_wait_at_fifteen_minutes() -> None:
    sim = gate_run(make_pod("gated", cpu="1", labels=GATED), config={"permit_gate_timeout_seconds": 3600})
    sim.run()
    [rejected] = of_kind(sim.events, "permit.rejected")
    assert (rejected["t"], rejected["message"]) == (900, "rejected due to timeout after waiting 15m0s at plugin PermitGate")


def test_a_pod_without_the_label_passes_permit_and_binds_in_its_cycle() -> None:
    sim = gate_run(make_pod("free", cpu="1", labels={"gate": "no"}))
    sim.run()
    assert not of_kind(sim.events, "permit.waiting")
    assert pod_view(sim, "default/free")["nodeName"] == "n1"


def test_taking_the_label_off_a_rejected_pod_requeues_it_past_the_gate() -> None:
    sim = gate_run(make_pod("gated", cpu="1", labels=GATED))
    sim.run(until=31)  # timed out at 30
    sim.apply({"type": "set_pod_labels", "pod": "default/gated", "labels": {}})
    sim.run(until=40)
    assert of_kind(sim.events, "queue.moved", pod="default/gated", event="UpdatePodLabel")
    assert pod_view(sim, "default/gated")["nodeName"] == "n1"


YAML = """\
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: low, namespace: default, labels: {gate: "yes"}}
spec: {containers: [{name: c, resources: {requests: {cpu: 1500m}}}]}
"""
HIGH = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "high", "namespace": "default"},
        "spec": {"priorityClassName": "high", "containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}


@pytest.mark.parametrize("version", ["v1.34", "v1.32"], ids=["async preemption", "synchronous preemption"])
def test_a_waiting_victim_is_rejected_not_deleted(version: str) -> None:
    sim = Simulation.from_yaml(YAML, config={**GATE, "version": version})
    sim.run(until=5)
    sim.apply({"type": "add_pod", "manifest": HIGH})
    sim.run(until=10)
    assert [e["victims"] for e in of_kind(sim.events, "preemption.evaluated", pod="default/high")] == [["default/low"]]
    assert not of_kind(sim.events, "pod.terminating")  # never deleted
    assert k8s_messages(sim, "Preempted", "default/low")[0].startswith("Preempted by pod ")
    [rejected] = of_kind(sim.events, "permit.rejected")
    assert (rejected["plugin"], rejected["message"]) == ("DefaultPreemption", "preempted")
    assert k8s_messages(sim, "FailedScheduling", "default/low") == ["0/1 nodes are available: 1 preempted."]
    assert pod_view(sim, "default/low")["phase"] == "Pending"
    assert pod_view(sim, "default/high")["nodeName"] == "n1"
    assert_folds(sim)


def test_deleting_a_waiting_pod_rejects_it_as_removed_and_frees_the_node() -> None:
    sim = gate_run(make_pod("gated", cpu="1500m", labels=GATED), make_pod("other", cpu="1"))
    sim.run(until=5)
    sim.apply({"type": "delete_pod", "pod": "default/gated"})
    sim.run(until=6)
    assert [e["message"] for e in of_kind(sim.events, "permit.rejected")] == ["removed"]
    assert "default/gated" not in sim.cluster.assumed and pod_view(sim, "default/other")["nodeName"] == "n1"
    assert_folds(sim)


@pytest.mark.parametrize("command", [
    pytest.param({"type": "allow_waiting_pod", "pod": "default/free"}, id="allow a pod that is not waiting"),
    pytest.param({"type": "reject_waiting_pod", "pod": "default/nope"}, id="reject a pod that does not exist"),
    pytest.param({"type": "reject_waiting_pod", "pod": "default/gated", "message": 3}, id="a message that is not a string"),
])
def test_waiting_pod_commands_refuse_bad_input_naming_the_field(command: dict[str, Any]) -> None:
    sim = gate_run(make_pod("gated", cpu="1", labels=GATED), make_pod("free", cpu="100m"))
    sim.run(until=1)
    with pytest.raises(CommandError) as err:
        sim.apply(command)
    assert err.value.path in ("command.pod", "command.message")


def test_config_refuses_a_bad_gate_label_and_timeout() -> None:
    with pytest.raises(ConfigError, match="config.permit_gate_label"):
        SchedulerConfig(permit_gate_label="bad key=x")
    with pytest.raises(ConfigError, match="config.permit_gate_timeout_seconds"):
        SchedulerConfig(permit_gate_label="gate", permit_gate_timeout_seconds=0)


def test_replay_from_a_snapshot_continues_byte_for_byte() -> None:
    sim = Simulation.from_yaml(YAML, config=GATE)
    sim.run(until=3)
    sim.apply({"type": "add_pod", "manifest": {
        "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "g2", "namespace": "default", "labels": GATED},
        "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "100m"}}}]}}})
    sim.run(until=3.5)
    sim.apply({"type": "allow_waiting_pod", "pod": "default/g2"})
    sim.run(until=4)
    again = Simulation.restore(sim.snapshot())
    assert again.events == sim.events
    sim.run()
    again.run()
    assert again.events == sim.events and of_kind(sim.events, "permit.rejected", pod="default/low")


def test_without_the_gate_the_profile_has_no_permit_plugin_and_the_state_no_waiting_pods() -> None:
    sim = simulate([make_node("n1")], [make_pod("p", cpu="1")])
    sim.run()
    profile = sim.events[0]["profile"]
    assert profile["permit"] == [] and profile["postBind"] == []
    assert profile["reserve"] == profile["preBind"] == ["DynamicResources"]
    assert "waitingPods" not in sim.state()


# ---- the framework's runners, with recording plugins -----------------------------------------


SUCCESS = Status.success()


class Recorder:
    def __init__(self, name: str, log: list[str], reserve: Status = SUCCESS,
                 permit: tuple[Status, float] = (SUCCESS, 0)) -> None:
        self.name, self.log, self._reserve, self._permit = name, log, reserve, permit

    def reserve(self, state: CycleState, pod: Any, node: str) -> Status:
        self.log.append(f"Reserve {self.name}")
        return self._reserve

    def unreserve(self, state: CycleState, pod: Any, node: str) -> None:
        self.log.append(f"Unreserve {self.name}")

    def permit(self, state: CycleState, pod: Any, node: str) -> tuple[Status, float]:
        self.log.append(f"Permit {self.name}")
        return self._permit


def test_reserve_stops_at_the_first_failure_and_unreserve_runs_every_plugin_in_reverse() -> None:
    log: list[str] = []
    fw = Framework([Recorder("A", log), Recorder("B", log, reserve=Status.unschedulable("no room")),
                    Recorder("C", log)], {})
    status = fw.run_reserve_plugins_reserve(CycleState(), make_pod(), "n1")
    assert (status.code, status.plugin, status.message) == (Code.UNSCHEDULABLE, "B", "no room")
    assert fw.run_reserve_plugins_unreserve(CycleState(), make_pod(), "n1") == ["C", "B", "A"]
    assert log == ["Reserve A", "Reserve B", "Unreserve C", "Unreserve B", "Unreserve A"]


def test_permit_runs_every_plugin_after_a_wait_and_stops_at_a_rejection() -> None:
    log: list[str] = []
    wait = (Status(Code.WAIT), 20.0)
    fw = Framework([Recorder("A", log, permit=wait), Recorder("B", log, permit=(Status(Code.WAIT), 1e6))], {})
    status, waits = fw.run_permit_plugins(CycleState(), make_pod(name="p"), "n1")
    assert status.code == Code.WAIT and waits == {"A": 20.0, "B": 900.0}
    assert status.message == 'one or more plugins asked to wait and no plugin rejected pod "p"'
    log.clear()
    fw = Framework([Recorder("A", log, permit=wait), Recorder("B", log, permit=(Status.unschedulable("no"), 0)),
                    Recorder("C", log)], {})
    status, waits = fw.run_permit_plugins(CycleState(), make_pod(), "n1")
    assert (status.code, status.plugin, waits, log) == (Code.UNSCHEDULABLE, "B", {}, ["Permit A", "Permit B"])


def test_a_permit_rejection_in_the_scheduling_cycle_unreserves_and_fails_with_a_one_node_fit_error() -> None:
    sim = simulate([make_node("n1")], [make_pod("p", cpu="1")])
    log: list[str] = []
    sim.framework.reserve_plugins.append(Recorder("Spy", log))
    sim.framework.permit_plugins.append(Recorder("Spy", log, permit=(Status.unschedulable("not today"), 0)))
    sim.run(until=1)
    assert log == ["Reserve Spy", "Permit Spy", "Unreserve Spy"]
    assert k8s_messages(sim, "FailedScheduling") == ["0/1 nodes are available: 1 not today."]
    assert sim.cluster.assumed == {} and requested_cpu(sim) == 0


@pytest.mark.parametrize(("seconds", "text"), [(30, "30s"), (60, "1m0s"), (90, "1m30s"), (900, "15m0s"),
                                                (3600, "1h0m0s"), (1.5, "1.5s")])
def test_go_duration_prints_as_time_duration_does(seconds: float, text: str) -> None:
    assert go_duration(seconds) == text
