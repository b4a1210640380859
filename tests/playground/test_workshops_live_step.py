"""The class's step moves with its run's events on the server (workshops/live.py): the ticks are
committed as the engine commits them (leases.commit_tick), the sockets are the real consumer on
the in-memory channel layer; the Redis layer, uvicorn and the Celery worker carry the same in
tests/e2e/test_projector.py. No browser tab of the instructor's is involved."""
from __future__ import annotations

import copy
import functools
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User

from playground.accounts.models import Profile
from playground.lessons import selectors as lessons
from playground.lessons import tooling
from playground.lessons.services import sync_lesson_scenarios
from playground.runs import leases, signals
from playground.runs.models import Run
from playground.workshops import live, selectors, services
from playground.workshops.models import Participant, Workshop
from tests.playground.test_workshops_consumer import connect, in_memory_layer, next_of

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["in_memory_layer"]  # the autouse fixture, for this module too

LESSON = "basic-preemption"  # 7 steps, at events 1, 4, 5, 8, 11, 14 and 18 of 20
TOKEN = "test-engine"


@pytest.fixture(autouse=True)
def nothing_read_yet() -> Iterator[None]:
    live.forget()
    yield
    live.forget()


def lesson_events() -> list[dict[str, Any]]:
    return copy.deepcopy(_lesson_events())


@functools.cache
def _lesson_events() -> list[dict[str, Any]]:
    return tooling.run_variant(lessons.lesson_by_slug(LESSON).main).events


def class_with_a_student() -> tuple[Workshop, Participant]:
    sync_lesson_scenarios()
    teacher = User.objects.create_user("teacher")
    Profile.objects.create(user=teacher, is_guest=False)
    workshop = services.create_workshop(teacher, lesson=LESSON)
    Run.objects.filter(pk=workshop.run_id).update(lease_token=TOKEN, status="running")  # as an engine holds it
    ada = Participant.objects.create(workshop=workshop, user=User.objects.create_user("ada"), name="Ada")
    return workshop, ada


def commit_ticks(run_id: int, events: list[dict[str, Any]], size: int) -> None:
    """The engine's commits of the run's events, ``size`` a tick, each heard after its commit."""
    run = Run.objects.get(pk=run_id)
    for start in range(0, len(events), size):
        tick = events[start:start + size]
        run.last_seq = tick[-1]["seq"]
        leases.commit_tick(run, TOKEN, tick, [], False, publish=lambda *_: None)


def steps_after_each_tick(events: list[dict[str, Any]], size: int) -> list[int]:
    """Each tick's step by the lesson panel's rule, each change once."""
    seqs = tooling.step_seqs(lessons.lesson_by_slug(LESSON).main.steps, events)
    told: list[int] = []
    for end in range(size, len(events) + size, size):
        step = tooling.step_at(seqs, min(end, len(events)))
        if not told or told[-1] != step:
            told.append(step)
    return told


async def steps_heard(communicator: Any, count: int) -> list[int]:
    return [(await next_of(communicator, "classStep"))["step"] for _ in range(count)]


@pytest.mark.asyncio
async def test_with_the_instructors_tab_closed_the_projector_and_students_follow_each_step_once() -> None:
    workshop, ada = await sync_to_async(class_with_a_student)()
    teacher = await sync_to_async(lambda: workshop.instructor)()
    host_tab = await connect(teacher, workshop.code)
    await host_tab.receive_json_from()
    await host_tab.disconnect()  # the instructor's dashboard is closed (or asleep)
    projector = await connect(teacher, workshop.code)
    student = await connect(await sync_to_async(lambda: ada.user)(), workshop.code)
    for screen in (projector, student):
        assert (await screen.receive_json_from())["workshop"]["position"]["step"] == 0

    events = await sync_to_async(lesson_events)()
    await sync_to_async(commit_ticks)(workshop.run_id, events, size=2)

    expected = steps_after_each_tick(events, 2)
    assert expected == [1, 2, 3, 4, 5, 6, 7]  # ticks end at 2, 4, 6 …: every step on its own
    for screen in (projector, student):
        assert await steps_heard(screen, len(expected)) == expected
        assert await screen.receive_nothing(0.2)  # once each: no tick without a change is told
    stored = await sync_to_async(Workshop.objects.get)(pk=workshop.pk)
    assert (stored.position["seq"], stored.position["step"]) == (None, 7)
    assert await sync_to_async(selectors.class_step)(stored) == 7  # what REST, hello and exports read
    for screen in (projector, student):
        await screen.disconnect()


@pytest.mark.django_db  # nothing is written
def test_a_tick_of_a_run_no_workshop_leads_costs_no_query(django_assert_num_queries: Any) -> None:
    own = Run(pk=10_000, owner_id=1, scenario_slug="lesson05", lesson=LESSON, pool="")  # a student's fork, say
    with django_assert_num_queries(0):
        signals.events_committed.send(Run, run=own, events=lesson_events()[:5])


def test_a_class_run_s_tick_that_moves_no_step_costs_no_query(django_assert_num_queries: Any) -> None:
    workshop, _ = class_with_a_student()
    events = lesson_events()
    commit_ticks(workshop.run_id, events[:5], size=5)  # read once here: steps 1 to 3
    run = Run.objects.get(pk=workshop.run_id)
    with django_assert_num_queries(0):
        signals.events_committed.send(Run, run=run, events=events[5:7])  # events 6, 7: still step 3


def test_a_class_held_at_an_event_stays_there_and_an_engine_taking_the_run_over_tells_nothing_twice(
        no_sockets: list[dict[str, Any]]) -> None:
    workshop, _ = class_with_a_student()
    events = lesson_events()
    commit_ticks(workshop.run_id, events[:10], size=5)
    assert [m["step"] for m in no_sockets] == [3, 4]
    services.publish_position(workshop, workshop.instructor, {"runId": workshop.run_id, "seq": 4})
    commit_ticks(workshop.run_id, events[10:15], size=5)  # steps 5, 6: the class is held at step 2
    assert [m.get("step") for m in no_sockets if m["type"] == "classStep"] == [3, 4]
    assert Workshop.objects.get(pk=workshop.pk).position["step"] == 2

    services.publish_position(workshop, workshop.instructor, {"runId": workshop.run_id, "seq": None})
    assert Workshop.objects.get(pk=workshop.pk).position["step"] == 6  # live again: read at the latest event
    live.forget()  # another engine takes the run: it reads the stored events, the step it finds was told
    no_sockets.clear()
    commit_ticks(workshop.run_id, events[15:17], size=2)
    assert no_sockets == []
    commit_ticks(workshop.run_id, events[17:], size=3)
    assert no_sockets == [{"type": "classStep", "runId": workshop.run_id, "step": 7}]


@pytest.fixture
def no_sockets(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What the workshop's sockets would be sent, in order (these tests really commit)."""
    from playground.workshops import broadcast

    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(broadcast, "send", lambda group, payload: sent.append(payload))
    return sent
