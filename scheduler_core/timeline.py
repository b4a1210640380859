"""The timeline every part of the engine shares: the virtual clock, the timer heap, the event log
with the metrics it implies, and the cluster's change counter.

It decides nothing. The Simulation moves the clock and runs due timers; ClusterActions and the
command handler push timers and emit events; the scheduling queue records the generation a pod
failed at, so an idle leftover flush can tell whether the cluster changed since.
"""
from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from typing import Any

from scheduler_core.object_views import t


class Timeline:
    def __init__(self) -> None:
        self.now = 0.0
        self.events: list[dict[str, Any]] = []
        self.metrics: dict[str, Any] = _empty_metrics()
        self.silent = True  # building the initial cluster: its state is one cluster.snapshot event
        self.generation = 0  # bumped on every cluster change
        self._timers: list[tuple[float, int, str, str]] = []
        self._counter = itertools.count()

    def emit(self, kind: str, **fields: Any) -> None:
        if self.silent:
            return
        event = {"seq": len(self.events) + 1, "t": t(self.now), "kind": kind, **fields}
        self.events.append(event)
        _account(self.metrics, event)

    def changed(self) -> None:
        self.generation += 1

    # ---- timers: (time, insertion order) decides, so equal times fire in the order pushed ----

    def push(self, when: float, kind: str, payload: str) -> None:
        heapq.heappush(self._timers, (when, next(self._counter), kind, payload))

    def next_timer(self) -> float | None:
        return self._timers[0][0] if self._timers else None

    def pop_due(self) -> Iterator[tuple[str, str]]:
        """Timers due at ``now``, earliest first; one pushed for ``now`` meanwhile fires too."""
        while self._timers and self._timers[0][0] <= self.now:
            _, _, kind, payload = heapq.heappop(self._timers)
            yield kind, payload


def _empty_metrics() -> dict[str, Any]:
    return {
        "scheduler_preemption_attempts_total": 0,
        "scheduler_preemption_victims": [],
        "scheduler_schedule_attempts_total": {"scheduled": 0, "unschedulable": 0, "error": 0},
    }


def _account(metrics: dict[str, Any], event: dict[str, Any]) -> None:
    """Metrics follow from events, so folding events reproduces them."""
    kind = event["kind"]
    if kind == "preemption.evaluated":
        metrics["scheduler_preemption_attempts_total"] += 1
        if event.get("chosen"):
            metrics["scheduler_preemption_victims"].append(len(event.get("victims") or []))
    elif kind == "cycle.finished":
        metrics["scheduler_schedule_attempts_total"][event["result"]] += 1
