"""A preview (a dry run) of cluster commands: refused for what `submit_command` refuses, then checked and carried
out exactly as the run's worker would (replay.Cursor.apply, the same Simulation code), but on a copy of the run
rebuilt from its frozen input and applied commands — and thrown away. Nothing is stored, no command is recorded,
no worker is woken: the run and everyone watching it see nothing.

The copy costs a rebuild of the run (build, then replay up to its last stored event) per preview: cheap for a
workshop's runs, proportional to the run's length for big ones.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playground.runs import replay, selectors, services
from playground.runs.models import Run, RunCommand
from playground.runs.selectors import User


@dataclass
class Preview:
    """The verdicts as the worker would write them (unsaved RunCommands: status, time, after_seq, error) — the
    last one rejected if any was — and the events the copy emitted after the run's last stored event."""
    verdicts: list[RunCommand]
    events: list[dict[str, Any]]
    base: int  # the run's last stored event, which the copy went on from

    @property
    def last(self) -> RunCommand:
        return self.verdicts[-1]


def preview_commands(run: Run, user: User, bodies: list[Any]) -> Preview:
    """Preview the commands in order, each seeing the ones before; stops at the first the run would reject."""
    payloads = [services.checked_payload(run, user, body) for body in bodies]
    run.refresh_from_db(fields=["status", "reason", "last_seq", "time"])
    for payload in payloads:
        services.check_accepts(run, payload)
    cursor = _copy_of(run)
    verdicts: list[RunCommand] = []
    for payload in payloads:
        verdicts.append(_verdict(run, cursor, payload))
        if verdicts[-1].status == RunCommand.Status.REJECTED:
            break
    return Preview(verdicts, [e for e in cursor.sim.events if e["seq"] > run.last_seq], run.last_seq)


def _copy_of(run: Run) -> replay.Cursor:
    """The run's simulation as its worker rebuilds it (driver.RunDriver.build + _start_rebuild), to the stored log."""
    cursor = replay.Cursor(replay.build(run.documents, run.settings, run.seed, run.timed_commands))
    commands, _ = selectors.recorded_commands(run.pk)
    for _ in cursor.replay(commands, run.last_seq):
        pass
    return cursor


def _verdict(run: Run, cursor: replay.Cursor, payload: dict[str, Any]) -> RunCommand:
    from scheduler_core import CommandError

    command = RunCommand(run=run, type=payload["type"], payload=payload, status=RunCommand.Status.APPLIED,
                         tick=cursor.ticks, after_seq=cursor.last_seq,
                         time=replay.command_time(cursor.sim, float(run.time)))
    try:
        cursor.apply(payload, float(command.time or 0.0))
    except CommandError as error:
        command.status, command.error = RunCommand.Status.REJECTED, replay.rejection(error)
    return command
