"""The engine: one per worker process, driving every run that process holds, a slice at a time.

No run holds a process while it sleeps, is paused, settled or waits for commands: a run is a
`RunDriver` in memory (its Simulation stays loaded), and costs CPU only when something is due.

    urgent (FIFO)       runs to serve first: just adopted, woken by a command, just built, or a
                        paced run whose happening is due now — each gets one slice; after
                        URGENT_BURST of them, a computing run gets one, so none starves
    ready (FIFO)        computing runs (speed 0, a rebuild): each computes at most SLICE_SECONDS,
                        then goes to the back (fair share between speed-0 and big runs)
    timers (heap)       paced runs' next happenings, idle runs' release times
    inbox               from other threads: adopted runs (Celery task), wake-ups (Redis pub/sub
                        listener), finished builds (builder thread)
    heartbeat           every HEARTBEAT_SECONDS: one UPDATE renews the leases of all its runs;
                        runs taken over by another worker are dropped; runs with commands the
                        wake-up missed are woken

Building a scenario (`Simulation.from_documents`, ~0.6 s for 300 nodes / 2,000 pods) cannot be
sliced, so a big one runs in a builder thread, smallest scenario first, and Python's GIL switch
interval keeps the engine thread serving the other runs meanwhile; a small one (a lesson, 1-3 ms:
INLINE_BUILD_MAX_OBJECTS, a workload's pods counted) is built in the engine thread. Rebuilding a
run's history (the command log replayed) is sliced like any other work, and the heartbeat renews
its lease meanwhile.
"""
from __future__ import annotations

import heapq
import itertools
import logging
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

from django.db import close_old_connections

from playground.runs import bus, conf
from playground.runs.driver import DONE, IDLE, READY, At, Clock, Next, RunDriver
from playground.runs.models import Run
from playground.runs.store import Store

log = logging.getLogger(__name__)

# After this many slices in a row for urgent work while computing runs wait, one computing run
# gets its slice: a class's paced runs and commands come first, but speed-0 runs never starve.
URGENT_BURST = 4

# A scenario this small is built in the engine thread: the builder thread's hand-over, and the
# status-only commit a run makes while its cluster loads, cost more than the build. Lessons have
# 6-34 objects and build in 1-3 ms; 300 nodes / 2,000 pods take ~0.6 s.
INLINE_BUILD_MAX_OBJECTS = 100


def build_cost(documents: list[Any] | None) -> int:
    """Roughly the objects a build creates: each document, and a workload's pods (a Deployment
    of 5,000 replicas is one document but no small build)."""
    cost = 0
    for doc in documents or []:
        spec = doc.get("spec") if isinstance(doc, dict) else None
        pods = [spec.get(key) for key in ("replicas", "parallelism")] if isinstance(spec, dict) else []
        cost += 1 + max([n for n in pods if isinstance(n, int) and not isinstance(n, bool) and n > 0], default=0)
    return cost


@dataclass(frozen=True)
class BuildJob:
    """A scenario build for the builder; `cost` orders the queue (its documents)."""

    fn: Callable[[], Any]
    cost: int

    def __call__(self) -> Any:
        return self.fn()


class SmallFirstBuilder(Executor):
    """One builder thread taking the cheapest waiting build first: a student's 10-document lesson
    is not built after three 2,300-document clusters that were asked for a moment earlier."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.queue: list[tuple[int, int, Callable[[], Any], Future[Any]]] = []
        self.counter = itertools.count()
        threading.Thread(target=self._serve, name="run-builder", daemon=True).start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        cost = getattr(fn, "cost", 0)
        with self.cond:
            heapq.heappush(self.queue, (cost, next(self.counter), lambda: fn(*args, **kwargs), future))
            self.cond.notify()
        return future

    def _serve(self) -> None:
        while True:
            with self.cond:
                while not self.queue:
                    self.cond.wait()
                _, _, job, future = heapq.heappop(self.queue)
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(job())
            except Exception as exc:  # noqa: BLE001 (the driver re-raises it in its slice: the run fails)
                future.set_exception(exc)


class Engine:
    def __init__(self, clock: Clock = time.monotonic, wall: Clock = time.time,
                 builder: Executor | None = None, store: Store | None = None) -> None:
        self.store = store or Store()
        self.token = self.store.new_token()
        self.clock, self.wall = clock, wall
        self.builder = builder or SmallFirstBuilder()
        self.drivers: dict[int, RunDriver] = {}
        self.urgent: deque[int] = deque()  # adopted, woken by a command, built, or a paced run now due
        self.ready: deque[int] = deque()  # computing runs (speed 0, rebuilds) taking turns
        self.urgent_streak = 0
        self.timers: list[tuple[float, int, int]] = []
        self.due: dict[int, float] = {}  # the live timer of each run; older heap entries are stale
        self.counter = itertools.count()
        self.cond = threading.Condition()
        self.inbox: list[tuple[str, Any]] = []
        self.next_heartbeat = clock()

    # ---- from other threads ----

    def adopt(self, run_id: int) -> threading.Event:
        """The doorbell task: hand the run over; the event is set once the engine has taken (or
        declined) it. The engine thread takes the lease: in a process busy computing, every
        database round trip of the task's thread would wait for the GIL."""
        taken = threading.Event()
        self._post("adopt", (run_id, taken))
        return taken

    def wake(self, run_id: int) -> None:
        self._post("wake", run_id)

    def claim(self, run_id: int) -> None:
        """A run announced on our lane (bus.announce_run): take it unless another engine did."""
        self._post("claim", run_id)

    def _post(self, kind: str, item: Any) -> None:
        with self.cond:
            self.inbox.append((kind, item))
            self.cond.notify()

    # ---- the engine thread ----

    def serve_forever(self) -> None:
        while True:
            try:
                delay = self.tick()
            except Exception:
                log.exception("run engine tick failed")
                close_old_connections()
                delay = 1.0
            if delay > 0:
                with self.cond:
                    if not self.inbox:
                        self.cond.wait(delay)

    def tick(self) -> float:
        """One step: take the inbox, renew leases when due, give one ready run one slice.
        Returns how long nothing needs doing (0: call again at once)."""
        self._take_inbox()
        now = self.clock()
        if now >= self.next_heartbeat:
            self._heartbeat()
            self.next_heartbeat = now + conf.HEARTBEAT_SECONDS
        self._fire_timers(now)
        if self.urgent and (not self.ready or self.urgent_streak < URGENT_BURST):
            self.urgent_streak += 1
            self._work(self.urgent.popleft())
            return 0.0
        if self.ready:
            self.urgent_streak = 0
            self._work(self.ready.popleft())
            return 0.0
        soonest = min([self.next_heartbeat, *(t for t, _, _ in self.timers[:1])])
        return max(soonest - self.clock(), 0.0)

    def _take_inbox(self) -> None:
        with self.cond:
            inbox, self.inbox = self.inbox, []
        claims = [item for kind, item in inbox if kind == "claim" and item not in self.drivers]
        if claims:
            for run in self.store.claim_queued(claims, self.token):
                self.drive(run)
        for kind, item in inbox:
            if kind == "claim":
                continue
            if kind == "adopt":
                run_id, taken = item
                try:
                    self._adopted(run_id)
                finally:
                    taken.set()
            elif item in self.drivers:  # "wake" (a command) or "built"
                if kind == "wake":
                    self.drivers[item].commands_due = True
                self._make_ready(item, urgent=True)

    def _adopted(self, run_id: int) -> None:
        if run_id in self.drivers:  # a duplicate doorbell for a run we hold
            self._make_ready(run_id, urgent=True)
            return
        run = self.store.acquire(run_id, self.token)  # it leaves `queued` here
        if run is None:
            return  # terminal, or a live engine holds it: the doorbell was a duplicate
        self.drive(run)

    def drive(self, run: Run) -> None:
        """A run whose lease this engine just took: build it, then serve it. A small scenario is
        built here and now (a lesson: 1-3 ms); a bigger one in the builder thread, while its first
        slice publishes that it left `queued`."""
        driver = RunDriver(run, self.token, self.clock, self.wall, self.store)
        driver.interrupt = self._urgent_waiting
        self.drivers[run.pk] = driver
        size = build_cost(run.documents)
        if size <= INLINE_BUILD_MAX_OBJECTS:
            driver.building = Future()
            try:
                driver.building.set_result(driver.build())
            except Exception as exc:  # noqa: BLE001 (the driver re-raises it in its slice: the run fails)
                driver.building.set_exception(exc)
        else:
            driver.building = self.builder.submit(BuildJob(driver.build, size))
            driver.building.add_done_callback(lambda _: self._post("built", run.pk))
        self._make_ready(run.pk, urgent=True)

    def _urgent_waiting(self) -> bool:
        """Read by a computing run between advances (no lock: a list's truth is atomic), so a
        command or a new run waits for one advance, not for the rest of a slice."""
        return bool(self.inbox)

    def _make_ready(self, run_id: int, urgent: bool = False) -> None:
        """Urgent: served before the computing runs, in the order it came (see URGENT_BURST)."""
        self.due.pop(run_id, None)
        if run_id in self.urgent:
            return
        if run_id in self.ready:
            if not urgent:
                return
            self.ready.remove(run_id)
        (self.urgent if urgent else self.ready).append(run_id)

    def _fire_timers(self, now: float) -> None:
        while self.timers and self.timers[0][0] <= now:
            at, _, run_id = heapq.heappop(self.timers)
            if self.due.get(run_id) == at:
                self._make_ready(run_id, urgent=True)  # a paced run's happening: on time

    def _work(self, run_id: int) -> None:
        driver = self.drivers[run_id]
        started = self.clock()
        try:
            step: Next = driver.work(started + conf.SLICE_SECONDS)
        except self.store.LeaseLost:
            log.warning("run %s: lease lost; another worker took over", run_id)
            step = DONE
        except Exception as exc:
            log.exception("run %s failed", run_id)
            self.store.fail(run_id, self.token, f"{type(exc).__name__}: {exc}")
            step = DONE
        if self.clock() - started > 10 * conf.SLICE_SECONDS:  # for operators: who holds the others up
            log.warning("run %s: a slice took %.2f s (%s runs held, %s ready)", run_id, self.clock() - started,
                        len(self.drivers), len(self.ready))
        self._schedule(run_id, step)

    def _schedule(self, run_id: int, step: Next) -> None:
        if step == READY:
            self.ready.append(run_id)
        elif step == DONE:
            self.forget(run_id)
        elif isinstance(step, At):
            self.due[run_id] = step.time
            heapq.heappush(self.timers, (step.time, next(self.counter), run_id))
        else:
            assert step == IDLE

    def forget(self, run_id: int) -> None:
        self.drivers.pop(run_id, None)
        self.due.pop(run_id, None)
        for queue in (self.urgent, self.ready):
            if run_id in queue:
                queue.remove(run_id)

    def _heartbeat(self) -> None:
        if not self.drivers:
            return
        held = self.store.renew(self.token)
        for run_id in [r for r in self.drivers if r not in held]:
            log.warning("run %s: lease lost; another worker took over", run_id)
            self.forget(run_id)
        for run_id in self.store.runs_with_pending_commands(list(self.drivers)):
            if not self.drivers[run_id].commands_due:  # the wake-up was lost
                self.drivers[run_id].commands_due = True
                self._make_ready(run_id, urgent=True)

    def shutdown(self) -> None:
        """This process stops: let the other workers' watchdogs take our runs now, not in ~10 s."""
        self.store.expire(self.token)

    def load(self) -> dict[str, int]:
        """For operators and the benchmark: how many runs this engine holds and how many compute."""
        return {"runs": len(self.drivers), "ready": len(self.urgent) + len(self.ready)}


_engine: Engine | None = None
_engine_lock = threading.Lock()


def shutdown() -> None:
    if _engine is not None:
        _engine.shutdown()


def current() -> Engine:
    """This process's engine, started on first use (in a Celery pool process, by the first task)."""
    global _engine
    with _engine_lock:
        if _engine is None:
            # Threads doing I/O (commits, publishing, wake-ups) get the GIL back sooner from the
            # computing ones: 1 ms instead of CPython's 5 ms switch interval.
            sys.setswitchinterval(0.001)
            _engine = Engine()
            threading.Thread(target=_engine.serve_forever, name="run-engine", daemon=True).start()
            bus.WakeListener(_engine.wake, _engine.claim).start()
        return _engine
