"""The engine that drives many runs in one worker process, on a fake clock: the real database and
the real RunDriver, an inline builder, scripted commands, and the FakeSimulation (or the real
scheduler_core) — storing, pacing, fair share, settled and paused runs, limits, rebuilds."""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from playground.runs import bus, conf, leases, replay, selectors, services
from playground.runs import engine as engine_module
from playground.runs.engine import Engine
from playground.runs.models import Run, RunCommand, RunEvent
from playground.runs.store import Store
from playground.scenarios.models import Scenario
from tests.playground.test_runs_fakes import RETRY_SECONDS, FakeSimulation, node, pod

pytestmark = pytest.mark.django_db(transaction=True)

Script = list[tuple[float, Callable[[], None]]]
COST_PER_ADVANCE = 0.001  # fake seconds each advance() takes: what makes slices end


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.epoch = time.time()

    def __call__(self) -> float:
        return self.now

    def wall(self) -> float:
        return self.epoch + self.now


class InlineBuilder(Executor):
    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


Published = list[tuple[float, int, str, Any]]


class RecordingStore(Store):
    """The real store (the test database), but what it publishes after a commit is recorded with
    the fake time of the commit instead of reaching a channel layer."""

    def __init__(self, clock: FakeClock, sent: Published) -> None:
        self.clock, self.sent = clock, sent

    def publish_tick(self, run_id: int, events: list[dict[str, Any]], view: dict[str, Any] | None, *_: Any) -> None:
        if events:
            self.sent.append((self.clock.now, run_id, "events", list(events)))
        if view is not None:
            self.sent.append((self.clock.now, run_id, "status", view))


class Harness:
    """An engine on a fake clock; `run(until)` lets fake time pass, firing scripted actions."""

    def __init__(self, clock: FakeClock, committed: Published) -> None:
        self.clock, self.committed = clock, committed
        self.engine = Engine(clock=clock, wall=clock.wall, builder=InlineBuilder(), store=RecordingStore(clock, committed))

    def start(self, *runs: Run) -> None:
        for run in runs:
            self.engine.adopt(run.pk)

    def run(self, until: float, script: Script | None = None) -> None:
        script = sorted(script or [], key=lambda item: item[0])
        while self.clock.now < until:
            delay = self.engine.tick()
            if delay > 0:
                target = min(self.clock.now + delay, until, script[0][0] if script else until)
                self.clock.now = max(self.clock.now, target)
            while script and script[0][0] <= self.clock.now:
                script.pop(0)[1]()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def committed(monkeypatch: pytest.MonkeyPatch) -> Published:
    """What the engines' RecordingStores published, with the fake time it was committed at."""
    sent: Published = []
    monkeypatch.setattr(bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(bus, "publish_once", lambda run_id, message: None)
    return sent


@pytest.fixture
def harness(clock: FakeClock, committed: list[Any], monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    h = Harness(clock, committed)
    monkeypatch.setattr(bus, "wake", h.engine.wake)
    yield h


@pytest.fixture
def fake_core(monkeypatch: pytest.MonkeyPatch, clock: FakeClock) -> None:
    class CostlyFake(FakeSimulation):
        def advance(self) -> list[dict[str, Any]]:
            clock.now += COST_PER_ADVANCE
            return super().advance()

    monkeypatch.setattr(replay, "build", lambda docs, settings, seed, *_: CostlyFake.from_documents(docs, seed=seed))


_owners = iter(range(10**6))


def make_run(docs: list[dict[str, Any]], speed: float = 1, seed: int = 7, paused: bool = False) -> Run:
    owner = User.objects.create_user(f"owner-{next(_owners)}")
    scenario = Scenario.objects.create(title="t", owner=owner, manifests=docs, settings={"seed": seed})
    return services.start_run(owner, scenario, speed=speed, paused=paused)


def command(run: Run, body: dict[str, Any]) -> Callable[[], None]:
    return lambda: services.submit_command(run, run.owner, body)


def stored(run: Run) -> list[dict[str, Any]]:
    return list(RunEvent.objects.filter(run=run).order_by("seq").values_list("data", flat=True))


def fresh(run: Run) -> Run:
    run.refresh_from_db()
    return run


def committed_at(committed: list[Any], run: Run, kind: str) -> float:
    return next(at for at, run_id, what, payload in committed
                if run_id == run.pk and what == "events" and any(e["kind"] == kind for e in payload))


def statuses(committed: list[Any], run: Run) -> list[str]:
    return [payload["status"] for _, run_id, what, payload in committed if run_id == run.pk and what == "status"]


# ---- storing and pacing ----


def test_a_run_stores_every_event_contiguously_from_one_and_finishes_quiescent(
        harness: Harness, fake_core: None) -> None:
    run = make_run([node("n1"), pod("a"), pod("b")])
    harness.start(run)
    harness.run(until=1)
    seqs = [e["seq"] for e in stored(run)]
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[0] == 1
    assert (fresh(run).status, run.reason, run.last_seq) == ("finished", "quiescent", seqs[-1])


def test_events_are_published_in_batches_not_one_message_per_event(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    run = make_run([node("n1"), *[pod(f"p{i}") for i in range(400)]], speed=0)
    harness.start(run)
    harness.run(until=5)
    batches = [payload for _, _, what, payload in committed if what == "events"]
    assert [e["seq"] for batch in batches for e in batch] == list(range(1, 1202))
    assert len(batches) < 400 / 10 and all(len(batch) <= conf.BATCH_EVENTS + 3 for batch in batches)


def test_at_speed_one_a_thirty_second_timer_fires_after_thirty_seconds(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    run = make_run([node("n1"), pod("victim", lifetime=30)])
    harness.start(run)
    harness.run(until=40)
    assert RunEvent.objects.get(run=run, kind="pod.deleted").t == 30
    assert committed_at(committed, run, "pod.deleted") == pytest.approx(30, abs=0.01)


def test_many_paced_runs_wait_at_once_in_one_engine_and_none_waits_for_another(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    runs = [make_run([node("n1"), pod("victim", lifetime=30)]) for _ in range(20)]
    harness.start(*runs)
    harness.run(until=40)
    assert [committed_at(committed, run, "pod.deleted") for run in runs] == [pytest.approx(30, abs=0.1)] * 20
    assert all(fresh(run).status == "finished" for run in runs)


# ---- fair share ----


def test_speed_zero_runs_share_the_engine_in_slices_instead_of_one_after_the_other(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    big = [make_run([node("n1"), *[pod(f"p{i}") for i in range(300)]], speed=0) for _ in range(2)]
    harness.start(*big)
    harness.run(until=5)
    order = [run_id for _, run_id, what, _ in committed if what == "events"]
    first_done = min(max(i for i, r in enumerate(order) if r == run.pk) for run in big)
    assert {order[i] for i in range(first_done)} == {big[0].pk, big[1].pk}  # interleaved
    assert all(fresh(run).status == "finished" for run in big)


def test_a_paced_run_s_due_event_waits_at_most_a_slice_per_busy_run(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    busy = [make_run([node("n1"), *[pod(f"p{i}") for i in range(500)]], speed=0) for _ in range(3)]
    paced = make_run([node("n1"), pod("victim", lifetime=1)])
    harness.start(paced)
    harness.run(until=0.01)  # its virtual clock starts at 0; the timer is due at 1.0
    harness.start(*busy)
    harness.run(until=5)
    late = committed_at(committed, paced, "pod.deleted") - 1.0
    assert 0 <= late <= (len(busy) + 1) * (conf.SLICE_SECONDS + COST_PER_ADVANCE)


def test_a_command_is_applied_before_the_busy_runs_get_their_next_slices(
        harness: Harness, fake_core: None) -> None:
    busy = [make_run([node("n1"), *[pod(f"p{i}") for i in range(500)]], speed=0) for _ in range(3)]
    target = make_run([node("n1"), pod("long", lifetime=100)])
    harness.start(target, *busy)
    harness.run(until=0.5, script=[(0.2, command(target, {"type": "pause"}))])
    pause = RunCommand.objects.get(run=target)
    assert pause.status == "applied"
    assert fresh(busy[0]).status == "running"  # the busy runs were still computing meanwhile


# ---- settled, paused ----


def test_a_run_with_only_idle_flush_retries_left_is_settled_and_costs_nothing(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    run = make_run([pod("homeless")])
    harness.start(run)
    harness.run(until=2 * RETRY_SECONDS)
    assert (fresh(run).status, run.reason) == ("settled", "waiting for a change")
    assert statuses(committed, run)[-1] == "settled"
    assert RunEvent.objects.filter(run=run, kind="cycle.finished").count() == 1  # no retry computed
    assert not harness.engine.ready and selectors.is_settled(run)


def test_a_settled_run_continues_on_a_change_at_its_frozen_time(harness: Harness, fake_core: None) -> None:
    run = make_run([pod("homeless")])
    harness.start(run)
    harness.run(until=40)
    settled_at = fresh(run).time
    harness.run(until=50, script=[(45.0, command(run, {"type": "add_node", "manifest": node("n1")}))])
    added = RunCommand.objects.get(run=run)
    assert (added.status, added.time) == ("applied", settled_at)  # the settled clock stood still
    assert settled_at < 0.01
    bound = RunEvent.objects.get(run=run, kind="pod.bound")
    assert bound.data["node"] == "n1" and fresh(run).status == "finished"


def test_a_step_on_a_settled_run_runs_the_flush_retry_at_its_virtual_time(harness: Harness, fake_core: None) -> None:
    run = make_run([pod("homeless")])
    harness.start(run)
    harness.run(until=5, script=[(1.0, command(run, {"type": "step"}))])
    retried = RunEvent.objects.filter(run=run, kind="cycle.finished").order_by("seq").last()
    assert retried is not None and retried.t == RETRY_SECONDS
    assert (fresh(run).status, run.time) == ("paused", RETRY_SECONDS)


def test_a_run_started_paused_stores_its_snapshot_and_waits_at_time_zero(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    run = make_run([node("n1"), pod("a")], paused=True)
    harness.start(run)
    harness.run(until=30)
    assert [e["kind"] for e in stored(run)] == ["cluster.snapshot"]
    assert (fresh(run).status, run.time) == ("paused", 0.0)
    harness.run(until=31, script=[(30.5, command(run, {"type": "resume"}))])
    assert fresh(run).status == "finished" and RunEvent.objects.filter(run=run, kind="pod.bound").exists()


def test_pause_holds_virtual_time_and_step_runs_exactly_one_cycle(harness: Harness, fake_core: None) -> None:
    run = make_run([node("n1"), pod("a", lifetime=10), pod("b", lifetime=10)])
    cycles: dict[str, int] = {}

    def count(label: str) -> Callable[[], None]:
        return lambda: cycles.__setitem__(label, RunEvent.objects.filter(run=run, kind="cycle.finished").count())

    harness.start(run)
    harness.run(until=120, script=[
        (1.0, command(run, {"type": "pause"})), (100.0, count("paused 99 s")),
        (101.0, command(run, {"type": "add_pod", "manifest": pod("c")})), (102.0, command(run, {"type": "step"})),
        (103.0, count("after step")), (104.0, command(run, {"type": "resume"})),
    ])
    assert cycles == {"paused 99 s": 2, "after step": 3}
    assert [e.t for e in RunEvent.objects.filter(run=run, kind="pod.deleted")] == [10, 10]


def test_an_idle_run_lets_its_engine_go_after_the_idle_release_time(harness: Harness, fake_core: None) -> None:
    run = make_run([node("n1"), pod("a", lifetime=50)])
    harness.start(run)
    harness.run(until=1 + conf.IDLE_RELEASE_SECONDS + 2 * conf.HEARTBEAT_SECONDS,
                script=[(1.0, command(run, {"type": "pause"}))])
    assert (fresh(run).status, run.lease_token) == ("paused", "")
    assert run.pk not in harness.engine.drivers


def test_the_clock_anchor_sent_to_viewers_extrapolates_to_the_time_of_the_next_event(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    run = make_run([node("n1"), pod("a", lifetime=20)], speed=2)
    harness.start(run)
    harness.run(until=25, script=[(3.0, command(run, {"type": "speed", "speed": 1}))])
    clock = next(p for _, r, what, p in committed if what == "status" and p["speed"] == 1)["clock"]
    deleted_wall = committed_at(committed, run, "pod.deleted") + harness.clock.epoch
    assert clock["running"] and clock["time"] + (deleted_wall - clock["wallTime"]) == pytest.approx(20, abs=0.01)


# ---- limits ----


def test_a_run_that_reaches_the_event_limit_finishes_with_the_reason(
        harness: Harness, fake_core: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conf, "MAX_EVENTS", 50)
    run = make_run([node("n1"), *[pod(f"p{i}") for i in range(100)]], speed=0)
    harness.start(run)
    harness.run(until=2)
    assert (fresh(run).status, run.reason) == ("finished", "stopped at 50 events, the limit per run (RUNS_MAX_EVENTS)")
    assert run.is_terminal and 50 <= run.last_seq < 60


def test_a_run_that_reaches_its_wall_clock_limit_finishes_with_the_reason_even_when_paused(
        harness: Harness, fake_core: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conf, "MAX_WALL_SECONDS", 60)
    run = make_run([node("n1"), pod("a", lifetime=500)])
    harness.start(run)
    harness.run(until=70, script=[(5.0, command(run, {"type": "pause"}))])
    assert fresh(run).status == "finished" and "RUNS_MAX_WALL_SECONDS=60" in run.reason


# ---- another engine takes over ----


def test_another_engine_rebuilds_the_run_and_continues_without_losing_or_repeating_events(
        clock: FakeClock, committed: list[Any], fake_core: None, monkeypatch: pytest.MonkeyPatch) -> None:
    run = make_run([node("n1"), node("n2"), *[pod(f"p{i}", lifetime=i + 1) for i in range(30)]])
    first = Harness(clock, committed)
    monkeypatch.setattr(bus, "wake", first.engine.wake)
    first.start(run)
    first.run(until=12, script=[(3.5, command(run, {"type": "add_pod", "manifest": pod("x", lifetime=2)}))])
    assert fresh(run).status == "running" and run.last_seq > 0  # mid-run: timers up to t=31 remain
    Run.objects.filter(pk=run.pk).update(lease_expires_at=timezone.now())  # the first engine died
    second = Harness(clock, committed)
    monkeypatch.setattr(bus, "wake", second.engine.wake)
    second.start(run)
    second.run(until=60)
    assert (fresh(run).status, RunEvent.objects.filter(run=run, kind="pod.deleted").count()) == ("finished", 31)
    assert [e["seq"] for e in stored(run)] == list(range(1, run.last_seq + 1))
    assert strip(stored(run)) == strip(replayed(run))
    first.run(until=70)  # the first engine wakes up again: it notices, and writes nothing
    assert run.pk not in first.engine.drivers and fresh(run).last_seq == len(stored(run))


def strip(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "state"} for e in events]


def test_a_rebuild_longer_than_the_lease_keeps_its_lease(
        clock: FakeClock, committed: list[Any], fake_core: None, monkeypatch: pytest.MonkeyPatch) -> None:
    run = make_run([node("n1"), *[pod(f"p{i}") for i in range(3000)]], speed=0)
    first = Harness(clock, committed)
    first.start(run)
    first.run(until=20)
    Run.objects.filter(pk=run.pk).update(lease_token="", lease_expires_at=None)  # let go, as an idle run does
    monkeypatch.setattr(conf, "LEASE_SECONDS", 0.5)  # the replay of 3,000 advances takes 3 fake s
    monkeypatch.setattr(conf, "HEARTBEAT_SECONDS", 0.2)
    second = Harness(clock, committed)
    monkeypatch.setattr(bus, "wake", second.engine.wake)
    second.start(run)
    second.engine.tick()
    expiries = []
    while second.engine.drivers[run.pk].rebuild is not None or second.engine.drivers[run.pk].cursor is None:
        second.engine.tick()
        expiries.append(fresh(run).lease_expires_at)
    assert clock.now > 2 * conf.LEASE_SECONDS and fresh(run).lease_token == second.engine.token
    assert len(set(expiries)) > 3  # renewed while rebuilding
    second.run(until=clock.now + 1, script=[(clock.now + 0.1, command(run, {"type": "delete_pod", "pod": "p1"}))])
    assert RunCommand.objects.get(run=run).status == "applied"


def test_a_command_to_a_finished_run_held_in_memory_needs_no_rebuild(harness: Harness, fake_core: None) -> None:
    run = make_run([node("n1"), *[pod(f"p{i}") for i in range(200)]], speed=0)
    harness.start(run)
    harness.run(until=5)
    driver = harness.engine.drivers[run.pk]
    harness.run(until=6, script=[(5.5, command(run, {"type": "delete_pod", "pod": "p7"}))])
    assert harness.engine.drivers[run.pk] is driver and driver.rebuild is None
    assert RunCommand.objects.get(run=run).status == "applied" and fresh(run).status == "finished"


# ---- with the real scheduler_core ----


def k8s_node(name: str, cpu: str = "4") -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Node", "metadata": {"name": name},
            "status": {"allocatable": {"cpu": cpu, "memory": "8Gi", "pods": "110"}}}


def k8s_pod(name: str, cpu: str = "500m") -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"},
            "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": cpu}}}]}}


def replayed(run: Run) -> list[dict[str, Any]]:
    """The run's log recomputed from its frozen scenario, seed and command log: the worker's replay."""
    cursor = replay.Cursor(replay.build(run.documents, run.settings, run.seed, run.timed_commands))
    for _ in cursor.replay(selectors.recorded_commands(run.pk)[0], run.last_seq):
        pass
    return cursor.sim.events[: run.last_seq]


def test_with_scheduler_core_replay_of_scenario_seed_and_commands_is_byte_identical(harness: Harness) -> None:
    run = make_run([k8s_node("n1"), k8s_node("n2"), k8s_pod("a"), k8s_pod("b")])
    harness.start(run)
    harness.run(until=5, script=[
        (0.5, command(run, {"type": "cordon", "node": "n1"})),
        (1.5, command(run, {"type": "add_pod", "manifest": k8s_pod("c")})),
        (2.0, command(run, {"type": "delete_pod", "pod": "default/a"})),
        (2.5, command(run, {"type": "delete_pod", "pod": "default/ghost"})),
        (3.0, command(run, {"type": "uncordon", "node": "n1"})),
    ])
    log = list(RunCommand.objects.filter(run=run).values_list("status", flat=True))
    assert log == ["applied", "applied", "applied", "rejected", "applied"]
    assert json.dumps(replayed(fresh(run))) == json.dumps(stored(run))
    assert [e["seq"] for e in stored(run)] == list(range(1, run.last_seq + 1))


def test_stored_states_make_the_state_at_any_seq_equal_to_folding_every_event(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    from scheduler_core.events import fold

    monkeypatch.setattr(conf, "STATE_EVERY_EVENTS", 5)
    run = make_run([k8s_node("n1"), *[k8s_pod(f"p{i}") for i in range(6)]])
    harness.start(run)
    harness.run(until=3, script=[(1.0, command(run, {"type": "add_pod", "manifest": k8s_pod("late")}))])
    events = stored(run)
    for seq in (1, 7, len(events) // 2, len(events)):
        assert selectors.state_at(run.pk, seq) == fold(events[:seq]), seq


class StubDriver:
    """Computes one slice of fake time per call; paced: then wants to be called `period` later."""

    def __init__(self, name: str, clock: FakeClock, served: list[str], period: float | None = None) -> None:
        self.name, self.clock, self.served, self.period = name, clock, served, period
        self.due: float | None = None
        self.lateness: list[float] = []

    def work(self, until: float) -> Any:
        from playground.runs.driver import READY, At

        if self.due is not None:
            self.lateness.append(self.clock.now - self.due)
        self.served.append(self.name)
        self.clock.now += conf.SLICE_SECONDS
        if self.period is None:
            return READY
        self.due = self.clock.now + self.period
        return At(self.due)


@pytest.mark.django_db(transaction=False)
def test_a_paced_run_due_now_goes_before_the_computing_runs_which_still_get_their_share() -> None:
    """8 speed-0 runs compute; 3 lesson runs have a happening every 0.2 s. In one FIFO a due
    lesson waited behind all 8 slices (160 ms); served first it waits at most the slice in
    progress, the other lessons' and one computing run's turn."""
    clock, served = FakeClock(), []
    engine = Engine(clock=clock, wall=clock.wall, builder=InlineBuilder())
    engine.next_heartbeat = float("inf")
    heavy = [StubDriver(f"heavy-{i}", clock, served) for i in range(8)]
    lessons = [StubDriver(f"lesson-{i}", clock, served, period=0.2) for i in range(3)]
    for run_id, driver in enumerate(heavy + lessons, start=1):
        engine.drivers[run_id] = driver  # type: ignore[assignment]
        engine._make_ready(run_id, urgent=driver in lessons)
    while clock.now < 5.0:
        engine.tick()
        clock.now = max(clock.now, min([engine.next_heartbeat, *(t for t, _, _ in engine.timers[:1])])) \
            if not (engine.urgent or engine.ready) else clock.now
    lateness = [x for lesson in lessons for x in lesson.lateness]
    assert len(lateness) >= 3 * 20
    assert max(lateness) <= 4 * conf.SLICE_SECONDS + 1e-9, max(lateness)
    counts = [served.count(h.name) for h in heavy]
    assert max(counts) - min(counts) <= 1 and min(counts) > 0, counts  # fair share, none starved


def test_the_builder_builds_the_smallest_waiting_scenario_first() -> None:
    import threading

    from playground.runs.engine import BuildJob, SmallFirstBuilder

    builder, order, gate = SmallFirstBuilder(), [], threading.Event()
    blocker = builder.submit(BuildJob(gate.wait, cost=0))  # holds the thread while the others queue
    futures = [builder.submit(BuildJob(lambda c=cost: order.append(c), cost=cost)) for cost in (2300, 10, 800, 12)]
    gate.set()
    blocker.result(timeout=5)
    for future in futures:
        future.result(timeout=5)
    assert order == [10, 12, 800, 2300]


def test_a_burst_of_events_is_committed_a_batch_at_a_time_across_slices(
        harness: Harness, committed: list[Any], fake_core: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A big cluster's snapshot (or a replay) yields thousands of events at once; one commit of
    all of them held the engine for 0.2–0.7 s while the class's commands waited."""
    monkeypatch.setattr(conf, "BATCH_EVENTS", 50)
    run = make_run([node("n1"), *[pod(f"p{i}") for i in range(400)]], speed=0)
    harness.start(run)
    harness.run(until=5)
    batches = [payload for _, run_id, what, payload in committed if what == "events" and run_id == run.pk]
    assert [e["seq"] for batch in batches for e in batch] == list(range(1, 1202))
    assert max(len(batch) for batch in batches) == 50
    assert [e["seq"] for e in stored(run)] == list(range(1, 1202))
    assert (fresh(run).status, run.last_seq) == ("finished", 1201)


def test_a_computing_run_gives_way_at_the_next_advance_when_urgent_work_comes_in(
        harness: Harness, clock: FakeClock, fake_core: None) -> None:
    """A command or a new run waits for one advance of a speed-0 run, not for the rest of its slice."""
    run = make_run([node("n1"), *[pod(f"p{i}") for i in range(300)]], speed=0)
    harness.start(run)
    while run.pk not in harness.engine.drivers or harness.engine.drivers[run.pk].cursor is None:
        harness.engine.tick()
    driver = harness.engine.drivers[run.pk]
    harness.engine._take_inbox()
    ticks = driver.cursor.ticks
    assert driver.work(clock.now + 0.2) == "ready"  # nothing urgent: a whole 0.2 s slice
    assert driver.cursor.ticks - ticks > 50
    ticks = driver.cursor.ticks
    harness.engine.wake(run.pk)  # urgent work is waiting in the engine's inbox
    assert driver.work(clock.now + 0.2) == "ready"
    assert driver.cursor.ticks - ticks == 1


def test_stored_states_stay_within_a_multiple_of_the_event_log(
        harness: Harness, fake_core: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 5,000-node run stored 2–3 GB of states against ~0.1 GB of events: a state is stored only
    once the events since the last one add up to 1/STATE_LOG_RATIO of its size."""
    from playground.runs.models import RunState

    monkeypatch.setattr(conf, "STATE_EVERY_EVENTS", 5)
    monkeypatch.setattr(conf, "STATE_COST_FACTOR", 0)
    monkeypatch.setattr(conf, "STATE_LOG_RATIO", 0.5)  # binding here: the fake's states are small
    run = make_run([node("n1"), *[pod(f"p{i}") for i in range(300)]], speed=0)
    harness.start(run)
    harness.run(until=5)
    assert fresh(run).status == "finished"
    sizes = [len(json.dumps(s, separators=(",", ":"))) for s in
             RunState.objects.filter(run=run).order_by("seq").values_list("state", flat=True)]
    events = sum(len(json.dumps(e, separators=(",", ":"))) for e in stored(run))
    assert len(sizes) >= 2
    assert sum(sizes[1:]) <= 0.5 * events * 1.05  # every state after the first was paid for by events


# ---- a new run announced to every engine of its lane ----

def test_announced_runs_are_claimed_by_the_first_engine_in_one_update(committed: list[Any]) -> None:
    docs = [node("n1"), pod("a")]
    paused, running, stopped = make_run(docs, paused=True), make_run(docs), make_run(docs)
    Run.objects.filter(pk=stopped.pk).update(status=Run.Status.FINISHED, reason=Run.STOPPED)
    ids = [paused.pk, running.pk, stopped.pk]
    with CaptureQueriesContext(connection) as queries:
        taken = leases.claim_queued(ids, "engine-a")
    assert [r.pk for r in taken] == [paused.pk, running.pk] and len(queries) == 2
    assert {r.pk: (r.status, r.attempts) for r in taken} == {paused.pk: ("paused", 1), running.pk: ("running", 1)}
    assert leases.claim_queued(ids, "engine-b") == []  # the second engine finds them taken
    assert fresh(stopped).status == Run.Status.FINISHED and fresh(stopped).lease_token == leases.QUEUED_LEASE


def test_small_scenarios_are_built_in_the_engine_thread_and_big_ones_by_the_builder(
        clock: FakeClock, committed: list[Any], fake_core: None) -> None:
    """A lesson-sized scenario is built at once in the engine thread; one that creates many pods
    goes to the builder, even when it is a single Deployment of 5,000 replicas."""
    class RecordingBuilder(InlineBuilder):
        def __init__(self) -> None:
            self.costs: list[int] = []

        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            self.costs.append(fn.cost)
            return super().submit(fn, *args, **kwargs)

    builder = RecordingBuilder()
    engine = Engine(clock=clock, wall=clock.wall, builder=builder, store=RecordingStore(clock, committed))
    deployment = {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "default"},
                  "spec": {"replicas": 5000, "selector": {"matchLabels": {"app": "web"}},
                           "template": {"metadata": {"labels": {"app": "web"}},
                                        "spec": {"containers": [{"name": "c"}]}}}}
    assert engine_module.build_cost([node("n1"), deployment]) == 5002
    small, big = make_run([node("n1"), pod("a")]), make_run([node("n1"), deployment])
    for run in leases.claim_queued([small.pk, big.pk], engine.token):
        engine.drive(run)
    assert engine.drivers[small.pk].building.done() and builder.costs == [5002]


def test_a_slice_cut_short_by_urgent_work_commits_what_it_computed_first(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    """A new run's first slice stops for the inbox (a class's next runs) right after its snapshot:
    the snapshot and its status are committed and published before the engine turns to them."""
    run = make_run([node("n1"), pod("a")], paused=True)
    (claimed,) = leases.claim_queued([run.pk], harness.engine.token)
    harness.engine.drive(claimed)
    harness.engine.drivers[run.pk].interrupt = lambda: True  # urgent work waits in the inbox
    harness.engine.tick()
    assert [e["kind"] for e in stored(run)][:1] == ["cluster.snapshot"]
    assert statuses(committed, run) == ["paused"]


def test_a_claimed_runs_status_commits_read_nothing_and_a_restart_names_the_new_run(
        harness: Harness, committed: list[Any], fake_core: None) -> None:
    """The engine's copy of the run is read as viewers see it (its owner's profile, the run that
    restarted it): a status commit costs no query for them. A restart command makes the new run."""
    run = make_run([node("n1"), pod("a")])
    (claimed,) = leases.claim_queued([run.pk], harness.engine.token)
    with CaptureQueriesContext(connection) as queries:
        view = selectors.run_view(claimed)
    assert len(queries) == 0 and view["owner"]["isGuest"] is False and view["restartedAs"] is None
    harness.engine.drive(claimed)
    harness.run(1)
    again = services.restart_run(fresh(run), run.owner)
    harness.engine.wake(run.pk)
    harness.run(2)
    last = [payload for _, run_id, what, payload in committed if run_id == run.pk and what == "status"][-1]
    assert (last["status"], last["reason"], last["restartedAs"]) == ("finished", Run.RESTARTED, again.pk)


def test_an_engine_drives_the_runs_it_claims_and_ignores_the_ones_it_holds(
        harness: Harness, fake_core: None) -> None:
    run = make_run([node("n1"), pod("a")])
    harness.engine.claim(run.pk)
    harness.run(1)
    assert run.pk in harness.engine.drivers and fresh(run).lease_token == harness.engine.token
    assert stored(run)[0]["kind"] == "cluster.snapshot"  # built and served
    harness.engine.claim(run.pk)  # a repeated announcement (the run re-queued meanwhile, say)
    harness.run(2)
    assert list(harness.engine.drivers) == [run.pk]
