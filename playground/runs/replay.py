"""The one place that knows how a Run becomes a scheduler_core Simulation and back."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from playground.scenarios.api import RUN_SETTINGS  # playground settings; the rest is SchedulerConfig

if TYPE_CHECKING:
    from scheduler_core import Simulation


def scheduler_config(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in settings.items() if k not in RUN_SETTINGS}


def build(documents: list[dict[str, Any]], settings: dict[str, Any], seed: int,
          timed_commands: list[dict[str, Any]] | None = None) -> Simulation:
    """timed_commands: the run's frozen lesson commands; the simulation applies them itself.
    The documents are the run row's, which nothing changes: the simulation keeps them uncopied."""
    from scheduler_core import Simulation

    return Simulation.from_documents(documents, seed=seed, config=scheduler_config(settings),
                                     timed_commands=timed_commands, copy_documents=False)


def move_clock(sim: Simulation, t: float) -> None:
    """Let virtual time pass up to t. Callers guarantee nothing is due before t."""
    if t > sim.now:
        sim.run(until=t)


def command_time(sim: Simulation, vclock: float) -> float:
    """When a command takes effect: now on the virtual clock, but never past a due happening."""
    next_time = sim.next_time()
    if next_time is not None and vclock >= next_time:
        return float(sim.now)
    return max(vclock, sim.now)


def rejection(error: Any) -> dict[str, Any]:
    """A CommandError as a command's verdict names it: the field as the REST body does ("manifest.spec…", "pod")."""
    return {"field": error.path.removeprefix("command.") or "command", "value": error.value,
            "message": error.message}


def last_seq(events: list[dict[str, Any]], default: int) -> int:
    return events[-1]["seq"] if events else default


def ran_a_cycle(events: list[dict[str, Any]]) -> bool:
    return any(e["kind"] == "cycle.finished" for e in events)


Command = tuple[int, float, dict[str, Any]]  # (tick, virtual time, payload) of an applied cluster command


class Cursor:
    """A Simulation and the number of advance() calls made on it (`ticks`): a cluster command is
    recorded with the tick and virtual time it took effect at, and replayed at exactly that point."""

    def __init__(self, sim: Simulation) -> None:
        self.sim, self.ticks = sim, 0

    @property
    def last_seq(self) -> int:
        return last_seq(self.sim.events, 0)

    def advance(self) -> list[dict[str, Any]]:
        self.ticks += 1
        return self.sim.advance()

    def apply(self, payload: dict[str, Any], t: float) -> list[dict[str, Any]]:
        move_clock(self.sim, t)
        return self.sim.apply(payload)

    def replay(self, commands: list[Command], upto_seq: int) -> Iterator[list[dict[str, Any]]]:
        """The one replay of a run's command log, a step at a time (the worker slices it): every
        command at its tick and time, then advances until the stored log's last seq is regenerated."""
        for tick, t, payload in commands:
            while self.ticks < tick:
                yield self.advance()
            yield self.apply(payload, t)
        while self.last_seq < upto_seq:
            if self.sim.next_time() is None:
                raise RuntimeError(f"replay diverged: stored seq {upto_seq}, replay ended at {self.last_seq}")
            yield self.advance()
