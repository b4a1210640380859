"""A run's virtual clock, anchored to its engine's clock: virtual time `vt` at engine time `at`,
moving at the run's speed while it runs and standing still otherwise — never behind its
simulation. Viewers extrapolate the last anchor they were told (docs/runs.md, `clock`); the clock
knows when that drifted and a new one is due."""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from playground.runs import conf
from playground.runs.lifecycle import RUNNING

Clock = Callable[[], float]


class Paced(Protocol):
    """What the clock reads of its run (a Run row)."""

    status: str
    speed: float


class VirtualClock:
    def __init__(self, run: Paced, clock: Clock, vt: float, floor: Clock) -> None:
        """``floor``: the simulation's own time, which the clock never falls behind."""
        self.run, self.clock, self.floor = run, clock, floor
        self.vt, self.at = vt, clock()
        self.published = (vt, 0.0)  # (virtual time, Unix time) of the anchor viewers last got

    def now(self) -> float:
        run = self.run
        if run.status != RUNNING or run.speed == 0:
            return max(self.vt, self.floor())
        return self.vt + (self.clock() - self.at) * run.speed

    def anchor(self, vt: float) -> None:
        """Virtual time is `vt` now (the simulation's, should it be ahead)."""
        self.vt, self.at = max(vt, self.floor()), self.clock()

    def wall_delay(self, next_time: float) -> float:
        """Engine seconds until virtual time reaches ``next_time``; 0 at speed 0 (nothing waits)."""
        speed = self.run.speed
        return 0.0 if speed == 0 else (next_time - self.now()) / speed

    def display(self, next_time: float | None) -> float:
        """The time viewers are told: now, but never past the next happening (it has not happened)."""
        now = self.now()
        return min(now, next_time) if next_time is not None else now

    def told(self, vt: float, wall: float) -> None:
        """Viewers got the anchor `vt` at Unix time `wall`."""
        self.published = (vt, wall)

    def drifted(self, wall: float, next_time: Callable[[], float | None]) -> bool:
        """A running run's viewers extrapolate the last anchor they got: a new one is due when that
        drifted (speed 0, a busy engine), at most every REANCHOR_SECONDS. ``next_time``: the
        simulation's next happening, asked only then (it costs a look at every queue)."""
        if self.run.status != RUNNING:
            return False
        vt, told_at = self.published
        expected = vt + (wall - told_at) * self.run.speed
        return wall - told_at >= conf.REANCHOR_SECONDS and abs(self.display(next_time()) - expected) > 0.05
