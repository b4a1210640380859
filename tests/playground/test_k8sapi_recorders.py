"""Events as each component records them (playground/k8sapi/recorders.py): the scheduler's series
(client-go tools/events), the controllers' count, aggregation and spam filter (tools/record)."""
from __future__ import annotations

from typing import Any

import pytest

from playground.k8sapi.recorders import COMBINED_PREFIX, Recorded, Recorders

MESSAGE = "0/1 nodes are available: 1 Insufficient cpu."


class Log:
    """A run's event log fed to the recorders, one event at a time; seq 1 is the cluster snapshot."""

    def __init__(self) -> None:
        self.recorders = Recorders(origin=1_800_000_000.0)
        self.seq = 1
        self.failures: dict[str, str] = {}

    def feed(self, t: float, kind: str = "k8s.event", **fields: Any) -> None:
        self.seq += 1
        event = {"seq": self.seq, "t": t, "kind": kind, **fields}
        obj = fields.get("object") or ""
        self.recorders.observe(event, lambda kind, key: f"uid-{kind}-{key}", self.failures.get(obj))
        if fields.get("reason") == "FailedScheduling":
            self.failures[obj] = fields["message"]

    def failed(self, t: float, pod: str = "default/big", message: str = MESSAGE) -> None:
        self.feed(t, type="Warning", reason="FailedScheduling", object=pod, action="Scheduling", message=message)

    def controller(self, t: float, kind: str, reason: str, message: str, obj: str = "default/web") -> None:
        self.feed(t, type="Normal", reason=reason, object=obj, objectKind=kind, action=None, message=message)

    def events(self, reason: str | None = None) -> list[Recorded]:
        return [e for e in self.recorders.events.values() if reason is None or e.reason == reason]


# ---- kube-scheduler: tools/events -----------------------------------------------------------

def test_the_first_failure_changes_the_pod_so_the_second_is_a_new_event_and_the_third_its_series() -> None:
    log = Log()
    for t in (0.0, 10.0, 20.0):
        log.failed(t)
    first, second = log.events()
    assert (first.regarding["resourceVersion"], first.event_time, first.series) == ("1", 0.0, None)
    assert (second.regarding["resourceVersion"], second.event_time, second.series) == ("2", 10.0, (2, 20.0))
    assert (first.api, first.controller, first.instance, first.action, first.message) == \
        ("events.k8s.io/v1", "default-scheduler", "default-scheduler-playground", "Scheduling", MESSAGE)


def test_the_note_is_no_part_of_the_key_but_the_pod_it_changes_makes_the_next_failure_a_new_event() -> None:
    log = Log()
    other = "0/2 nodes are available: 2 Insufficient cpu."
    for t, message in ((0.0, MESSAGE), (10.0, MESSAGE), (20.0, other), (30.0, other)):
        log.failed(t, message=message)
    assert [(e.event_time, e.series, e.message) for e in log.events()] == [
        (0.0, None, MESSAGE), (10.0, (2, 20.0), MESSAGE), (30.0, None, other)]


def test_later_repeats_only_count_in_the_cache_until_the_series_has_been_quiet_for_six_minutes() -> None:
    log = Log()
    for t in (0.0, 10.0, 20.0, 30.0, 40.0):
        log.failed(t)
    series = log.events()[1]
    assert series.series == (2, 20.0)  # 30 s and 40 s are counted, not written
    log.recorders.advance(719.0, log.seq)  # finishSeries runs every 6 minutes from 0: not yet at 719 s
    assert series.series == (2, 20.0)
    log.recorders.advance(720.0, log.seq)  # last observed at 40 s, before 720 s − 6 min: the final count
    assert series.series == (4, 40.0) and log.recorders.changed == {series.key}


def test_a_repeat_after_the_series_finished_is_a_new_event() -> None:
    log = Log()
    for t in (0.0, 10.0, 20.0):
        log.failed(t)
    log.recorders.advance(720.0, log.seq)  # written and forgotten
    log.failed(800.0)
    assert [e.event_time for e in log.events()] == [0.0, 10.0, 800.0]


def test_refresh_writes_a_running_series_every_thirty_minutes() -> None:
    log = Log()
    for t in (0.0, 10.0, 20.0, 320.0, 620.0, 920.0, 1220.0, 1520.0, 1820.0):  # never quiet for 6 minutes
        log.failed(t)
    assert log.events()[1].series == (7, 1520.0)  # written at 1800 s; 1820 s waits in the cache


def test_the_scheduled_event_names_the_pod_as_queued_and_preempted_names_the_preemptor_as_related() -> None:
    log = Log()
    log.feed(1.0, kind="pod.bound", pod="default/big", node="node-a", cycle=1)
    log.feed(1.0, type="Normal", reason="Scheduled", object="default/big", action="Binding",
             message="Successfully assigned default/big to node-a")
    log.feed(2.0, type="Normal", reason="Preempted", object="default/victim", action="Preempting",
             message="Preempted by pod uid-big on node node-a", related="default/big")
    scheduled, preempted = log.events()
    assert scheduled.regarding["resourceVersion"] == "1"  # the pod before binding (assumedPodInfo.Pod)
    assert preempted.related == {"kind": "Pod", "namespace": "default", "name": "big", "uid": "uid-Pod-default/big",
                                 "apiVersion": "v1", "resourceVersion": "2"}


# ---- controllers: tools/record ----------------------------------------------------------------

@pytest.mark.parametrize(("kind", "component", "api_version"), [
    pytest.param("Deployment", "deployment-controller", "apps/v1", id="a Deployment's from deployment-controller"),
    pytest.param("ReplicaSet", "replicaset-controller", "apps/v1", id="a ReplicaSet's from replicaset-controller"),
    pytest.param("StatefulSet", "statefulset-controller", "apps/v1", id="a StatefulSet's from statefulset-controller"),
    pytest.param("DaemonSet", "daemonset-controller", "apps/v1", id="a DaemonSet's from daemonset-controller"),
    pytest.param("Job", "job-controller", "batch/v1", id="a Job's from job-controller"),
    pytest.param("PodDisruptionBudget", "controllermanager", "policy/v1",
                 id="a PDB's from the disruption controller's controllermanager"),
])
def test_each_controller_names_its_own_object_and_source(kind: str, component: str, api_version: str) -> None:
    log = Log()
    log.controller(3.0, kind, "Reason", "a message")
    (event,) = log.events()
    assert (event.api, event.source, event.controller, event.instance) == ("v1", {"component": component}, component, "")
    assert event.regarding == {"kind": kind, "namespace": "default", "name": "web", "uid": f"uid-{kind}-default/web",
                               "apiVersion": api_version, "resourceVersion": "1"}
    assert (event.first, event.last, event.count, event.event_time) == (3.0, 3.0, 1, None)
    assert event.name.startswith("web.")


def test_an_identical_event_counts_on_the_first_one() -> None:
    log = Log()
    log.controller(0.0, "PodDisruptionBudget", "NoPods", "No matching pods found")
    name = log.events()[0].name
    log.controller(30.0, "PodDisruptionBudget", "NoPods", "No matching pods found")
    (event,) = log.events()
    assert (event.name, event.first, event.last, event.count, event.written) == (name, 0.0, 30.0, 2, log.seq)


def test_the_tenth_message_of_a_reason_within_ten_minutes_is_combined() -> None:
    log = Log()
    for i in range(11):
        log.controller(float(i), "ReplicaSet", "SuccessfulCreate", f"Created pod: web-{i}")
    events = log.events()
    assert len(events) == 10 and [e.count for e in events[:9]] == [1] * 9
    combined = events[9]
    assert (combined.message, combined.count, combined.first, combined.last) == \
        (COMBINED_PREFIX + "Created pod: web-10", 2, 9.0, 10.0)
    assert (combined.controller, combined.source) == ("", {"component": "replicaset-controller"})


def test_similar_messages_ten_minutes_apart_are_not_combined() -> None:
    log = Log()
    for i in range(12):
        log.controller(601.0 * i, "ReplicaSet", "SuccessfulCreate", f"Created pod: web-{i}")
    assert not any(e.message.startswith(COMBINED_PREFIX) for e in log.events())


def test_the_spam_filter_passes_25_events_then_one_per_five_minutes_with_the_count_seen_so_far() -> None:
    log = Log()
    for t in range(30):
        log.controller(float(t), "PodDisruptionBudget", "NoPods", "No matching pods found")
    (event,) = log.events()
    assert (event.count, event.last) == (25, 24.0)
    log.controller(330.0, "PodDisruptionBudget", "NoPods", "No matching pods found")
    assert (event.count, event.last) == (31, 330.0)
