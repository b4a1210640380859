"""What a run computed and has not committed yet, and when to commit it: a commit holds at most
BATCH_EVENTS events (a slice that produced thousands commits them over several slices), and no
event waits longer than BATCH_SECONDS for its commit. Commands' verdicts and a status change go
with the commit that holds every event before them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playground.runs import conf
from playground.runs.clock import Clock

if TYPE_CHECKING:
    from playground.runs.models import RunCommand


class CommitBatcher:
    def __init__(self, clock: Clock, wall: Clock) -> None:
        self.clock, self.wall = clock, wall
        self.events: list[dict[str, Any]] = []  # produced, not yet committed
        self.applied: list[RunCommand] = []  # answered, verdicts not yet committed
        self.status_changed = True  # it just left `queued`, or a new engine holds it
        self.started = clock()  # engine time the pending batch's first event was computed ...
        self.produced_at: float | None = None  # ... and its Unix time (viewers measure their lag with it)

    def emit(self, events: list[dict[str, Any]]) -> None:
        if events and not self.events:
            self.produced_at, self.started = self.wall(), self.clock()
        self.events += events

    def full(self) -> bool:
        return len(self.events) >= conf.BATCH_EVENTS

    def aged(self, now: float) -> bool:
        return now - self.started >= conf.BATCH_SECONDS

    def pending(self) -> bool:
        return bool(self.events or self.applied or self.status_changed)

    def oversized(self) -> bool:
        """More events than one commit holds."""
        return len(self.events) > conf.BATCH_EVENTS

    def take_oldest(self) -> list[dict[str, Any]]:
        """The oldest BATCH_EVENTS events, for a commit of their own (`put_back` should it fail)."""
        chunk, self.events = self.events[:conf.BATCH_EVENTS], self.events[conf.BATCH_EVENTS:]
        return chunk

    def put_back(self, chunk: list[dict[str, Any]]) -> None:
        self.events = chunk + self.events

    def committed(self) -> None:
        """Everything pending was committed."""
        self.events, self.applied, self.status_changed, self.produced_at = [], [], False, None
