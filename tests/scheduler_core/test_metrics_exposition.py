"""kube-scheduler's /metrics for a run (scheduler_core/metrics.py), read back with the Prometheus
client's own parser and checked against upstream pkg/scheduler/metrics/metrics.go: names, types,
labels, the `[STABLE]` help prefix and the preemption_victims buckets (ExponentialBuckets(1, 2, 7))."""
from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from scheduler_core import Simulation
from scheduler_core.events import fold
from scheduler_core.metrics import IncomingCounter, exposition

# metrics.go: (name as exposed, type, label names, help starts with)
UPSTREAM = {
    "scheduler_preemption_attempts_total": ("counter", set(), "[STABLE] Total preemption attempts in the cluster till now"),
    "scheduler_preemption_victims": ("histogram", {"le"}, "[STABLE] Number of selected preemption victims"),
    "scheduler_schedule_attempts_total": ("counter", {"result", "profile"}, "[STABLE] Number of attempts to schedule pods, by the result."),
    "scheduler_pending_pods": ("gauge", {"queue"}, "[STABLE] Number of pending pods, by the queue type."),
    "scheduler_queue_incoming_pods_total": ("counter", {"queue", "event"}, "[STABLE] Number of pods added to scheduling queues by event and queue type."),
}
UPSTREAM_VICTIM_BUCKETS = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, float("inf")]  # metrics.ExponentialBuckets(1, 2, 7) + Inf

# One 2-CPU node full of low-priority pods; a high-priority pod preempts two of them.
SCENARIO = """
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: low-1, namespace: default}
spec: {nodeName: n1, containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: low-2, namespace: default}
spec: {nodeName: n1, containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: big, namespace: default}
spec:
  priorityClassName: high
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: gated, namespace: default}
spec:
  schedulingGates: [{name: example.com/hold}]
  containers: [{name: c, image: x}]
"""


def families(sim: Simulation) -> dict[str, object]:
    text = exposition(sim.state(), IncomingCounter().feed(sim.events).counts)
    return {f.name: f for f in text_string_to_metric_families(text)}


def samples(family: object) -> list[tuple[str, dict[str, str], float]]:
    return [(s.name, s.labels, s.value) for s in family.samples]  # type: ignore[attr-defined]


def test_names_types_labels_and_help_are_upstreams() -> None:
    sim = Simulation.from_yaml(SCENARIO, seed=0)
    sim.run()
    found = families(sim)
    # the parser strips a counter's _total from the family name
    names = {f.name + ("_total" if f.type == "counter" else ""): f for f in found.values()}  # type: ignore[attr-defined]
    assert set(names) == set(UPSTREAM)
    for name, (kind, labels, help_start) in UPSTREAM.items():
        family = names[name]
        assert family.type == kind, name  # type: ignore[attr-defined]
        assert family.documentation.startswith(help_start), name  # type: ignore[attr-defined]
        for _, sample_labels, _ in samples(family):
            assert set(sample_labels) <= labels | {"le"} and set(sample_labels) >= labels - {"le"}, name


def test_values_follow_the_run() -> None:
    sim = Simulation.from_yaml(SCENARIO, seed=0)
    sim.run()
    found = families(sim)
    victims = samples(found["scheduler_preemption_victims"])
    buckets = [(float(labels["le"]), value) for name, labels, value in victims if name.endswith("_bucket")]
    assert [b for b, _ in buckets] == UPSTREAM_VICTIM_BUCKETS
    assert [v for _, v in buckets] == [0, 1, 1, 1, 1, 1, 1, 1]  # one preemption with 2 victims
    assert ("scheduler_preemption_victims_sum", {}, 2.0) in victims
    assert samples(found["scheduler_preemption_attempts"]) == [("scheduler_preemption_attempts_total", {}, 1.0)]
    attempts = {s[1]["result"]: s[2] for s in samples(found["scheduler_schedule_attempts"])}
    assert attempts == {"unschedulable": 1.0, "scheduled": 1.0}
    assert {s[1]["queue"]: s[2] for s in samples(found["scheduler_pending_pods"])} == {
        "active": 0, "backoff": 0, "unschedulable": 0, "gated": 1}
    incoming = {(s[1]["queue"], s[1]["event"]): s[2] for s in samples(found["scheduler_queue_incoming_pods"])}
    # big and gated were queued at the start (PodAdd; a gated pod enters unschedulablePods), big failed
    # once and came back when a victim was deleted
    assert incoming[("active", "PodAdd")] == 1 and incoming[("unschedulable", "PodAdd")] == 1
    assert incoming[("unschedulable", "ScheduleAttemptFailure")] == 1
    assert sum(v for (q, _), v in incoming.items() if q in ("active", "backoff")) == 2


def test_metrics_at_an_earlier_step_are_that_steps() -> None:
    sim = Simulation.from_yaml(SCENARIO, seed=0)
    sim.run()
    first = next(i for i, e in enumerate(sim.events) if e["kind"] == "cycle.finished")
    upto = sim.events[: first + 1]
    text = exposition(fold(upto), IncomingCounter().feed(upto).counts)
    before = {f.name: f for f in text_string_to_metric_families(text)}
    assert samples(before["scheduler_queue_incoming_pods"]) == [
        ("scheduler_queue_incoming_pods_total", {"event": "PodAdd", "queue": "active"}, 1.0),
        ("scheduler_queue_incoming_pods_total", {"event": "PodAdd", "queue": "unschedulable"}, 1.0),
        ("scheduler_queue_incoming_pods_total", {"event": "ScheduleAttemptFailure", "queue": "unschedulable"}, 1.0)]
    assert samples(before["scheduler_schedule_attempts"]) == [
        ("scheduler_schedule_attempts_total", {"profile": "default-scheduler", "result": "unschedulable"}, 1.0)]
