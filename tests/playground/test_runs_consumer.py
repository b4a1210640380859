"""The run socket: hello, backlog from the database, live batches, no gap and no duplicate,
with the in-memory channel layer (the Redis one is exercised in tests/integration)."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from asgiref.testing import ApplicationCommunicator
from channels import auth as channels_auth
from channels.db import database_sync_to_async
from channels.layers import channel_layers, get_channel_layer
from channels.routing import URLRouter
from django.contrib.auth.models import AnonymousUser, User

from playground import ws_auth
from playground.runs import bus, consumers, delivery, selectors
from playground.runs.models import Run, RunCommand, RunEvent
from playground.runs.routing import websocket_urlpatterns
from playground.scenarios.models import Scenario

pytestmark = pytest.mark.django_db(transaction=True)


class WebsocketCommunicator(ApplicationCommunicator):  # channels.testing needs daphne; this is enough
    def __init__(self, path: str, user: Any) -> None:
        path, _, query = path.partition("?")
        scope = {"type": "websocket", "path": path, "query_string": query.encode(), "headers": [],
                 "subprotocols": [], "user": user}
        super().__init__(URLRouter(websocket_urlpatterns), scope)

    async def connect(self) -> bool:
        await self.send_input({"type": "websocket.connect"})
        return (await self.receive_output(3))["type"] == "websocket.accept"

    async def receive_json_from(self, timeout: float = 3) -> Any:
        message = await self.receive_output(timeout)
        assert message["type"] == "websocket.send", message
        return json.loads(message["text"])

    async def send_json_to(self, data: Any) -> None:
        await self.send_input({"type": "websocket.receive", "text": json.dumps(data)})

    async def disconnect(self) -> None:
        await self.send_input({"type": "websocket.disconnect", "code": 1000})
        await self.wait(1)


@pytest.fixture(autouse=True)
def in_memory_layer(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    # Read in the sync thread that holds the test's database connection. (The thread pool reads
    # run against a live server in tests/integration.)
    monkeypatch.setattr(consumers, "read_page", database_sync_to_async(selectors.raw_events_page))
    monkeypatch.setattr(consumers, "open_view", database_sync_to_async(consumers._open_view))
    monkeypatch.setattr(consumers, "submit_in_pool", database_sync_to_async(consumers._submit))
    monkeypatch.setattr(consumers, "refresh_verdict", database_sync_to_async(RunCommand.refresh_verdict))
    monkeypatch.setattr(ws_auth, "_get_user", database_sync_to_async(channels_auth.get_user.func))
    monkeypatch.setattr(consumers, "backlog", consumers.BacklogPages())
    yield
    channel_layers.backends.clear()


def ev(seq: int) -> dict[str, Any]:
    return {"seq": seq, "t": float(seq), "kind": "cycle.started", "cycle": seq, "pod": "default/p", "attempts": 1}


def make_run(visibility: str = "public", stored: int = 0) -> Run:
    owner = User.objects.create_user(f"owner{Run.objects.count()}")
    scenario = Scenario.objects.create(title="t", owner=owner, visibility=visibility)
    run = Run.objects.create(scenario=scenario, scenario_slug=scenario.slug, owner=owner, status="running")
    store(run, 1, stored)
    return run


def store(run: Run, first: int, last: int) -> None:
    RunEvent.objects.bulk_create([RunEvent.from_event(run.pk, ev(s)) for s in range(first, last + 1)])
    Run.objects.filter(pk=run.pk).update(last_seq=max(last, run.last_seq))


async def connect(run: Run, after: int | None = None, user: Any = None, ticket: str | None = None) -> WebsocketCommunicator:
    query = [f"after={after}"] * (after is not None) + [f"ticket={ticket}"] * (ticket is not None)
    path = f"/ws/runs/{run.pk}/" + ("?" + "&".join(query) if query else "")
    communicator = WebsocketCommunicator(path, user or AnonymousUser())
    assert await communicator.connect()
    return communicator


async def receive_seqs(communicator: WebsocketCommunicator, upto: int) -> list[int]:
    seqs: list[int] = []
    while not seqs or seqs[-1] < upto:
        message = await communicator.receive_json_from(timeout=3)
        if message["type"] == "events":
            seqs += [e["seq"] for e in message["events"]]
    return seqs


async def group_send(run: Run, message: dict[str, Any]) -> None:
    await get_channel_layer().group_send(bus.group_name(run.pk), message)


@pytest.mark.asyncio
async def test_hello_carries_the_protocol_version_and_the_run() -> None:
    run = await sync_to_async(make_run)(stored=3)
    communicator = await connect(run)
    hello = await communicator.receive_json_from()
    assert (hello["type"], hello["protocol"], hello["run"]["id"], hello["run"]["lastSeq"]) == ("hello", 1, run.pk, 3)
    assert hello["run"]["canControl"] is False
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_connecting_after_a_seq_sends_exactly_the_stored_events_after_it() -> None:
    run = await sync_to_async(make_run)(stored=2500)
    communicator = await connect(run, after=1200)
    await communicator.receive_json_from()
    assert await receive_seqs(communicator, 2500) == list(range(1201, 2501))
    assert await communicator.receive_nothing(timeout=0.1)
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_live_batches_overlapping_the_backlog_or_skipping_ahead_arrive_without_gap_or_duplicate() -> None:
    run = await sync_to_async(make_run)(stored=10)
    communicator = await connect(run)
    await communicator.receive_json_from()
    assert await receive_seqs(communicator, 10) == list(range(1, 11))
    # Published while the backlog was read: overlaps what was sent.
    await sync_to_async(store)(run, 11, 12)
    await group_send(run, bus.events_message([ev(s) for s in range(8, 13)]))
    # Batches 13..14 were lost (expired in the channel): the next one starts at 15.
    await sync_to_async(store)(run, 13, 16)
    await group_send(run, bus.events_message([ev(15), ev(16)]))
    assert await receive_seqs(communicator, 16) == list(range(11, 17))
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_status_message_fetches_events_the_viewer_has_not_seen_before_it() -> None:
    run = await sync_to_async(make_run)(stored=5)
    communicator = await connect(run, after=5)
    await communicator.receive_json_from()
    await sync_to_async(store)(run, 6, 9)  # stored, but their live batch never arrived
    view = {"id": run.pk, "status": "finished", "lastSeq": 9, "canControl": True}
    await group_send(run, bus.status_message(view))
    events = await communicator.receive_json_from()
    status = await communicator.receive_json_from()
    assert [e["seq"] for e in events["events"]] == [6, 7, 8, 9]
    assert (status["type"], status["run"]["status"], status["run"]["canControl"]) == ("status", "finished", False)
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_private_run_closes_with_4404_for_strangers() -> None:
    run = await sync_to_async(make_run)(visibility="private")
    communicator = await connect(run)
    assert (await communicator.receive_output())["code"] == 4404


@pytest.mark.asyncio
async def test_a_watcher_command_is_rejected_with_an_error_message() -> None:
    run = await sync_to_async(make_run)()
    communicator = await connect(run)
    await communicator.receive_json_from()
    await communicator.send_json_to({"type": "command", "id": "c1", "command": {"type": "pause"}})
    reply = await communicator.receive_json_from()
    assert (reply["type"], reply["id"]) == ("error", "c1")
    assert reply["message"] == f"only the owner of run {run.pk} can control it"
    await communicator.disconnect()


@pytest.mark.parametrize(("last_sent", "batch", "gap", "sent"), [
    pytest.param(5, [6, 7], None, [6, 7], id="the next batch is sent as is"),
    pytest.param(5, [3, 4, 5], None, [], id="a batch already sent is dropped"),
    pytest.param(5, [4, 5, 6, 7], None, [6, 7], id="an overlapping batch sends only what is new"),
    pytest.param(5, [9, 10], (5, 8), [9, 10], id="a batch past a gap reads the gap first"),
])
def test_delivery_plan(last_sent: int, batch: list[int], gap: tuple[int, int] | None, sent: list[int]) -> None:
    plan = delivery.plan(last_sent, [ev(s) for s in batch])
    assert (plan.gap, [e["seq"] for e in plan.events]) == (gap, sent)


@pytest.mark.parametrize(("last_sent", "first", "last", "action", "gap"), [
    pytest.param(5, 6, 9, "send", None, id="the next serialised batch is forwarded as is"),
    pytest.param(5, 2, 5, "drop", None, id="a serialised batch already sent is dropped"),
    pytest.param(5, 4, 9, "decode", None, id="an overlapping serialised batch is decoded and trimmed"),
    pytest.param(5, 9, 12, "send", (5, 8), id="a serialised batch past a gap reads the gap first"),
])
def test_delivery_plan_batch(last_sent: int, first: int, last: int, action: str, gap: tuple[int, int] | None) -> None:
    assert delivery.plan_batch(last_sent, first, last) == delivery.BatchPlan(action, gap)  # type: ignore[arg-type]


@pytest.mark.asyncio
async def test_backlog_pages_are_cached_and_sliced_to_the_range_asked() -> None:
    run = await sync_to_async(make_run)(stored=2100)
    pages = consumers.BacklogPages()
    seqs, text = await pages.page(run.pk, 1200, 1205)
    assert seqs == [1201, 1202, 1203, 1204, 1205] and [e["seq"] for e in json.loads(text)] == seqs
    assert list(pages.pages) == [(run.pk, 1000)]
    seqs, _ = await pages.page(run.pk, 2000, 5000)
    assert seqs == list(range(2001, 2101)) and len(pages.pages) == 1  # a partial page is not cached


@pytest.mark.asyncio
async def test_viewers_of_a_run_in_one_process_share_one_group_subscription() -> None:
    from playground import fanout

    run = await sync_to_async(make_run)(stored=1)
    first, second = await connect(run), await connect(run)
    for viewer in (first, second):
        await viewer.receive_json_from()
        assert await receive_seqs(viewer, 1) == [1]
    layer = get_channel_layer()
    assert len(layer.groups[bus.group_name(run.pk)]) == 1
    await sync_to_async(store)(run, 2, 3)
    await group_send(run, bus.events_message([ev(2), ev(3)]))
    assert await receive_seqs(first, 3) == await receive_seqs(second, 3) == [2, 3]
    await first.disconnect()
    await second.disconnect()
    assert bus.group_name(run.pk) not in fanout.hub().inboxes
    assert not layer.groups.get(bus.group_name(run.pk))


@pytest.mark.asyncio
async def test_a_script_authenticates_with_a_single_use_ticket_and_may_control_its_run() -> None:
    from playground.accounts.services import create_ws_ticket

    run = await sync_to_async(make_run)(visibility="private")
    ticket, _ = await sync_to_async(create_ws_ticket)(run.owner, run.pk)
    owner = await connect(run, user=AnonymousUser(), ticket=ticket)
    assert (await owner.receive_json_from())["run"]["canControl"] is True
    replayed = await connect(run, ticket=ticket)
    assert (await replayed.receive_output())["code"] == 4401
    stranger = await connect(run, ticket="wst_wrong")
    assert (await stranger.receive_output())["code"] == 4401
    await owner.disconnect()


@pytest.mark.asyncio
async def test_a_status_published_while_the_viewer_opens_is_not_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker adopts a queued run while its viewer is connecting: the viewer read `queued`,
    then the worker published `paused`. The viewer must end up seeing `paused`."""
    run = await sync_to_async(make_run)()
    await sync_to_async(Run.objects.filter(pk=run.pk).update)(status="queued")
    read = consumers._open_view

    def adopted_meanwhile(scope: Any, query: Any, run_id: int) -> Any:
        user, view = read(scope, query, run_id)  # says queued
        Run.objects.filter(pk=run_id).update(status="paused")
        async_to_sync(group_send)(run, bus.status_message(selectors.run_view(Run.objects.get(pk=run_id))))
        return user, view

    monkeypatch.setattr(consumers, "open_view", database_sync_to_async(adopted_meanwhile))
    communicator = await connect(run)
    hello = await communicator.receive_json_from()
    assert hello["run"]["status"] == "queued"
    status = await communicator.receive_json_from()
    assert (status["type"], status["run"]["status"]) == ("status", "paused")
    await communicator.disconnect()


async def receive_any(communicator: WebsocketCommunicator) -> tuple[str, Any]:
    """("text", decoded JSON) or ("gzip", (header, decoded message)) for a binary backlog frame."""
    import gzip

    message = await communicator.receive_output(3)
    assert message["type"] == "websocket.send", message
    if message.get("bytes") is not None:
        header, _, body = message["bytes"].partition(b"\n")
        return "gzip", (json.loads(header), json.loads(gzip.decompress(body)))
    return "text", json.loads(message["text"])


@pytest.mark.asyncio
async def test_with_encoding_gzip_whole_backlog_pages_come_as_shared_binary_frames() -> None:
    run = await sync_to_async(make_run)(stored=2500)
    communicator = WebsocketCommunicator(f"/ws/runs/{run.pk}/?after=0&encoding=gzip", AnonymousUser())
    assert await communicator.connect()
    assert (await receive_any(communicator))[1]["type"] == "hello"
    frames, seqs = [], []
    while not seqs or seqs[-1] < 2500:
        kind, message = await receive_any(communicator)
        if kind == "gzip":
            header, message = message
            frames.append((header["first"], header["last"], header["count"]))
            assert [e["seq"] for e in message["events"]] == list(range(header["first"], header["last"] + 1))
        seqs += [e["seq"] for e in message["events"]]
    assert seqs == list(range(1, 2501))  # no gap, no duplicate
    assert frames == [(1, 1000, 1000), (1001, 2000, 1000)]  # the growing last page stays text
    assert list(consumers.backlog.frames) == [(run.pk, 0), (run.pk, 1000)]
    await communicator.disconnect()
    # A second viewer mid-page: text up to the page boundary, then the same cached frame object.
    cached = consumers.backlog.frames[(run.pk, 1000)][1]
    second = WebsocketCommunicator(f"/ws/runs/{run.pk}/?after=500&encoding=gzip", AnonymousUser())
    assert await second.connect()
    await receive_any(second)
    kind, message = await receive_any(second)
    assert kind == "text" and [e["seq"] for e in message["events"]] == list(range(501, 1001))
    raw = await second.receive_output(3)
    assert raw["bytes"] is cached
    await second.disconnect()


@pytest.mark.asyncio
async def test_an_unknown_encoding_is_refused_with_4400() -> None:
    run = await sync_to_async(make_run)(stored=3)
    communicator = WebsocketCommunicator(f"/ws/runs/{run.pk}/?encoding=br", AnonymousUser())
    assert await communicator.connect()
    assert (await communicator.receive_output(3)) == {"type": "websocket.close", "code": 4400}


@pytest.mark.asyncio
async def test_viewers_asking_for_one_page_at_once_share_one_read_and_one_compression(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    run = await sync_to_async(make_run)(stored=1000)
    reads: list[int] = []
    real = consumers.read_page

    async def counted(run_id: int, after: int, upto: int) -> Any:
        reads.append(after)
        await asyncio.sleep(0.05)  # the read is slow: everybody arrives while it runs
        return await real(run_id, after, upto)

    monkeypatch.setattr(consumers, "read_page", counted)
    pages = consumers.BacklogPages()
    results = await asyncio.gather(*(pages.gzip_frame(run.pk, 0) for _ in range(20)))
    assert reads == [0] and all(frame is results[0][1] for _, frame in results)


# ---- commands: the verdict comes on the run's stream ----

@pytest.fixture
def no_worker_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(bus, "wake", lambda run_id: None)


def pending_command(run: Run) -> Any:
    from playground.runs.models import RunCommand

    return RunCommand.objects.get(run=run, status=RunCommand.Status.PENDING)


@pytest.mark.asyncio
async def test_an_owner_command_is_answered_from_the_verdict_on_the_runs_stream(
        no_worker_calls: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker publishes events, status, then verdicts (leases.publish_tick): the socket's
    answer comes from there, with the run as the status said — not from a database read."""
    from playground.runs import conf

    monkeypatch.setattr(conf, "VERDICT_RECHECK_SECONDS", 30.0)  # only the stream can answer in time
    run = await sync_to_async(make_run)()
    owner = await connect(run, user=run.owner)
    assert (await owner.receive_json_from())["run"]["canControl"] is True
    await owner.send_json_to({"type": "command", "id": "p1", "command": {"type": "pause"}})
    command = None
    while command is None:  # the submit runs in a thread: wait for its row
        command = await database_sync_to_async(lambda: pending_command(run) if run.commands.exists() else None)()
    paused = await database_sync_to_async(lambda: dict(selectors.run_view(Run.objects.get(pk=run.pk)),
                                                       status="paused"))()
    await group_send(run, bus.status_message(paused))
    applied = dict(selectors.command_view(command), status="applied", time=0.0, afterSeq=0)
    await group_send(run, bus.verdicts_message([applied]))
    status = await owner.receive_json_from()
    assert (status["type"], status["run"]["status"]) == ("status", "paused")
    answer = await owner.receive_json_from(timeout=3)
    assert answer["type"] == "command.result" and answer["id"] == "p1"
    assert answer["command"]["status"] == "applied" and answer["command"]["seq"] == command.seq
    assert answer["run"]["status"] == "paused"  # the same body REST answers with
    await owner.disconnect()


@pytest.mark.asyncio
async def test_a_verdict_heard_before_the_submit_returned_still_answers_it() -> None:
    consumer = consumers.RunConsumer()
    consumer.can_control = True
    view = {"seq": 4, "status": "applied", "type": "pause"}
    consumer.run_verdicts({"type": "run.verdicts", "commands": [view]})

    class Command:
        seq = 4

    assert await consumer._verdict(Command()) == view  # type: ignore[arg-type]


@pytest.mark.asyncio
async def test_without_the_streams_verdict_the_socket_looks_in_the_database(
        no_worker_calls: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the verdict message be lost (Redis), the answer still comes, from the stored command."""
    from playground.runs import conf

    monkeypatch.setattr(conf, "VERDICT_RECHECK_SECONDS", 0.05)
    run = await sync_to_async(make_run)()
    owner = await connect(run, user=run.owner)
    await owner.receive_json_from()
    await owner.send_json_to({"type": "command", "id": 7, "command": {"type": "pause"}})
    command = None
    while command is None:
        command = await database_sync_to_async(lambda: pending_command(run) if run.commands.exists() else None)()
    await database_sync_to_async(type(command).objects.filter(pk=command.pk).update)(status="applied", time=1.5)
    answer = await owner.receive_json_from(timeout=3)
    assert (answer["type"], answer["id"], answer["command"]["status"]) == ("command.result", 7, "applied")
    assert answer["command"]["time"] == 1.5
    await owner.disconnect()


@pytest.mark.asyncio
async def test_a_refused_socket_command_carries_the_status_rest_would_answer() -> None:
    run = await sync_to_async(make_run)()
    communicator = await connect(run)  # a watcher, not the owner
    await communicator.receive_json_from()
    await communicator.send_json_to({"type": "command", "id": "c1", "command": {"type": "pause"}})
    reply = await communicator.receive_json_from()
    assert (reply["type"], reply["status"]) == ("error", 403)
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_the_socket_knows_its_session_user_through_our_auth_stack() -> None:
    """playground.ws_auth reads the session's user in the thread pool; it is still that user."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    from playground.accounts.sessions import SessionStore
    from playground.ws_auth import AuthMiddlewareStack

    run = await sync_to_async(make_run)(visibility="private")

    def session_of(user: User) -> str:
        store = SessionStore()
        store[SESSION_KEY], store[BACKEND_SESSION_KEY] = str(user.pk), "playground.accounts.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.save()
        return str(store.session_key)

    key = await sync_to_async(session_of)(run.owner)
    scope = {"type": "websocket", "path": f"/ws/runs/{run.pk}/", "query_string": b"", "subprotocols": [],
             "headers": [(b"cookie", f"sessionid={key}".encode())]}
    owner = ApplicationCommunicator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)), scope)
    await owner.send_input({"type": "websocket.connect"})
    assert (await owner.receive_output(3))["type"] == "websocket.accept"
    hello = json.loads((await owner.receive_output(3))["text"])
    assert hello["run"]["canControl"] is True  # a private run: only its owner's session may watch
    await owner.send_input({"type": "websocket.disconnect", "code": 1000})
    await owner.wait(1)


@pytest.mark.asyncio
async def test_a_viewer_of_a_run_whose_old_log_was_dropped_gets_the_regenerated_events_after_its_seq() -> None:
    from playground.runs import logs
    from tests.playground.test_k8sapi import DOCS, stored_run

    def dropped_run() -> tuple[Run, list[dict[str, Any]]]:
        run = stored_run(User.objects.create_user("kept-owner"), DOCS, until=5.0)
        original = list(RunEvent.objects.filter(run=run).order_by("seq").values_list("data", flat=True))
        assert logs.drop(run.pk) and not RunEvent.objects.filter(run=run).exists()
        return run, original

    run, original = await sync_to_async(dropped_run)()
    communicator = await connect(run, after=2)
    assert (await communicator.receive_json_from())["type"] == "hello"
    received: list[dict[str, Any]] = []
    while len(received) < len(original) - 2:
        message = await communicator.receive_json_from()
        received += message["events"] if message["type"] == "events" else []
    assert received == original[2:]
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_deleted_runs_viewers_are_closed_with_4404_as_for_a_run_that_does_not_exist() -> None:
    run = await sync_to_async(make_run)(stored=1)
    communicator = await connect(run)
    assert (await communicator.receive_json_from())["type"] == "hello"
    await receive_seqs(communicator, 1)
    await group_send(run, bus.gone_message())
    assert (await communicator.receive_output())["code"] == 4404
