"""One run inside an engine: drive scheduler_core at the run's speed, store, publish — in slices.
Its parts: the run's virtual clock (clock.py), what waits for a commit (batcher.py), when a state
is stored (snapshots.py), how commands apply (controls.py); what it reads and writes, its store.

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

from playground.runs import conf, lifecycle, replay
from playground.runs.batcher import CommitBatcher
from playground.runs.clock import Clock, VirtualClock
from playground.runs.controls import Controls
from playground.runs.lifecycle import FINISHED, SETTLED
from playground.runs.models import Run
from playground.runs.snapshots import SnapshotPolicy
from playground.runs.store import Store

log = logging.getLogger(__name__)

__all__ = ["DONE", "IDLE", "READY", "At", "Clock", "Next", "RunDriver"]


@dataclass(frozen=True)
class At:
    time: float


READY, IDLE, DONE = "ready", "idle", "done"
Next = At | str


class RunDriver:
    def __init__(self, run: Run, token: str, clock: Clock, wall: Clock = time.time,
                 store: Store | None = None) -> None:
        self.run_row, self.token, self.clock, self.wall = run, token, clock, wall
        self.store = store or Store()
        self.cursor: replay.Cursor | None = None
        self.building: Future[Any] | None = None
        self.rebuild: Iterator[list[dict[str, Any]]] | None = None
        self.vclock = VirtualClock(run, clock, run.time, floor=lambda: self.sim.now)
        self.batch = CommitBatcher(clock, wall)
        self.snapshots = SnapshotPolicy(run.last_seq, clock())  # storing states: a small share of the run's time
        self.controls = Controls(self)
        self.commands_due = True
        self.done = False
        self.command_seq = 0
        self.interrupt: Callable[[], bool] = lambda: False  # the engine's "urgent work came in"
        self.idle_since: float | None = None
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
        commands, self.command_seq = self.store.recorded_commands(self.run_row.pk)
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
            self.batch.emit(fresh)
            if self.batch.full():
                self._flush_some()
            if self._slice_over(until):
                return False
        self.rebuild = None
        self.vclock.anchor(self.run_row.time)
        return True

    # ---- the engine's entry point ----

    def _slice_over(self, until: float, now: float | None = None) -> bool:
        """The slice's time is up, or the engine has something urgent (a command, a new run)."""
        return (self.clock() if now is None else now) >= until or self.interrupt()

    def work(self, until: float) -> Next:
        if self.cursor is None:
            if self.building is None or not self.building.done():
                if self.batch.status_changed:
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
            if self.run_row.status in lifecycle.STILL:
                self._flush()
                return self._idle()
            next_time = self.sim.next_time()
            if next_time is None:
                self.set_status(FINISHED, lifecycle.QUIESCENT)
                continue
            if self.sim.quiescent:  # only flush retries that would fail as before are due
                self.vclock.anchor(self.vclock.now())
                self.set_status(SETTLED, lifecycle.SETTLED_REASON)
                continue
            delay = self.vclock.wall_delay(next_time)
            if delay > 1e-6:  # below: float rounding of the anchor, not a wait
                self._flush()
                return At(self.clock() + delay)
            assert self.cursor is not None
            self.batch.emit(self.cursor.advance())
            now = self.clock()
            if self.batch.full():
                self._flush_some()
            elif self.batch.aged(now):
                self._flush()
            if self._slice_over(until, now):
                return self._end_slice()
        self._flush()
        return DONE

    def _end_slice(self) -> Next:
        """The slice is over, the run not. When urgent work waits (commands, new runs), what this
        run computed is committed first, so its viewers do not wait behind that work: a new run's
        snapshot, cut off before its commit, waited 0.3 s behind a class's next 13 runs."""
        if self.batch.events and self.interrupt():
            self._flush_some()
        return READY

    def _idle(self) -> Next:
        now = self.clock()
        if self.idle_since is None:
            self.idle_since = now
        if now - self.idle_since < conf.IDLE_RELEASE_SECONDS:
            limit = now + max(self.deadline_wall - self.wall(), 0.0)
            return At(min(self.idle_since + conf.IDLE_RELEASE_SECONDS, limit))
        if self.store.release(self.run_row, self.token, self.command_seq):
            self.done = True
            return DONE
        self.commands_due, self.idle_since = True, None
        return READY

    def _check_limits(self) -> None:
        if self.wall() >= self.deadline_wall:
            hours = conf.MAX_WALL_SECONDS / 3600
            self._finish(f"stopped after {hours:g} h of wall-clock time, the limit per run "
                         f"(RUNS_MAX_WALL_SECONDS={conf.MAX_WALL_SECONDS:g})")
        elif self.run_row.last_seq + len(self.batch.events) >= conf.MAX_EVENTS:
            self._finish(f"stopped at {conf.MAX_EVENTS:,} events, the limit per run (RUNS_MAX_EVENTS)")

    def _finish(self, reason: str) -> None:
        self.vclock.anchor(self.vclock.now())
        self.set_status(FINISHED, reason)
        self.done = True

    def set_status(self, status: str, reason: str) -> None:
        lifecycle.move(self.run_row, status, reason)
        self.batch.status_changed = True

    # ---- commands ----

    def _apply_commands(self) -> None:
        self.commands_due = False
        for command in self.store.pending_commands(self.run_row.pk, self.command_seq):
            self.controls.apply(command)
            self.command_seq = command.seq
            self.batch.applied.append(command)
            self.idle_since = None
        if self.batch.applied:
            self._flush()

    # ---- committing ----

    def _flush_status_only(self) -> None:
        run = self.run_row
        run.clock_wall = None  # no clock until the cluster is loaded
        self.store.commit_tick(run, self.token, [], [], True)
        self.batch.status_changed = False

    def _flush(self) -> None:
        run, batch = self.run_row, self.batch
        if not batch.status_changed and self.vclock.drifted(self.wall(), self.sim.next_time):
            batch.status_changed = True  # viewers' clock drifted: a new anchor
        if not batch.pending():
            return
        run.last_seq = replay.last_seq(batch.events, run.last_seq)
        run.time = self.sim.now if run.status == FINISHED else self.vclock.display(self.sim.next_time())
        run.clock_wall = self.wall()
        started = self.clock()
        state = self._state_due(run.last_seq)
        self.snapshots.stored(self.store.commit_tick(
            run, self.token, batch.events, batch.applied, batch.status_changed, batch.produced_at, state))
        if state is not None:
            self.snapshots.commit_cost(started, self.clock())
        if batch.status_changed:
            self.vclock.told(run.time, run.clock_wall)
        batch.committed()

    def _flush_some(self) -> None:
        """Commit the oldest BATCH_EVENTS pending events, only them: a slice that produced
        thousands at once (a big cluster's snapshot, a replay) must not hold the engine for a
        commit of all of them; the rest go in the next slices. Commands' verdicts and the status
        wait for the commit that holds every event before them."""
        if not self.batch.oversized():
            self._flush()
            return
        run = self.run_row
        chunk = self.batch.take_oldest()
        saved = (run.last_seq, run.time)
        run.last_seq = replay.last_seq(chunk, run.last_seq)
        run.time = max(run.time, float(chunk[-1].get("t", run.time)))
        try:
            self.snapshots.stored(self.store.commit_tick(
                run, self.token, chunk, [], False, self.batch.produced_at, None))
        except Exception:
            run.last_seq, run.time = saved
            self.batch.put_back(chunk)
            raise

    def _state_due(self, seq: int) -> dict[str, Any] | None:
        """The state for GET …/state/?seq=, when the snapshot policy says one is due."""
        now = self.clock()
        if not self.batch.events or not self.snapshots.due(seq, now):
            return None
        state = {**self.sim.state(), "time": self.batch.events[-1]["t"]}
        self.snapshots.built(seq, now, self.clock(), len(json.dumps(state, separators=(",", ":"))))
        return state
