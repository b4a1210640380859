"""One run inside an engine: drive scheduler_core at the run's speed, store, publish — in slices.

A driver never waits. The engine calls `work(until)`; the driver computes until its slice ends
or it has nothing to do now, and says when it wants to be called again:

    READY        more to compute (speed 0, a rebuild): back to the end of the ready queue
    At(t)        the next happening is due at engine time t (paced), or it may let go at t (idle)
    IDLE         paused / settled / finished: only a command (a wake-up) brings it back
    DONE         stopped, failed, lease lost or let go: the engine forgets it

Every `advance()` is counted (`Cursor.ticks`). A cluster command is recorded with the tick count
and the virtual time at which it was applied, so a rebuild from the frozen scenario and the
command log (`Cursor.replay`) reaches exactly the same point and emits exactly the same events.
"""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from playground.runs import conf, leases, lifecycle, replay, selectors
from playground.runs.lifecycle import FINISHED, PAUSED, RUNNING, SETTLED
from playground.runs.models import Run, RunCommand

log = logging.getLogger(__name__)

Clock = Callable[[], float]


@dataclass(frozen=True)
class At:
    time: float


READY, IDLE, DONE = "ready", "idle", "done"
Next = At | str


class RunDriver:
    def __init__(self, run: Run, token: str, clock: Clock, wall: Clock = time.time) -> None:
        self.run_row, self.token, self.clock, self.wall = run, token, clock, wall
        self.cursor: replay.Cursor | None = None
        self.building: Future[Any] | None = None
        self.rebuild: Iterator[list[dict[str, Any]]] | None = None
        self.events: list[dict[str, Any]] = []  # produced, not yet committed
        self.applied: list[RunCommand] = []
        self.status_changed = True  # it just left `queued`, or a new engine holds it
        self.commands_due = True
        self.done = False
        self.command_seq = 0
        self.last_flush = self.batch_started = clock()
        self.interrupt: Callable[[], bool] = lambda: False  # the engine's "urgent work came in"
        self.batch_wall: float | None = None  # wall time the pending batch's first event was computed
        self.idle_since: float | None = None
        self.state_seq = run.last_seq  # last seq whose state is stored (RunState); approximate on rebuild
        self.next_state_at = clock()  # storing states is kept to a small share of the run's time
        # ... and of the run's storage: a state is stored once the events since the last one add
        # up to 1/STATE_LOG_RATIO of its size (a 5,000-node state is ~10 MB).
        self.event_bytes_since_state = 0
        self.last_state_bytes = 0
        self.published = (run.time, 0.0)  # (virtual time, wall time) of the clock viewers last got
        self.anchor_vt, self.anchor_wall = run.time, clock()
        born = run.created_at.timestamp() if run.created_at else wall()
        self.deadline_wall = born + conf.MAX_WALL_SECONDS

    @property
    def sim(self) -> Any:
        assert self.cursor is not None
        return self.cursor.sim

    # ---- building: the frozen scenario, then the command log replayed in slices ----

    def build(self) -> Any:
        """CPU-heavy and free of the database: the engine runs it in its builder thread."""
        run = self.run_row
        return replay.build(run.documents, run.settings, run.seed, run.timed_commands)

    def _start_rebuild(self, sim: Any) -> None:
        self.cursor = replay.Cursor(sim)
        commands, self.command_seq = selectors.recorded_commands(self.run_row.pk)
        self.rebuild = self._rebuilding(commands)

    def _rebuilding(self, commands: list[replay.Command]) -> Iterator[list[dict[str, Any]]]:
        assert self.cursor is not None
        stored = self.run_row.last_seq
        yield [e for e in self.sim.events if e["seq"] > stored]
        for produced in self.cursor.replay(commands, stored):
            yield [e for e in produced if e["seq"] > stored]

    def _rebuild_slice(self, until: float) -> bool:
        """True when the rebuild is complete."""
        assert self.rebuild is not None
        for fresh in self.rebuild:
            self._emit(fresh)
            if len(self.events) >= conf.BATCH_EVENTS:
                self._flush_some()
            if self._slice_over(until):
                return False
        self.rebuild = None
        self.anchor_vt, self.anchor_wall = max(self.run_row.time, self.sim.now), self.clock()
        return True

    # ---- the engine's entry point ----

    def _slice_over(self, until: float, now: float | None = None) -> bool:
        """The slice's time is up, or the engine has something urgent (a command, a new run)."""
        return (self.clock() if now is None else now) >= until or self.interrupt()

    def work(self, until: float) -> Next:
        if self.cursor is None:
            if self.building is None or not self.building.done():
                if self.status_changed:
                    self._flush_status_only()  # viewers see `running`/`paused` while a big cluster loads
                return IDLE  # the builder's callback wakes the engine
            self._start_rebuild(self.building.result())
        if self.rebuild is not None and not self._rebuild_slice(until):
            return self._end_slice()
        if self.commands_due:
            self._apply_commands()
        return self._proceed(until)

    def _proceed(self, until: float) -> Next:
        while not self.done:
            self._check_limits()
            status = self.run_row.status
            if status in lifecycle.STILL:
                self._flush()
                return self._idle()
            next_time = self.sim.next_time()
            if next_time is None:
                self._set_status(FINISHED, lifecycle.QUIESCENT)
                continue
            if self.sim.quiescent:  # only flush retries that would fail as before are due
                self._anchor(self._vclock())
                self._set_status(SETTLED, lifecycle.SETTLED_REASON)
                continue
            delay = self._wall_delay(next_time)
            if delay > 1e-6:  # below: float rounding of the anchor, not a wait
                self._flush()
                return At(self.clock() + delay)
            assert self.cursor is not None
            self._emit(self.cursor.advance())
            now = self.clock()
            if len(self.events) >= conf.BATCH_EVENTS:
                self._flush_some()
            elif now - self.batch_started >= conf.BATCH_SECONDS:
                self._flush()
            if self._slice_over(until, now):
                return self._end_slice()
        self._flush()
        return DONE

    def _end_slice(self) -> Next:
        """The slice is over, the run not. When urgent work waits (commands, new runs), what this
        run computed is committed first, so its viewers do not wait behind that work: a new run's
        snapshot, cut off before its commit, waited 0.3 s behind a class's next 13 runs."""
        if self.events and self.interrupt():
            self._flush_some()
        return READY

    def _idle(self) -> Next:
        now = self.clock()
        if self.idle_since is None:
            self.idle_since = now
        if now - self.idle_since < conf.IDLE_RELEASE_SECONDS:
            limit = now + max(self.deadline_wall - self.wall(), 0.0)
            return At(min(self.idle_since + conf.IDLE_RELEASE_SECONDS, limit))
        if leases.release(self.run_row, self.token, self.command_seq):
            self.done = True
            return DONE
        self.commands_due, self.idle_since = True, None
        return READY

    def _check_limits(self) -> None:
        if self.wall() >= self.deadline_wall:
            hours = conf.MAX_WALL_SECONDS / 3600
            self._finish(f"stopped after {hours:g} h of wall-clock time, the limit per run "
                         f"(RUNS_MAX_WALL_SECONDS={conf.MAX_WALL_SECONDS:g})")
        elif self.run_row.last_seq + len(self.events) >= conf.MAX_EVENTS:
            self._finish(f"stopped at {conf.MAX_EVENTS:,} events, the limit per run (RUNS_MAX_EVENTS)")

    def _finish(self, reason: str) -> None:
        self._anchor(self._vclock())
        self._set_status(FINISHED, reason)
        self.done = True

    def _emit(self, events: list[dict[str, Any]]) -> None:
        if events and not self.events:
            self.batch_wall, self.batch_started = self.wall(), self.clock()
        self.events += events

    # ---- virtual clock ----

    def _vclock(self) -> float:
        run = self.run_row
        if run.status != RUNNING or run.speed == 0:
            return max(self.anchor_vt, self.sim.now)
        return self.anchor_vt + (self.clock() - self.anchor_wall) * run.speed

    def _wall_delay(self, next_time: float) -> float:
        speed = self.run_row.speed
        return 0.0 if speed == 0 else (next_time - self._vclock()) / speed

    def _anchor(self, vt: float) -> None:
        self.anchor_vt, self.anchor_wall = max(vt, self.sim.now), self.clock()

    def _command_time(self) -> float:
        return replay.command_time(self.sim, self._vclock())

    # ---- commands ----

    def _apply_commands(self) -> None:
        self.commands_due = False
        for command in selectors.pending_commands(self.run_row.pk, self.command_seq):
            self._apply(command)
            self.command_seq = command.seq
            self.applied.append(command)
            self.idle_since = None
        if self.applied:
            self._flush()

    def _apply(self, command: RunCommand) -> None:
        assert self.cursor is not None
        command.tick, command.after_seq = self.cursor.ticks, self.run_row.last_seq + len(self.events)
        command.time, command.status = self._command_time(), RunCommand.Status.APPLIED
        if self.done:
            self._reject(command, "run", self.run_row.pk, f"the run was {self.run_row.reason} by an earlier command")
        elif command.is_cluster:
            self._apply_cluster(command)
        else:
            getattr(self, f"_control_{command.type}")(command)

    def _apply_cluster(self, command: RunCommand) -> None:
        from scheduler_core import CommandError

        assert self.cursor is not None and command.time is not None
        if self.run_row.is_terminal:
            self._reject(command, "run", self.run_row.pk, f"the run was {self.run_row.reason}")
            return
        try:
            self._emit(self.cursor.apply(command.payload, command.time))
        except CommandError as e:
            self._reject(command, **replay.rejection(e))
            return
        if self.run_row.status in (FINISHED, SETTLED):
            self._set_status(RUNNING, "")  # a finished or settled run continues on a change
            self._anchor(command.time)
        else:
            self.status_changed = True  # viewers re-anchor on every applied command

    def _reject(self, command: RunCommand, field: str, value: Any, message: str) -> None:
        command.status = RunCommand.Status.REJECTED
        command.error = {"field": field, "value": value, "message": message}

    def _control_pause(self, command: RunCommand) -> None:
        if self.run_row.status in (RUNNING, SETTLED):
            self._anchor(command.time or 0.0)
            self._set_status(PAUSED, "")

    def _control_resume(self, command: RunCommand) -> None:
        if self.run_row.status in (PAUSED, SETTLED):
            self._set_status(RUNNING, "")
            self._anchor(self.anchor_vt)

    def _control_speed(self, command: RunCommand) -> None:
        self._anchor(command.time or 0.0)
        self.run_row.speed = command.payload["speed"]
        self.status_changed = True

    def _control_step(self, command: RunCommand) -> None:
        """Pause, then run until one scheduling cycle ran (timers due before it fire too); a
        settled run steps to its next leftover-flush retry, in virtual time, as upstream would."""
        assert self.cursor is not None
        if self.run_row.status == FINISHED:
            self._reject(command, "type", "step", "the run has finished: nothing is left to step")
            return
        self._set_status(PAUSED, "")
        while self.sim.next_time() is not None:
            produced = self.cursor.advance()
            self._emit(produced)
            if replay.ran_a_cycle(produced):
                break
        self._anchor(self.sim.now)
        self.status_changed = True

    def _control_stop(self, command: RunCommand) -> None:
        self._set_status(FINISHED, lifecycle.STOPPED)
        self.done = True

    def _control_restart(self, command: RunCommand) -> None:
        self.run_row.__dict__.pop("restarted_as_pk", None)  # its restart exists now: run_view reads it
        self._set_status(FINISHED, lifecycle.RESTARTED)
        self.done = True

    def _set_status(self, status: str, reason: str) -> None:
        lifecycle.move(self.run_row, status, reason)
        self.status_changed = True

    # ---- committing ----

    def _flush_status_only(self) -> None:
        run = self.run_row
        run.clock_wall = None  # no clock until the cluster is loaded
        leases.commit_tick(run, self.token, [], [], True)
        self.status_changed = False

    def _flush(self) -> None:
        run = self.run_row
        self._maybe_reanchor()
        if not (self.events or self.applied or self.status_changed):
            return
        run.last_seq = replay.last_seq(self.events, run.last_seq)
        run.time = self.sim.now if run.status == FINISHED else self._display_time()
        run.clock_wall = self.wall()
        started = self.clock()
        state = self._state_due(run.last_seq)
        self.event_bytes_since_state += leases.commit_tick(
            run, self.token, self.events, self.applied, self.status_changed, self.batch_wall, state)
        if state is not None:  # encoding and storing a big state costs more than building it
            self.next_state_at = max(self.next_state_at,
                                     self.clock() + conf.STATE_COST_FACTOR * (self.clock() - started))
        if self.status_changed:
            self.published = (run.time, run.clock_wall)
        self.events, self.applied, self.status_changed, self.batch_wall = [], [], False, None
        self.last_flush = self.clock()

    def _flush_some(self) -> None:
        """Commit the oldest BATCH_EVENTS pending events, only them: a slice that produced
        thousands at once (a big cluster's snapshot, a replay) must not hold the engine for a
        commit of all of them; the rest go in the next slices. Commands' verdicts and the status
        wait for the commit that holds every event before them."""
        if len(self.events) <= conf.BATCH_EVENTS:
            self._flush()
            return
        run = self.run_row
        chunk, self.events = self.events[:conf.BATCH_EVENTS], self.events[conf.BATCH_EVENTS:]
        saved = (run.last_seq, run.time)
        run.last_seq = replay.last_seq(chunk, run.last_seq)
        run.time = max(run.time, float(chunk[-1].get("t", run.time)))
        try:
            self.event_bytes_since_state += leases.commit_tick(run, self.token, chunk, [], False, self.batch_wall, None)
        except Exception:
            run.last_seq, run.time = saved
            self.events = chunk + self.events
            raise

    def _state_due(self, seq: int) -> dict[str, Any] | None:
        """The state for GET …/state/?seq=, every STATE_EVERY_EVENTS events — but for a big cluster
        (a 2,000-pod state: ~40 ms to build, as much to encode and store) no more often than keeps
        it to about a tenth of the run's time: next one after STATE_COST_FACTOR × its build time,
        or after STATE_MAX_EVENTS events, so that the fold for any seq stays short."""
        now = self.clock()
        if not self.events or seq - self.state_seq < conf.STATE_EVERY_EVENTS:
            return None
        if now < self.next_state_at and seq - self.state_seq < conf.STATE_MAX_EVENTS:
            return None
        if self.event_bytes_since_state * conf.STATE_LOG_RATIO < self.last_state_bytes:
            return None
        state = {**self.sim.state(), "time": self.events[-1]["t"]}
        self.state_seq, self.next_state_at = seq, now + conf.STATE_COST_FACTOR * (self.clock() - now)
        self.last_state_bytes, self.event_bytes_since_state = len(json.dumps(state, separators=(",", ":"))), 0
        return state

    def _maybe_reanchor(self) -> None:
        """Viewers extrapolate the last clock they got; send a new one when that drifted (speed 0,
        a busy engine), at most every REANCHOR_SECONDS."""
        if self.status_changed or self.run_row.status != RUNNING:
            return
        vt, wall = self.published
        now = self.wall()
        expected = vt + (now - wall) * self.run_row.speed
        if now - wall >= conf.REANCHOR_SECONDS and abs(self._display_time() - expected) > 0.05:
            self.status_changed = True

    def _display_time(self) -> float:
        next_time = self.sim.next_time()
        vc = self._vclock()
        return min(vc, next_time) if next_time is not None else vc
