"""A fork of a run at one of its events, driven by the real worker loop and the real scheduler_core:
it stands exactly where the original stood, carries the commands applied before that point and
not those after, and then goes its own way."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from playground.api_errors import InvalidDocuments
from playground.runs import forks, services
from playground.runs.models import Run, RunCommand, RunEvent
from playground.scenarios.models import Scenario
from tests.playground.scenarios_support import make_node, make_pod, make_priority_class
from tests.playground.test_runs_engine import Harness, clock, committed, harness, replayed, stored  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

DOCS = [make_node("node-1", cpu="2"), make_priority_class("high", 1000), make_pod("a", cpu="1"),
        make_pod("b", cpu="1")]
LATE_POD = {"type": "add_pod", "manifest": make_pod("urgent", cpu="1", priority_class="high")}


def execute(harness: Harness, run: Run) -> None:
    """The real engine on a fake clock, long enough for this small cluster to do everything it can."""
    harness.start(run)
    harness.run(until=harness.clock.now + 120)


def original_with_a_late_pod(harness: Harness) -> tuple[Run, int]:
    """Runs to quiescence, then a higher-priority pod arrives and preempts: (run, seq before it)."""
    owner = User.objects.create_user("teacher")
    scenario = Scenario.objects.create(title="t", owner=owner, visibility="public", manifests=DOCS)
    run = services.start_run(owner, scenario, seed=3, speed=0)
    execute(harness, run)
    run.refresh_from_db()
    before = run.last_seq
    services.submit_command(run, owner, LATE_POD)
    execute(harness, run)
    run.refresh_from_db()
    assert RunEvent.objects.filter(run=run, kind="pod.terminating").exists()  # it did preempt
    return run, before


def mentions(events: list[dict[str, Any]], text: str) -> bool:
    return any(text in str(e) for e in events)


def test_a_fork_at_the_last_event_replays_to_the_same_log_with_the_applied_command(harness: Harness) -> None:
    original, _ = original_with_a_late_pod(harness)
    fork = forks.fork_run(User.objects.create_user("student"), original, original.last_seq)
    assert list(RunCommand.objects.filter(run=fork).values_list("type", "status")) == [("add_pod", "applied")]
    assert replayed(fork) == stored(original)
    execute(harness, fork)
    fork.refresh_from_db()
    assert (fork.status, fork.last_seq) == ("paused", original.last_seq)
    assert stored(fork) == stored(original)


def test_a_fork_before_a_command_stands_where_the_original_stood_and_goes_on_without_it(harness: Harness) -> None:
    original, before = original_with_a_late_pod(harness)
    student = User.objects.create_user("student")
    fork = forks.fork_run(student, original, before)
    assert not RunCommand.objects.filter(run=fork).exists()
    assert replayed(fork) == stored(original)[:before]
    services.submit_command(fork, student, {"type": "resume"})
    execute(harness, fork)
    fork.refresh_from_db()
    assert stored(fork)[:before] == stored(original)[:before]
    assert not mentions(stored(fork), "default/urgent")
    assert fork.owner == student and fork.seed == original.seed and fork.documents == original.documents


@pytest.mark.parametrize("seq", [
    pytest.param(0, id="before the first event"),
    pytest.param(10**6, id="past the last event"),
    pytest.param("3", id="a string"),
    pytest.param(True, id="a boolean"),
])
def test_forking_at_a_seq_that_is_not_an_event_is_a_400_naming_seq(harness: Harness, seq: Any) -> None:
    original, _ = original_with_a_late_pod(harness)
    with pytest.raises(InvalidDocuments) as raised:
        forks.fork_run(original.owner, original, seq)
    assert raised.value.errors[0]["field"] == "seq"
    assert Run.objects.count() == 1


def test_nobody_forks_a_run_of_a_private_scenario_they_cannot_see(harness: Harness) -> None:
    original, _ = original_with_a_late_pod(harness)
    Scenario.objects.filter(pk=original.scenario_id).update(visibility="private")
    original.refresh_from_db()
    with pytest.raises(InvalidDocuments) as raised:
        forks.fork_run(User.objects.create_user("stranger"), original, 1)
    assert raised.value.status_code == 404
