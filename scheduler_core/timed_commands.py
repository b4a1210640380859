"""Timed commands: commands fixed in advance at virtual times, part of a simulation's input.

A lesson's ``commands:`` (``[{at, command}]``) are applied by the simulation itself at ``at``,
after every other happening due at ``at`` and before anything later — exactly what
``sim.run(until=at); sim.apply(command)`` does — and commands sharing an ``at`` are applied
together, before the scheduler pops again. Because they are input (like the scenario and the
seed), a snapshot carries them and a restore replays them: no caller needs extra logic.
"""
from __future__ import annotations

import copy
import math
from typing import Any

from scheduler_core.commands import CommandError, validate_command


class TimedCommands:
    """The agenda of timed commands, in time order (stable for equal times). Mutable: ``applied``
    counts the commands already taken by the simulation."""

    def __init__(self, entries: list[dict[str, Any]] | tuple[dict[str, Any], ...] | None = None) -> None:
        parsed = [_entry(raw, i) for i, raw in enumerate(entries or [])]
        self.entries: tuple[dict[str, Any], ...] = tuple(sorted(parsed, key=lambda e: e["at"]))
        self.applied = 0

    def next_at(self) -> float | None:
        return self.entries[self.applied]["at"] if self.applied < len(self.entries) else None

    def take_due(self, now: float) -> list[dict[str, Any]]:
        """The commands due at ``now`` (all sharing the earliest pending ``at``), marked applied."""
        due = []
        while self.applied < len(self.entries) and self.entries[self.applied]["at"] <= now:
            due.append(copy.deepcopy(self.entries[self.applied]["command"]))
            self.applied += 1
        return due

    def to_json(self) -> list[dict[str, Any]]:
        return copy.deepcopy(list(self.entries))


def _entry(raw: Any, index: int) -> dict[str, Any]:
    where = f"timedCommands[{index}]"
    if not isinstance(raw, dict):
        raise CommandError(where, raw, "must be an object {at, command}")
    at = raw.get("at")
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at) or at < 0:
        raise CommandError(f"{where}.at", at, "must be a number of virtual seconds >= 0")
    try:
        command = validate_command(copy.deepcopy(raw.get("command")))
    except CommandError as err:
        raise CommandError(f"{where}.{err.path}", err.value, err.message) from err
    return {"at": float(at), "command": command}
