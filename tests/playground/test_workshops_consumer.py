"""The workshop socket with the in-memory channel layer: who may connect, the hello each role
gets, the instructor's position fanned out to students, tallies only to the instructor, and the
roster's connected flag (the Redis layer and a real server are exercised in tests/e2e)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from channels.routing import URLRouter
from django.contrib.auth.models import AnonymousUser, User

from playground.accounts.models import Profile
from playground.runs import bus as run_bus
from playground.runs.models import Run
from playground.scenarios.models import Scenario
from playground.workshops import consumers, services
from playground.workshops.models import Participant, Question, Workshop
from playground.workshops.routing import websocket_urlpatterns
from tests.playground.test_runs_consumer import WebsocketCommunicator as RunsCommunicator

pytestmark = pytest.mark.django_db(transaction=True)


class WebsocketCommunicator(RunsCommunicator):
    def __init__(self, path: str, user: Any) -> None:
        scope = {"type": "websocket", "path": path, "query_string": b"", "headers": [], "subprotocols": [],
                 "user": user}
        ApplicationCommunicator.__init__(self, URLRouter(websocket_urlpatterns), scope)


@pytest.fixture(autouse=True)
def in_memory_layer(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    monkeypatch.setattr(run_bus, "announce_run", lambda run_id, bulk: None)
    # Answer in the sync thread that holds the test's database connection (the thread pool is
    # exercised by the live tests and bench_workshop).
    monkeypatch.setattr(consumers, "answer", database_sync_to_async(services.answer))
    yield
    channel_layers.backends.clear()


def make_workshop(students: int = 2) -> tuple[Workshop, list[Participant]]:
    teacher = User.objects.create_user("teacher")
    Profile.objects.create(user=teacher, is_guest=False)
    scenario = Scenario.objects.create(title="Two pods", owner=teacher, visibility="public", manifests=[])
    run = Run.objects.create(scenario=scenario, scenario_slug=scenario.slug, owner=teacher, last_seq=40)
    workshop = Workshop.objects.create(code="ABC234", title="t", instructor=teacher, scenario_slug=scenario.slug,
                                       run=run, position=services.run_position(run.pk))
    people = [Participant.objects.create(workshop=workshop, user=User.objects.create_user(f"s{i}"), name=f"S{i}")
              for i in range(students)]
    Question.objects.create(workshop=workshop, key="victim", prompt="Which pod?", kind="pod", answer="default/b")
    return workshop, people


async def connect(user: Any, code: str = "ABC234") -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(f"/ws/workshops/{code}/", user)
    assert await communicator.connect()
    return communicator


async def next_of(communicator: WebsocketCommunicator, kind: str) -> dict[str, Any]:
    while True:
        message = await communicator.receive_json_from()
        if message["type"] == kind:
            return message


@pytest.mark.asyncio
@pytest.mark.parametrize("who, code, close", [
    pytest.param("stranger", "ABC234", 4403, id="someone who did not join is refused"),
    pytest.param("anonymous", "ABC234", 4403, id="an anonymous visitor is refused"),
    pytest.param("student", "NOPE99", 4404, id="an unknown code is not found"),
])
async def test_only_the_instructor_and_joined_students_may_connect(who: str, code: str, close: int) -> None:
    _, people = await sync_to_async(make_workshop)()
    user = {"stranger": await sync_to_async(User.objects.create_user)("x"), "anonymous": AnonymousUser(),
            "student": await sync_to_async(lambda: people[0].user)()}[who]
    communicator = await connect(user, code)
    assert (await communicator.receive_output(3)) == {"type": "websocket.close", "code": close}


@pytest.mark.asyncio
async def test_the_instructors_position_reaches_every_student_and_is_stored_for_latecomers() -> None:
    workshop, people = await sync_to_async(make_workshop)()
    host = await connect(await sync_to_async(lambda: workshop.instructor)())
    assert (await host.receive_json_from())["role"] == "instructor"
    students = [await connect(await sync_to_async(lambda p=p: p.user)()) for p in people]
    for s in students:
        hello = await s.receive_json_from()
        assert (hello["role"], hello["workshop"]["position"]["seq"]) == ("student", None)
    await host.send_json_to({"type": "position", "position": {"runId": workshop.run_id, "seq": 17, "step": 3}})
    for s in students:
        position = (await next_of(s, "position"))["position"]
        # The step is the server's (a run of no lesson has none), never what a page claims.
        assert (position["runId"], position["seq"], position["step"]) == (workshop.run_id, 17, None)
    late = await connect(await sync_to_async(lambda: people[0].user)())
    assert (await late.receive_json_from())["workshop"]["position"]["seq"] == 17
    for c in (host, late, *students):
        await c.disconnect()


@pytest.mark.asyncio
async def test_a_student_cannot_move_the_class() -> None:
    workshop, people = await sync_to_async(make_workshop)()
    student = await connect(await sync_to_async(lambda: people[0].user)())
    await student.receive_json_from()
    await student.send_json_to({"type": "position", "position": {"runId": workshop.run_id, "seq": 5}})
    error = await next_of(student, "error")
    assert error["errors"][0]["field"] == "type"
    assert (await sync_to_async(Workshop.objects.get)(pk=workshop.pk)).position["seq"] is None
    await student.disconnect()


@pytest.mark.asyncio
async def test_the_instructor_sees_connections_and_tallies_and_students_see_neither_before_the_reveal() -> None:
    workshop, people = await sync_to_async(make_workshop)()
    host = await connect(await sync_to_async(lambda: workshop.instructor)())
    await host.receive_json_from()
    student = await connect(await sync_to_async(lambda: people[0].user)())
    await student.receive_json_from()
    roster = (await next_of(host, "roster"))["roster"]
    assert [(r["name"], r["connected"]) for r in roster] == [("S0", True), ("S1", False)]

    await sync_to_async(lambda: services.answer(people[1], "victim", "default/a"))()
    tallied = await next_of(host, "question")
    assert tallied["question"]["tally"] == {"counts": {"default/a": 1}, "answered": 1}
    assert tallied["answered"] == {"participant": people[1].pk, "choice": "default/a"}
    assert await student.receive_nothing(timeout=0.2)

    await sync_to_async(lambda: services.reveal(workshop, workshop.instructor, "victim"))()
    revealed = (await next_of(student, "question"))["question"]
    assert (revealed["revealed"], revealed["answer"], revealed["tally"]["answered"]) == (True, "default/b", 1)

    await student.disconnect()
    while any(r["connected"] for r in (await next_of(host, "roster"))["roster"]):
        pass  # a roster sent before the disconnect may come first; then everyone is gone
    await host.disconnect()


@pytest.mark.asyncio
async def test_a_student_answers_over_the_socket_and_the_instructor_gets_the_tally_with_whose_answer() -> None:
    workshop, people = await sync_to_async(make_workshop)()
    host = await connect(await sync_to_async(lambda: workshop.instructor)())
    await host.receive_json_from()
    student = await connect(await sync_to_async(lambda: people[0].user)())
    await student.receive_json_from()
    await student.send_json_to({"type": "answer", "question": "victim", "choice": "default/b"})
    assert await next_of(student, "answered") == {"type": "answered", "question": "victim", "choice": "default/b"}
    tallied = await next_of(host, "question")
    assert (tallied["question"]["tally"]["answered"], tallied["answered"]["participant"]) == (1, people[0].pk)
    await student.send_json_to({"type": "answer", "question": "nope", "choice": "default/b"})
    assert (await next_of(student, "error"))["errors"][0]["field"] == "question"
    await sync_to_async(lambda: services.end_workshop(workshop, workshop.instructor))()
    await student.send_json_to({"type": "answer", "question": "victim", "choice": "default/a"})
    assert "has ended" in (await next_of(student, "error"))["message"]
    for c in (host, student):
        await c.disconnect()
