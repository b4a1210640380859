"""What an instructor's click costs the web process for a class (issue 27, point 6): the message is
encoded once for every socket, the process holds one subscription per group whatever the class's
size, no socket's message makes a hop to the shared sync thread, and a run's lesson steps are read
from its events once, not again on every click. The real consumer on the in-memory channel layer."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.test.utils import CaptureQueriesContext

from playground.runs.models import Run
from playground.workshops import broadcast, consumers, selectors
from tests.playground.test_workshops_consumer import connect, in_memory_layer, make_workshop, next_of
from tests.playground.test_workshops_live_step import class_with_a_student, commit_ticks, lesson_events

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["in_memory_layer"]  # the autouse fixture, for this module too


@pytest.mark.asyncio
async def test_a_position_is_encoded_once_for_the_whole_class_through_one_subscription_per_group(
        monkeypatch: pytest.MonkeyPatch) -> None:
    workshop, people = await sync_to_async(make_workshop)(students=5)
    host = await connect(await sync_to_async(lambda: workshop.instructor)())
    students = [await connect(await sync_to_async(lambda p=p: p.user)()) for p in people]
    for socket in (host, *students):
        assert (await socket.receive_json_from())["type"] == "hello"
    encoded: Counter[str] = Counter()
    real_encode = broadcast.encode_json
    monkeypatch.setattr(broadcast, "encode_json", lambda payload: encoded.update([payload["type"]]) or real_encode(payload))
    per_socket: list[Any] = []
    real_per_socket = consumers.WorkshopConsumer.encode_json

    async def counted(content: Any) -> str:
        per_socket.append(content)
        return await real_per_socket(content)

    monkeypatch.setattr(consumers.WorkshopConsumer, "encode_json", staticmethod(counted))

    await host.send_json_to({"type": "position", "position": {"runId": workshop.run_id, "seq": 9}})
    for socket in (host, *students):
        assert (await next_of(socket, "position"))["position"]["seq"] == 9
    assert encoded["position"] == 1 and [c for c in per_socket if c.get("type") == "position"] == []
    layer = get_channel_layer()
    for group in (broadcast.everyone(workshop.pk), broadcast.students(workshop.pk), broadcast.host(workshop.pk)):
        assert len(layer.groups[group]) == 1  # the process, not each of its 6 sockets
    for socket in (host, *students):
        await socket.disconnect()
    assert not layer.groups.get(broadcast.everyone(workshop.pk))


@pytest.mark.asyncio
async def test_no_message_of_a_socket_waits_for_a_hop_to_the_shared_sync_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    import channels.consumer

    hops: list[None] = []

    async def counted_hop() -> None:
        hops.append(None)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted_hop)
    workshop, people = await sync_to_async(make_workshop)(students=2)
    host = await connect(await sync_to_async(lambda: workshop.instructor)())
    students = [await connect(await sync_to_async(lambda p=p: p.user)()) for p in people]
    for socket in (host, *students):
        await socket.receive_json_from()
        await socket.send_json_to({"type": "ping"})
        assert await next_of(socket, "pong")
    await host.send_json_to({"type": "position", "position": {"runId": workshop.run_id, "seq": 3}})
    for socket in students:
        assert (await next_of(socket, "position"))["position"]["seq"] == 3
    assert hops == []  # channels' own dispatch hops once per connect, frame and message
    for socket in (host, *students):
        await socket.disconnect()


def event_reads(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if "runevent" in q["sql"]]


def test_a_runs_steps_are_read_from_its_events_once_and_follow_the_events_stored_later() -> None:
    workshop, _ = class_with_a_student()
    events = lesson_events()  # basic-preemption: 7 steps, at events 1, 4, 5, 8, 11, 14 and 18 of 20
    commit_ticks(workshop.run_id, events[:10], size=5)
    run = Run.objects.get(pk=workshop.run_id)
    with CaptureQueriesContext(connection) as clicks:
        assert [selectors.lesson_step(run, seq) for seq in range(11)] == [0, 1, 1, 1, 2, 3, 3, 3, 4, 4, 4]
        assert [selectors.lesson_step(run, seq) for seq in (9, 4, 10, None)] == [4, 2, 4, 4]
    assert len(event_reads(clicks)) == 1  # the first click reads the stored events; the others, nothing

    commit_ticks(workshop.run_id, events[10:], size=5)
    run = Run.objects.get(pk=workshop.run_id)
    with CaptureQueriesContext(connection) as later:
        steps = [selectors.lesson_step(run, seq) for seq in (None, 13, 14, 18, 25)]
    assert steps == [7, 5, 6, 7, 7] == [selectors.step_reader(run, min(s or 20, 20)).step for s in (None, 13, 14, 18, 25)]
    assert len(event_reads(later)) == 1  # only the events stored since (10, 20], once
