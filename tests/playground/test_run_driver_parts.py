"""The driver's parts, each alone — no database, no driver, no simulation: the virtual clock
(clock.py), the commit batcher (batcher.py), the snapshot policy (snapshots.py). And no class in
playground/runs grows past 20 methods (the driver once had 35)."""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from playground.runs import conf
from playground.runs.batcher import CommitBatcher
from playground.runs.clock import VirtualClock
from playground.runs.lifecycle import PAUSED, RUNNING
from playground.runs.snapshots import SnapshotPolicy

RUNS = Path(__file__).resolve().parents[2] / "playground" / "runs"


class Ticking:
    """A clock the test moves."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Paced:
    status: str = RUNNING
    speed: float = 1.0


def events(*seqs: int) -> list[dict[str, Any]]:
    return [{"seq": s, "t": float(s), "kind": "pod.created"} for s in seqs]


# ---- the virtual clock ----

def make_clock(status: str = RUNNING, speed: float = 1.0, vt: float = 10.0, sim_now: float = 0.0
               ) -> tuple[VirtualClock, Ticking, Paced, list[float]]:
    engine, run, sim = Ticking(), Paced(status, speed), [sim_now]
    return VirtualClock(run, engine, vt, floor=lambda: sim[0]), engine, run, sim


def test_a_running_clock_moves_at_the_runs_speed_from_its_anchor() -> None:
    vclock, engine, _, _ = make_clock(speed=2.0)
    engine.now += 3
    assert vclock.now() == 16.0


@pytest.mark.parametrize(("status", "speed"), [
    pytest.param(PAUSED, 1.0, id="a paused run's clock stands still"),
    pytest.param(RUNNING, 0.0, id="at speed 0 the clock is the simulation's, no faster"),
])
def test_a_clock_that_does_not_run_stands_at_its_anchor(status: str, speed: float) -> None:
    vclock, engine, _, _ = make_clock(status, speed)
    engine.now += 5
    assert vclock.now() == 10.0


def test_the_clock_never_falls_behind_the_simulation() -> None:
    vclock, _, run, sim = make_clock(PAUSED)
    sim[0] = 12.5
    assert vclock.now() == 12.5
    vclock.anchor(11.0)
    run.status = RUNNING
    assert vclock.now() == 12.5


def test_the_wait_for_a_happening_is_its_distance_in_virtual_time_over_the_speed() -> None:
    vclock, _, _, _ = make_clock(speed=4.0)
    assert vclock.wall_delay(18.0) == 2.0


def test_nothing_waits_at_speed_0() -> None:
    vclock, _, _, _ = make_clock(speed=0.0)
    assert vclock.wall_delay(1000.0) == 0.0


def test_viewers_are_never_told_a_time_past_the_next_happening() -> None:
    vclock, engine, _, _ = make_clock()
    engine.now += 30
    assert (vclock.display(25.0), vclock.display(None)) == (25.0, 40.0)


def test_a_running_clock_drifted_from_what_viewers_were_told_wants_a_new_anchor() -> None:
    """Told 10 at Unix time 1000; at speed 0 virtual time raced ahead while viewers extrapolate at 0."""
    vclock, _, run, _ = make_clock(speed=0.0)
    vclock.told(10.0, 1000.0)
    vclock.anchor(50.0)
    late = 1000.0 + conf.REANCHOR_SECONDS
    assert vclock.drifted(late, lambda: None)
    assert not vclock.drifted(late - 0.01, lambda: None)  # not more often than REANCHOR_SECONDS
    run.status = PAUSED
    assert not vclock.drifted(late, lambda: None)  # a clock that does not run tells its viewers by its status


def test_a_clock_on_time_wants_no_new_anchor() -> None:
    vclock, engine, _, _ = make_clock(speed=1.0)
    vclock.told(10.0, 1000.0)
    engine.now += 5
    assert not vclock.drifted(1005.0, lambda: None)


# ---- the commit batcher ----

def make_batcher() -> tuple[CommitBatcher, Ticking, Ticking]:
    engine, wall = Ticking(5.0), Ticking(1.7e9)
    return CommitBatcher(engine, wall), engine, wall


def test_a_batch_is_timed_from_its_first_event() -> None:
    batch, engine, wall = make_batcher()
    engine.now, wall.now = 6.0, 1.7e9 + 1
    batch.emit(events(1))
    engine.now += 1
    batch.emit(events(2))
    assert (batch.started, batch.produced_at) == (6.0, 1.7e9 + 1)
    assert not batch.aged(6.0 + conf.BATCH_SECONDS / 2) and batch.aged(6.0 + conf.BATCH_SECONDS)


def test_a_batch_is_full_at_batch_events_and_its_oldest_are_taken_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conf, "BATCH_EVENTS", 3)
    batch, _, _ = make_batcher()
    batch.emit(events(1, 2))
    assert not batch.full()
    batch.emit(events(3, 4, 5))
    assert batch.full() and batch.oversized()
    chunk = batch.take_oldest()
    assert [e["seq"] for e in chunk] == [1, 2, 3] and [e["seq"] for e in batch.events] == [4, 5]
    batch.put_back(chunk)  # its commit failed
    assert [e["seq"] for e in batch.events] == [1, 2, 3, 4, 5]


def test_a_new_batcher_has_a_status_to_tell_and_nothing_once_committed() -> None:
    batch, _, _ = make_batcher()
    assert batch.pending()  # the run just left `queued`, or a new engine holds it
    batch.emit(events(1))
    batch.committed()
    assert not batch.pending() and batch.events == [] and batch.produced_at is None


# ---- the snapshot policy ----

@pytest.fixture
def policy(monkeypatch: pytest.MonkeyPatch) -> SnapshotPolicy:
    monkeypatch.setattr(conf, "STATE_EVERY_EVENTS", 200)
    monkeypatch.setattr(conf, "STATE_MAX_EVENTS", 10_000)
    monkeypatch.setattr(conf, "STATE_COST_FACTOR", 30)
    monkeypatch.setattr(conf, "STATE_LOG_RATIO", 10)
    return SnapshotPolicy(seq=0, now=0.0)


def test_a_state_is_due_every_state_every_events(policy: SnapshotPolicy) -> None:
    assert not policy.due(199, 0.0) and policy.due(200, 0.0)


def test_after_a_costly_state_the_next_waits_cost_factor_times_as_long(policy: SnapshotPolicy) -> None:
    policy.built(200, started=1.0, finished=1.125, size=0)  # 0.125 s: none before 1.0 + 30 × 0.125
    assert not policy.due(400, 4.7) and policy.due(400, 4.75)


def test_storing_a_state_counts_against_its_cost_too(policy: SnapshotPolicy) -> None:
    policy.built(200, started=1.0, finished=1.0, size=0)
    policy.commit_cost(started=1.0, finished=1.25)  # the commit with it took 0.25 s: none before 1.25 + 30 × 0.25
    assert not policy.due(400, 8.7) and policy.due(400, 8.75)


def test_state_max_events_bounds_the_wait_whatever_the_cost(policy: SnapshotPolicy) -> None:
    policy.built(200, started=0.0, finished=100.0, size=0)
    assert not policy.due(10_199, 1.0) and policy.due(10_200, 1.0)


def test_a_state_waits_until_the_events_since_the_last_add_up_to_a_tenth_of_its_size(
        policy: SnapshotPolicy) -> None:
    policy.built(200, started=0.0, finished=0.0, size=10_000)
    policy.stored(999)
    assert not policy.due(400, 1.0)
    policy.stored(1)
    assert policy.due(400, 1.0)


# ---- the size of a class ----

def methods_per_class() -> dict[str, int]:
    counts = {}
    for path in RUNS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                counts[f"{path.relative_to(RUNS)}:{node.name}"] = sum(
                    isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) for item in node.body)
    return counts


def test_no_class_in_the_runs_app_has_more_than_20_methods() -> None:
    counts = methods_per_class()
    assert counts["driver.py:RunDriver"] > 10  # the count sees the classes it is about
    assert {name: n for name, n in counts.items() if n > 20} == {}
