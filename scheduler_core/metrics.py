"""kube-scheduler's /metrics for one run: the Prometheus text exposition format, computed from the
State (docs/events.md) and the run's `queue.moved` events.

Names, labels, help texts, stability levels and buckets are upstream's (pkg/scheduler/metrics/
metrics.go, unchanged v1.29–v1.35); component-base prefixes a stable metric's help with
`[STABLE] `. Only the metrics the model can compute are exposed — the latency histograms need wall
time a zero-duration cycle does not have. As upstream's CounterVecs, a labelled counter shows only
the label values observed so far; gauges and unlabelled counters are always there.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

PROFILE = "default-scheduler"  # the only profile: its schedulerName

# upstream metrics.ExponentialBuckets(1, 2, 7): "we think #victims>64 is pretty rare"
PREEMPTION_VICTIMS_BUCKETS: tuple[float, ...] = tuple(float(2 ** i) for i in range(7))

# (name, type, help) as metrics.go declares them; all five are STABLE.
FAMILIES: tuple[tuple[str, str, str], ...] = (
    ("scheduler_pending_pods", "gauge",
     ("Number of pending pods, by the queue type. 'active' means number of pods in activeQ; 'backoff' means "
     "number of pods in backoffQ; 'unschedulable' means number of pods in unschedulablePods that the scheduler "
     "attempted to schedule and failed; 'gated' is the number of unschedulable pods that the scheduler never "
     "attempted to schedule because they are gated.")),
    ("scheduler_preemption_attempts_total", "counter", "Total preemption attempts in the cluster till now"),
    ("scheduler_preemption_victims", "histogram", "Number of selected preemption victims"),
    ("scheduler_queue_incoming_pods_total", "counter",
     "Number of pods added to scheduling queues by event and queue type."),
    ("scheduler_schedule_attempts_total", "counter",
     ("Number of attempts to schedule pods, by the result. 'unschedulable' means a pod could not be scheduled, "
     "while 'error' means an internal scheduler problem.")),
)

# The model's queue names → upstream's queue label for queue_incoming_pods_total: a gated pod sits in
# unschedulablePods upstream (moveToActiveQ → unschedulablePods.addOrUpdate counts "unschedulable").
_UPSTREAM_QUEUE = {"active": "active", "backoff": "backoff", "unschedulable": "unschedulable", "gated": "unschedulable"}
# The model shows an async preemptor gated by DefaultPreemption (docs/scheduler_core.md); upstream it is
# in unschedulablePods, not gated (AddUnschedulableIfNotPresent runs no PreEnqueue).
_PREEMPTION_GATE = "DefaultPreemption"

Incoming = dict[tuple[str, str], int]  # (queue, event) → pods added


class IncomingCounter:
    """scheduler_queue_incoming_pods_total, fed the run's events in order (only `cluster.snapshot` and
    `queue.moved` matter). A pod counts when it enters activeQ, backoffQ or unschedulablePods from
    outside it: Pop and moves within unschedulablePods (gated → unschedulable) do not count."""

    KINDS = ("cluster.snapshot", "queue.moved")

    def __init__(self) -> None:
        self.counts: Incoming = {}

    def feed(self, events: Iterable[Mapping[str, Any]]) -> IncomingCounter:
        for event in events:
            if event["kind"] == "cluster.snapshot":
                self.counts = {}
                queues = event["state"]["queues"]
                for name in ("active", "backoff", "unschedulable", "gated"):
                    for _ in queues.get(name, ()):
                        self._add(_UPSTREAM_QUEUE[name], "PodAdd")
            elif event["kind"] == "queue.moved":
                target = _UPSTREAM_QUEUE.get(event.get("to") or "")
                if target is not None and target != _UPSTREAM_QUEUE.get(event.get("from") or ""):
                    self._add(target, event["event"])
        return self

    def _add(self, queue: str, event: str) -> None:
        self.counts[(queue, event)] = self.counts.get((queue, event), 0) + 1


def pending_pods(state: Mapping[str, Any]) -> dict[str, int]:
    queues = state["queues"]
    gated = [g for g in queues["gated"] if g.get("plugin") != _PREEMPTION_GATE]
    return {"active": len(queues["active"]), "backoff": len(queues["backoff"]), "gated": len(gated),
            "unschedulable": len(queues["unschedulable"]) + len(queues["gated"]) - len(gated)}


def exposition(state: Mapping[str, Any], incoming: Incoming) -> str:
    """The text format (version 0.0.4) kube-scheduler's /metrics answers, families sorted by name."""
    metrics = state["metrics"]
    lines: list[str] = []
    for name, kind, help_text in FAMILIES:
        lines += [f"# HELP {name} [STABLE] {help_text}", f"# TYPE {name} {kind}"]
        if name == "scheduler_pending_pods":
            for queue, value in sorted(pending_pods(state).items()):
                lines.append(f'{name}{{queue="{queue}"}} {value}')
        elif name == "scheduler_preemption_attempts_total":
            lines.append(f"{name} {metrics['scheduler_preemption_attempts_total']}")
        elif name == "scheduler_preemption_victims":
            victims = metrics["scheduler_preemption_victims"]
            for bound in PREEMPTION_VICTIMS_BUCKETS:
                lines.append(f'{name}_bucket{{le="{_number(bound)}"}} {sum(1 for v in victims if v <= bound)}')
            lines += [f'{name}_bucket{{le="+Inf"}} {len(victims)}', f"{name}_sum {sum(victims)}",
                      f"{name}_count {len(victims)}"]
        elif name == "scheduler_queue_incoming_pods_total":
            for (queue, event), value in sorted(incoming.items(), key=lambda kv: (kv[0][1], kv[0][0])):
                lines.append(f'{name}{{event="{event}",queue="{queue}"}} {value}')
        else:
            for result, value in sorted(metrics["scheduler_schedule_attempts_total"].items()):
                if value:
                    lines.append(f'{name}{{profile="{PROFILE}",result="{result}"}} {value}')
    return "\n".join(lines) + "\n"


def _number(value: float) -> str:
    """Go's strconv.FormatFloat(v, 'g', -1, 64), as the text format writes bucket bounds: 1, 2, 64."""
    return str(int(value)) if value == int(value) else repr(value)


CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
