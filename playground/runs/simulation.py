"""The one place that knows how a Run becomes a scheduler_core Simulation and back."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scheduler_core import Simulation

RUN_SETTINGS = ("seed", "speed")  # playground settings; the rest is SchedulerConfig


def scheduler_config(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in settings.items() if k not in RUN_SETTINGS}


def build(documents: list[dict[str, Any]], settings: dict[str, Any], seed: int) -> Simulation:
    from scheduler_core import Simulation

    return Simulation.from_documents(documents, seed=seed, config=scheduler_config(settings))


def restore(snapshot: dict[str, Any]) -> Simulation:
    from scheduler_core import Simulation

    return Simulation.restore(snapshot)


def move_clock(sim: Simulation, t: float) -> None:
    """Let virtual time pass up to t. Callers guarantee nothing is due before t."""
    if t > sim.now:
        sim.run(until=t)


def last_seq(events: list[dict[str, Any]], default: int) -> int:
    return events[-1]["seq"] if events else default


def ran_a_cycle(events: list[dict[str, Any]]) -> bool:
    return any(e["kind"] == "cycle.finished" for e in events)
