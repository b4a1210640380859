"""The worker loop, driven synchronously with a fake clock, a scripted wake-up list and the
deterministic FakeSimulation: storing, batching, pacing, commands, replay, resuming."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth.models import User

from playground.runs import conf, executor, services, simulation
from playground.runs.models import Run, RunCommand, RunEvent
from playground.scenarios.models import Scenario
from tests.playground.test_runs_fakes import FakeSimulation, node, pod

pytestmark = pytest.mark.django_db(transaction=True)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class ScriptedWaker:
    """wait() lets fake time pass; scripted actions (commands) happen at their wall time."""

    clock: FakeClock
    script: list[tuple[float, Callable[[], None]]] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)

    def wait(self, timeout: float) -> bool:
        self.waits.append(timeout)
        target = self.clock.now + timeout
        if self.script and self.script[0][0] <= target:
            at, action = self.script.pop(0)
            self.clock.now = max(self.clock.now, at)
            action()
            return True
        self.clock.now = target
        return False

    def poll(self) -> bool:
        if self.script and self.script[0][0] <= self.clock.now:
            self.script.pop(0)[1]()
            return True
        return False


@pytest.fixture
def captured(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Publishing and queueing captured; the real scheduler_core."""
    sent: list[tuple[str, Any]] = []

    def capture(run: Run, events: list[dict[str, Any]], status_changed: bool, *_: Any) -> None:
        sent.append(("events", list(events)) if events else ("status", run.status))

    monkeypatch.setattr(services, "_publish_tick", capture)
    monkeypatch.setattr(services, "_enqueue_on_commit", lambda run_id: None)
    monkeypatch.setattr(services.bus, "wake", lambda run_id: None)
    monkeypatch.setattr(conf, "IDLE_RELEASE_SECONDS", 10)
    monkeypatch.setattr(conf, "FINISHED_LINGER_SECONDS", 10)
    return sent


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    sent: list[tuple[str, Any]] = []

    def capture(run: Run, events: list[dict[str, Any]], status_changed: bool, *_: Any) -> None:
        if events:
            sent.append(("events", list(events)))
        if status_changed:
            sent.append(("status", run.status))

    monkeypatch.setattr(services, "_publish_tick", capture)
    monkeypatch.setattr(services, "_enqueue_on_commit", lambda run_id: None)
    monkeypatch.setattr(services.bus, "wake", lambda run_id: None)
    monkeypatch.setattr(simulation, "build", lambda docs, settings, seed: FakeSimulation.from_documents(docs, seed=seed))
    monkeypatch.setattr(simulation, "restore", FakeSimulation.restore)
    monkeypatch.setattr(conf, "IDLE_RELEASE_SECONDS", 10)
    monkeypatch.setattr(conf, "FINISHED_LINGER_SECONDS", 10)
    return sent


def make_run(docs: list[dict[str, Any]], speed: float = 1, seed: int = 7) -> Run:
    owner = User.objects.create_user("owner")
    scenario = Scenario.objects.create(title="t", owner=owner, manifests=docs, settings={"seed": seed})
    return services.start_run(owner, scenario, speed=speed)


def execute(run: Run, script: list[tuple[float, Callable[[], None]]] | None = None) -> tuple[FakeClock, ScriptedWaker]:
    clock = FakeClock()
    waker = ScriptedWaker(clock, script or [])
    token = services.new_lease_token()
    leased = services.acquire_lease(run.pk, token)
    assert leased is not None
    executor.RunLoop(leased, token, waker, clock).run()
    return clock, waker


def stored(run: Run) -> list[dict[str, Any]]:
    return list(RunEvent.objects.filter(run=run).order_by("seq").values_list("data", flat=True))


def command(run: Run, body: dict[str, Any]) -> Callable[[], None]:
    return lambda: services.submit_command(run, run.owner, body)


def test_a_run_stores_every_event_contiguously_from_one_and_finishes_quiescent(published: list[Any]) -> None:
    run = make_run([node("n1"), pod("a"), pod("b")])
    execute(run)
    run.refresh_from_db()
    seqs = [e["seq"] for e in stored(run)]
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[0] == 1
    assert (run.status, run.reason, run.last_seq) == ("finished", "quiescent", seqs[-1])
    assert run.lease_token == ""  # the idle worker let go


def test_events_are_published_in_batches_not_one_message_per_event(published: list[Any]) -> None:
    run = make_run([node("n1"), *[pod(f"p{i}") for i in range(400)]], speed=0)
    execute(run)
    batches = [payload for kind, payload in published if kind == "events"]
    flat = [e["seq"] for batch in batches for e in batch]
    assert flat == list(range(1, 1202))  # snapshot + 3 events per pod, each once, in order
    assert len(batches) <= 4
    assert all(len(batch) <= conf.BATCH_EVENTS + 3 for batch in batches)


def test_at_speed_one_a_thirty_second_timer_takes_thirty_wall_seconds(published: list[Any]) -> None:
    run = make_run([node("n1"), pod("victim", lifetime=30)])
    _, waker = execute(run)
    deleted = RunEvent.objects.get(run=run, kind="pod.deleted")
    assert deleted.t == 30
    assert sum(waker.waits[: _waits_until(waker, 30)]) == pytest.approx(30)


def _waits_until(waker: ScriptedWaker, total: float) -> int:
    acc = 0.0
    for i, w in enumerate(waker.waits):
        acc += w
        if acc >= total - 1e-9:
            return i + 1
    return len(waker.waits)


def test_a_command_is_recorded_with_the_virtual_time_and_point_it_took_effect(published: list[Any]) -> None:
    run = make_run([node("n1"), pod("long", lifetime=30)])
    execute(run, [(10.0, command(run, {"type": "add_pod", "manifest": pod("late")}))])
    added = RunCommand.objects.get(run=run)
    assert (added.status, added.time) == ("applied", pytest.approx(10.0))
    after = RunEvent.objects.get(run=run, seq=added.after_seq + 1)
    assert (after.kind, after.t) == ("command.applied", 10.0)


def test_a_command_the_simulation_rejects_is_recorded_with_field_and_value(published: list[Any]) -> None:
    run = make_run([node("n1"), pod("long", lifetime=30)])
    execute(run, [(1.0, command(run, {"type": "delete_pod", "pod": "default/ghost"}))])
    rejected = RunCommand.objects.get(run=run)
    assert rejected.status == "rejected"
    assert rejected.error == {"field": "pod", "value": "default/ghost", "message": "no pod default/ghost"}


def test_replaying_scenario_seed_and_command_log_gives_the_identical_event_log(published: list[Any]) -> None:
    run = make_run([node("n1"), node("n2"), pod("a", lifetime=5), pod("b", lifetime=30)])
    execute(run, [
        (2.5, command(run, {"type": "add_pod", "manifest": pod("c", lifetime=3)})),
        (4.0, command(run, {"type": "delete_pod", "pod": "default/b"})),
        (9.0, command(run, {"type": "add_pod", "manifest": pod("d")})),
    ])
    run.refresh_from_db()
    assert executor.replay(run) == stored(run)


def test_a_finished_run_resumes_when_a_cluster_command_arrives(published: list[Any]) -> None:
    run = make_run([node("n1"), pod("a")])
    execute(run, [(5.0, command(run, {"type": "add_pod", "manifest": pod("b")}))])
    statuses = [payload for kind, payload in published if kind == "status"]
    assert statuses[:4] == ["running", "finished", "running", "finished"]
    assert RunEvent.objects.filter(run=run, kind="pod.bound").count() == 2


def test_pause_holds_virtual_time_and_step_runs_exactly_one_cycle(
        published: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conf, "IDLE_RELEASE_SECONDS", 1000)
    monkeypatch.setattr(conf, "FINISHED_LINGER_SECONDS", 1000)
    run = make_run([node("n1"), pod("a", lifetime=10), pod("b", lifetime=10)], speed=1)
    cycles_at: dict[str, int] = {}

    def count(label: str) -> Callable[[], None]:
        return lambda: cycles_at.__setitem__(label, RunEvent.objects.filter(run=run, kind="cycle.finished").count())

    # The two cycles at t=0 run before the first wait; pausing then stops the 10 s timers.
    execute(run, [
        (1.0, command(run, {"type": "pause"})),
        (100.0, count("paused 99 s")),
        (101.0, command(run, {"type": "add_pod", "manifest": pod("c")})),
        (102.0, command(run, {"type": "step"})),
        (103.0, count("after step")),
        (104.0, command(run, {"type": "resume"})),
    ])
    assert cycles_at == {"paused 99 s": 2, "after step": 3}
    assert not RunEvent.objects.filter(run=run, kind="pod.deleted", t__lt=10).exists()
    deleted = RunEvent.objects.filter(run=run, kind="pod.deleted")
    assert [e.t for e in deleted] == [10, 10]  # virtual time stood still for the 103 s pause


def test_an_idle_paused_run_lets_its_worker_go_and_keeps_a_checkpoint(published: list[Any]) -> None:
    run = make_run([node("n1"), pod("a", lifetime=50)])
    clock, _ = execute(run, [(1.0, command(run, {"type": "pause"}))])
    run.refresh_from_db()
    assert (run.status, run.lease_token) == ("paused", "")
    assert run.checkpoint.seq == run.last_seq
    assert clock.now == pytest.approx(1.0 + conf.IDLE_RELEASE_SECONDS, abs=conf.HEARTBEAT_SECONDS)


def test_a_resumed_worker_continues_from_the_checkpoint_without_losing_or_repeating_events(
        published: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    docs = [node("n1"), node("n2"), *[pod(f"p{i}", lifetime=i + 1) for i in range(30)]]
    monkeypatch.setattr(conf, "CHECKPOINT_EVENTS", 20)
    reference = make_run(docs)
    execute(reference, [(3.5, command(reference, {"type": "add_pod", "manifest": pod("x", lifetime=2)}))])

    run = make_run_for_other_owner(docs)

    class Crash(Exception):
        pass

    def crash() -> None:
        raise Crash

    with pytest.raises(Crash):  # the worker dies at wall 12 s, after a checkpoint and a command
        execute(run, [(3.5, command(run, {"type": "add_pod", "manifest": pod("x", lifetime=2)})), (12.0, crash)])
    run.refresh_from_db()
    assert 0 < run.last_seq < RunEvent.objects.filter(run=reference).count()
    Run.objects.filter(pk=run.pk).update(lease_expires_at=None)  # the lease expired
    execute(run)
    assert _strip(stored(run)) == _strip(stored(reference))


def make_run_for_other_owner(docs: list[dict[str, Any]]) -> Run:
    owner = User.objects.create_user("second")
    scenario = Scenario.objects.create(title="t2", owner=owner, manifests=docs, settings={"seed": 7})
    return services.start_run(owner, scenario, speed=1)


def _strip(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "state"} for e in events]


def k8s_node(name: str, cpu: str = "4") -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Node", "metadata": {"name": name},
            "status": {"allocatable": {"cpu": cpu, "memory": "8Gi", "pods": "110"}}}


def k8s_pod(name: str, cpu: str = "500m", priority_class: str | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": [{"name": "c", "resources": {"requests": {"cpu": cpu}}}]}
    if priority_class:
        spec["priorityClassName"] = priority_class
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"}, "spec": spec}


def test_with_scheduler_core_replay_of_scenario_seed_and_commands_is_byte_identical(captured: list[Any]) -> None:
    docs = [k8s_node("n1"), k8s_node("n2"), k8s_pod("a"), k8s_pod("b")]
    run = make_run(docs, speed=1)
    execute(run, [
        (0.5, command(run, {"type": "cordon", "node": "n1"})),
        (1.5, command(run, {"type": "add_pod", "manifest": k8s_pod("c")})),
        (2.0, command(run, {"type": "delete_pod", "pod": "default/a"})),
        (2.5, command(run, {"type": "delete_pod", "pod": "default/ghost"})),
        (3.0, command(run, {"type": "uncordon", "node": "n1"})),
    ])
    run.refresh_from_db()
    log = list(RunCommand.objects.filter(run=run).values_list("status", flat=True))
    assert log == ["applied", "applied", "applied", "rejected", "applied"]
    assert json.dumps(executor.replay(run)) == json.dumps(stored(run))
    assert [e["seq"] for e in stored(run)] == list(range(1, run.last_seq + 1))


def test_stored_states_make_the_state_at_any_seq_equal_to_folding_every_event(
        captured: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    from playground.runs import selectors
    from playground.runs.models import RunState
    from scheduler_core.events import fold

    monkeypatch.setattr(conf, "STATE_EVERY_EVENTS", 5)
    run = make_run([k8s_node("n1"), *[k8s_pod(f"p{i}") for i in range(6)]], speed=1)
    execute(run, [(1.0, command(run, {"type": "add_pod", "manifest": k8s_pod("late")}))])
    events = stored(run)
    assert RunState.objects.filter(run=run).count() >= 2
    for seq in (1, 7, len(events) // 2, len(events)):
        assert selectors.state_at(run.pk, seq) == fold(events[:seq]), seq
