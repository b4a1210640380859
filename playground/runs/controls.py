"""A run's commands as its driver applies them: a cluster command goes into the simulation, a
control command (pause, resume, step, speed, stop, restart) changes the run's status and clock.
Each is answered in place — `status` applied or rejected with an error naming the field, and
where it took effect (`tick`, `time`, `after_seq`) so a replay applies it at the same point."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playground.runs import lifecycle, replay
from playground.runs.lifecycle import FINISHED, PAUSED, RUNNING, SETTLED
from playground.runs.models import RunCommand

if TYPE_CHECKING:
    from playground.runs.driver import RunDriver


class Controls:
    def __init__(self, driver: RunDriver) -> None:
        self.driver = driver

    def apply(self, command: RunCommand) -> None:
        d = self.driver
        assert d.cursor is not None
        run = d.run_row
        command.tick, command.after_seq = d.cursor.ticks, run.last_seq + len(d.batch.events)
        command.time, command.status = replay.command_time(d.sim, d.vclock.now()), RunCommand.Status.APPLIED
        if d.done:
            reject(command, "run", run.pk, f"the run was {run.reason} by an earlier command")
        elif command.is_cluster:
            self._cluster(command)
        else:
            getattr(self, f"_{command.type}")(command)

    def _cluster(self, command: RunCommand) -> None:
        from scheduler_core import CommandError

        d = self.driver
        assert d.cursor is not None and command.time is not None
        if d.run_row.is_terminal:
            reject(command, "run", d.run_row.pk, f"the run was {d.run_row.reason}")
            return
        try:
            d.batch.emit(d.cursor.apply(command.payload, command.time))
        except CommandError as e:
            reject(command, **replay.rejection(e))
            return
        if d.run_row.status in (FINISHED, SETTLED):
            d.set_status(RUNNING, "")  # a finished or settled run continues on a change
            d.vclock.anchor(command.time)
        else:
            d.batch.status_changed = True  # viewers re-anchor on every applied command

    def _pause(self, command: RunCommand) -> None:
        d = self.driver
        if d.run_row.status in (RUNNING, SETTLED):
            d.vclock.anchor(command.time or 0.0)
            d.set_status(PAUSED, "")

    def _resume(self, command: RunCommand) -> None:
        d = self.driver
        if d.run_row.status in (PAUSED, SETTLED):
            d.set_status(RUNNING, "")
            d.vclock.anchor(d.vclock.vt)

    def _speed(self, command: RunCommand) -> None:
        d = self.driver
        d.vclock.anchor(command.time or 0.0)
        d.run_row.speed = command.payload["speed"]
        d.batch.status_changed = True

    def _step(self, command: RunCommand) -> None:
        """Pause, then run until one scheduling cycle ran (timers due before it fire too); a
        settled run steps to its next leftover-flush retry, in virtual time, as upstream would."""
        d = self.driver
        assert d.cursor is not None
        if d.run_row.status == FINISHED:
            reject(command, "type", "step", "the run has finished: nothing is left to step")
            return
        d.set_status(PAUSED, "")
        while d.sim.next_time() is not None:
            produced = d.cursor.advance()
            d.batch.emit(produced)
            if replay.ran_a_cycle(produced):
                break
        d.vclock.anchor(d.sim.now)
        d.batch.status_changed = True

    def _stop(self, command: RunCommand) -> None:
        self.driver.set_status(FINISHED, lifecycle.STOPPED)
        self.driver.done = True

    def _restart(self, command: RunCommand) -> None:
        self.driver.run_row.__dict__.pop("restarted_as_pk", None)  # its restart exists now: run_view reads it
        self.driver.set_status(FINISHED, lifecycle.RESTARTED)
        self.driver.done = True


def reject(command: RunCommand, field: str, value: Any, message: str) -> None:
    command.status = RunCommand.Status.REJECTED
    command.error = {"field": field, "value": value, "message": message}
