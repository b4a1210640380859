"""The worker side of a run: drive scheduler_core at the run's speed, store, publish.

One RunLoop per run, in one Celery worker process, for as long as the run has a lease:

    loop { apply pending commands; if paused/finished: wait for commands;
           t = sim.next_time(); sleep (t - now)/speed wall seconds, woken early by commands;
           sim.advance() }

Every `sim.advance()` is counted (`ticks`). A cluster command is recorded with the tick count
and the virtual time at which it was applied, so a replay from the frozen scenario (or from a
checkpoint) reaches exactly the same point and emits exactly the same events.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from playground.runs import bus, conf, selectors, services, simulation
from playground.runs.models import Run, RunCheckpoint, RunCommand
from playground.runs.services import LeaseLost

log = logging.getLogger(__name__)


Status = Run.Status


def execute(run_id: int, clock: Callable[[], float] = time.monotonic) -> None:
    token = services.new_lease_token()
    run = services.acquire_lease(run_id, token)
    if run is None:
        log.info("run %s: nothing to do (terminal, or another worker holds it)", run_id)
        return
    try:
        RunLoop(run, token, bus.Waker(run_id), clock).run()
    except LeaseLost:
        log.warning("run %s: lease lost; another worker took over", run_id)
    except Exception as exc:
        log.exception("run %s failed", run_id)
        services.fail_run(run_id, token, f"{type(exc).__name__}: {exc}")


class RunLoop:
    def __init__(self, run: Run, token: str, waker: Any, clock: Callable[[], float]) -> None:
        self.run_row, self.token, self.waker, self.clock = run, token, waker, clock
        self.events: list[dict[str, Any]] = []  # produced, not yet committed
        self.applied: list[RunCommand] = []
        self.status_changed = run.status == Status.QUEUED
        self.commands_due = True
        self.done = False
        self.last_flush = self.last_checkpoint = clock()
        self.events_since_checkpoint = 0
        self.idle_since: float | None = None
        self.batch_wall: float | None = None  # wall time the pending batch's first event was computed
        self.state_seq = run.last_seq  # last seq whose state is stored (RunState); approximate on resume
        self._rebuild()
        if run.status == Status.QUEUED:
            run.status = Status.RUNNING
        self.anchor_vt, self.anchor_wall = max(run.time, self.sim.now), clock()

    # ---- rebuilding: checkpoint + recorded commands + catching up to what is stored ----

    def _rebuild(self) -> None:
        run = self.run_row
        checkpoint = RunCheckpoint.objects.filter(run=run).first()
        if checkpoint is not None:
            self.sim = simulation.restore(checkpoint.snapshot)
            self.ticks, self.command_seq, self.sim_seq = checkpoint.ticks, checkpoint.command_seq, checkpoint.seq
            produced = [e for e in self.sim.events if e["seq"] > checkpoint.seq]
        else:
            self.sim = simulation.build(run.documents, run.settings, run.seed)
            self.ticks, self.command_seq, self.sim_seq = 0, 0, 0
            produced = list(self.sim.events)
        self.sim_seq = simulation.last_seq(produced, self.sim_seq)
        produced += self._replay_commands()
        while self.sim_seq < run.last_seq:  # events stored by a worker that died after its last command
            if self.sim.next_time() is None:
                raise RuntimeError(f"replay diverged: stored seq {run.last_seq}, replay ended at {self.sim_seq}")
            produced += self._advance()
        self.events = [e for e in produced if e["seq"] > run.last_seq]
        self.sim_seq = max(self.sim_seq, run.last_seq)

    def _replay_commands(self) -> list[dict[str, Any]]:
        done = RunCommand.objects.filter(run=self.run_row, seq__gt=self.command_seq).exclude(
            status=RunCommand.Status.PENDING).order_by("seq")
        produced: list[dict[str, Any]] = []
        for command in done:
            self.command_seq = command.seq
            if command.status != RunCommand.Status.APPLIED or not command.is_cluster:
                continue
            while self.ticks < command.tick:
                produced += self._advance()
            simulation.move_clock(self.sim, command.time)
            produced += self._emit(self.sim.apply(command.payload))
        return produced

    # ---- the loop ----

    def run(self) -> None:
        if self.status_changed or self.events:
            self._flush()
        while not self.done:
            self._apply_commands()
            if not self.done:
                self._proceed()
        self._flush()

    def _proceed(self) -> None:
        status = self.run_row.status
        if status in (Status.PAUSED, Status.FINISHED):
            self._idle()
            return
        next_time = self.sim.next_time()
        if next_time is None or self.sim.quiescent:
            self._set_status(Status.FINISHED, Run.QUIESCENT)
            return
        delay = self._wall_delay(next_time)
        if delay > 0:
            self._flush()
            self._wait(min(delay, conf.HEARTBEAT_SECONDS))
            return
        self.events += self._advance()
        if len(self.events) >= conf.BATCH_EVENTS or self.clock() - self.last_flush >= conf.BATCH_SECONDS:
            self._flush()
            self.commands_due = self.commands_due or self.waker.poll()

    def _idle(self) -> None:
        self._flush()
        now = self.clock()
        if self.idle_since is None:
            self.idle_since = now
        finished = self.run_row.status == Status.FINISHED
        patience = conf.FINISHED_LINGER_SECONDS if finished else conf.IDLE_RELEASE_SECONDS
        if now - self.idle_since >= patience and services.release_lease(
                self.run_row, self.token, self.command_seq, self._checkpoint()):
            self.done = True
            return
        self._wait(min(conf.HEARTBEAT_SECONDS, max(patience - (now - self.idle_since), 0.01)))

    def _wait(self, timeout: float) -> None:
        woke = self.waker.wait(timeout)
        self.commands_due = True if woke else self.commands_due
        if not woke and self.clock() - self.last_flush >= conf.HEARTBEAT_SECONDS:
            self.commands_due = True  # a lost wake-up costs at most one heartbeat
            self._flush(force=True)

    def _advance(self) -> list[dict[str, Any]]:
        self.ticks += 1
        return self._emit(self.sim.advance())

    def _emit(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        self.sim_seq = simulation.last_seq(events, self.sim_seq)
        if events and self.batch_wall is None:
            self.batch_wall = time.time()
        return events

    # ---- virtual clock ----

    def _vclock(self) -> float:
        run = self.run_row
        if run.status != Status.RUNNING or run.speed == 0:
            return max(self.anchor_vt, self.sim.now)
        return self.anchor_vt + (self.clock() - self.anchor_wall) * run.speed

    def _wall_delay(self, next_time: float) -> float:
        speed = self.run_row.speed
        return 0.0 if speed == 0 else (next_time - self._vclock()) / speed

    def _anchor(self, vt: float) -> None:
        self.anchor_vt, self.anchor_wall = max(vt, self.sim.now), self.clock()

    def _command_time(self) -> float:
        """When a command takes effect: now on the virtual clock, but never past a due happening."""
        vc, next_time = self._vclock(), self.sim.next_time()
        if next_time is not None and vc >= next_time:
            return self.sim.now
        return max(vc, self.sim.now)

    # ---- commands ----

    def _apply_commands(self) -> None:
        if not self.commands_due:
            return
        self.commands_due = False
        for command in selectors.pending_commands(self.run_row.pk, self.command_seq):
            self._apply(command)
            self.command_seq = command.seq
            self.applied.append(command)
            self.idle_since = None
        if self.applied:
            self._flush()

    def _apply(self, command: RunCommand) -> None:
        command.tick, command.after_seq, command.time = self.ticks, self.sim_seq, self._command_time()
        command.status = RunCommand.Status.APPLIED
        if self.done:
            self._reject(command, "run", self.run_row.pk, f"the run was {self.run_row.reason} by an earlier command")
        elif command.is_cluster:
            self._apply_cluster(command)
        else:
            getattr(self, f"_control_{command.type}")(command)

    def _apply_cluster(self, command: RunCommand) -> None:
        from scheduler_core import CommandError

        if self.run_row.is_terminal:
            self._reject(command, "run", self.run_row.pk, f"the run was {self.run_row.reason}")
            return
        simulation.move_clock(self.sim, command.time)
        try:
            self.events += self._emit(self.sim.apply(command.payload))
        except CommandError as e:  # the field as the REST body names it: "manifest.spec…", "pod"
            self._reject(command, e.path.removeprefix("command.") or "command", e.value, e.message)
            return
        if self.run_row.status == Status.FINISHED:
            self._set_status(Status.RUNNING, "")  # a finished run resumes on a cluster command
            self._anchor(command.time)

    def _reject(self, command: RunCommand, field: str, value: Any, message: str) -> None:
        command.status = RunCommand.Status.REJECTED
        command.error = {"field": field, "value": value, "message": message}

    def _control_pause(self, command: RunCommand) -> None:
        if self.run_row.status == Status.RUNNING:
            self._anchor(command.time)
            self._set_status(Status.PAUSED, "")

    def _control_resume(self, command: RunCommand) -> None:
        if self.run_row.status == Status.PAUSED:
            self._set_status(Status.RUNNING, "")
            self._anchor(self.anchor_vt)

    def _control_speed(self, command: RunCommand) -> None:
        self._anchor(command.time)
        self.run_row.speed = command.payload["speed"]
        self.status_changed = True

    def _control_step(self, command: RunCommand) -> None:
        """Pause, then run until one scheduling cycle ran (timers due before it fire too)."""
        if self.run_row.status == Status.FINISHED:
            self._reject(command, "type", "step", "the run has finished: nothing is left to step")
            return
        self._set_status(Status.PAUSED, "")
        while self.sim.next_time() is not None:
            produced = self._advance()
            self.events += produced
            if simulation.ran_a_cycle(produced):
                break
        self._anchor(self.sim.now)
        self.status_changed = True

    def _control_stop(self, command: RunCommand) -> None:
        self._set_status(Status.FINISHED, Run.STOPPED)
        self.done = True

    def _control_restart(self, command: RunCommand) -> None:
        self._set_status(Status.FINISHED, Run.RESTARTED)
        self.done = True

    def _set_status(self, status: str, reason: str) -> None:
        self.run_row.status, self.run_row.reason = status, reason
        self.status_changed = True

    # ---- committing ----

    def _flush(self, force: bool = False) -> None:
        if not (self.events or self.applied or self.status_changed or force):
            return
        run = self.run_row
        run.last_seq = simulation.last_seq(self.events, run.last_seq)
        run.time = self.sim.now if run.status == Status.FINISHED else self._display_time()
        self.events_since_checkpoint += len(self.events)
        checkpoint = self._checkpoint() if self._checkpoint_due() else None
        state = None
        if self.events and run.last_seq - self.state_seq >= conf.STATE_EVERY_EVENTS:
            state, self.state_seq = {**self.sim.state(), "time": self.events[-1]["t"]}, run.last_seq
        services.commit_tick(run, self.token, self.events, self.applied, checkpoint, self.status_changed,
                             self.batch_wall, state)
        self.events, self.applied, self.status_changed, self.batch_wall = [], [], False, None
        self.last_flush = self.clock()
        if checkpoint is not None:
            self.last_checkpoint, self.events_since_checkpoint = self.last_flush, 0

    def _display_time(self) -> float:
        next_time = self.sim.next_time()
        vc = self._vclock()
        return min(vc, next_time) if next_time is not None else vc

    def _checkpoint_due(self) -> bool:
        return (self.events_since_checkpoint >= conf.CHECKPOINT_EVENTS
                or (self.events_since_checkpoint and self.clock() - self.last_checkpoint >= conf.CHECKPOINT_SECONDS)
                or self.done)

    def _checkpoint(self) -> dict[str, Any]:
        # Only between flushes' contents: everything produced so far is in this tick's commit.
        return {"seq": self.sim_seq, "ticks": self.ticks, "command_seq": self.command_seq,
                "snapshot": self.sim.snapshot()}


def replay(run: Run, until_seq: int | None = None) -> list[dict[str, Any]]:
    """The run's events recomputed from its frozen scenario, seed and command log alone."""
    sim = simulation.build(run.documents, run.settings, run.seed)
    events, ticks = list(sim.events), 0
    applied = RunCommand.objects.filter(run=run, status=RunCommand.Status.APPLIED).order_by("seq")
    for command in (c for c in applied if c.is_cluster):
        while ticks < command.tick:
            events += sim.advance()
            ticks += 1
        simulation.move_clock(sim, command.time)
        events += sim.apply(command.payload)
    target = run.last_seq if until_seq is None else until_seq
    while simulation.last_seq(events, 0) < target and sim.next_time() is not None:
        events += sim.advance()
    return [e for e in events if e["seq"] <= target]
