"""WebSocket /ws/runs/<id>/?after=<seq>[&encoding=gzip]: backlog from the database, then live
events, no gaps. With ``encoding=gzip`` the backlog's full pages come as binary frames, compressed
once per server process and shared by every viewer (a workshop joining a finished run at once).

Protocol (version 1) in docs/events.md, section "WebSocket protocol".
"""
from __future__ import annotations

import asyncio
import gzip
import json
import logging
import time
from bisect import bisect_right
from collections import OrderedDict
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from rest_framework.exceptions import APIException, ParseError

from playground import fanout, safeload, throttles
from playground.api_errors import InvalidDocuments, error_body, summary_message
from playground.close_codes import CloseCode
from playground.runs import bus, conf, delivery, selectors, services
from playground.runs.models import Run, RunCommand
from playground.scenarios.api import held_links
from playground.sockets import JsonSocket

log = logging.getLogger(__name__)

PROTOCOL = 1
CLOSE_BAD_REQUEST, CLOSE_UNAUTHORIZED, CLOSE_NOT_FOUND = CloseCode.BAD_REQUEST, CloseCode.UNAUTHORIZED, CloseCode.NOT_FOUND
MAX_ID = 2**63 - 1  # a database id; larger ones cannot exist


class RunConsumer(JsonSocket):
    run_id: int
    last_sent: int = 0
    can_control: bool = False
    inbox: fanout.Inbox | None = None
    drain: asyncio.Task[None] | None = None
    gzip_pages: bool = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # This socket's commands awaiting their verdict, by command seq, and the verdicts seen on
        # the run's stream lately (one may come before its submit has returned here).
        self.awaiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.verdicts_seen: OrderedDict[int, dict[str, Any]] = OrderedDict()

    async def connect(self) -> None:
        self.run_id = int(self.scope["url_route"]["kwargs"]["run_id"])
        query = parse_qs(self.scope.get("query_string", b"").decode(errors="replace"))
        await self.accept()  # accept first so the close code reaches the client
        after = _after(query)
        encoding = (query.get("encoding") or [""])[0]
        if after is None or "token" in query or encoding not in ("", "gzip"):  # a credential in a URL: use ?ticket=
            await self.close(code=CLOSE_BAD_REQUEST)
            return
        self.gzip_pages = encoding == "gzip"
        if self.run_id > MAX_ID:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        # Join before reading the run and its backlog: what is published meanwhile waits in our
        # inbox. Reading first lost a status sent in between: a viewer saw `queued` for good.
        self.inbox = asyncio.Queue()
        await fanout.hub().join(self.channel_layer, bus.group_name(self.run_id), self.inbox)
        user, view = await open_view(self.scope, query, self.run_id)
        if view is None:
            await self.close(code=CLOSE_UNAUTHORIZED if user is None else CLOSE_NOT_FOUND)
            return  # disconnect() leaves the group
        self.user, self.last_sent, self.can_control = user, after, view["canControl"]
        self.latest_run = view
        await self.send_json({"type": "hello", "protocol": PROTOCOL, "run": view, "after": after})
        # What was stored when the view was read; anything later was published after we joined.
        await self._send_from_database(delivery.plan_upto(after, view["lastSeq"]).gap)
        self.drain = asyncio.create_task(self._drain(self.inbox))

    async def disconnect(self, code: int) -> None:
        if self.drain is not None:
            self.drain.cancel()
        if self.inbox is not None:
            await fanout.hub().leave(self.channel_layer, bus.group_name(self.run_id), self.inbox)

    # ---- from the worker, via the run's group and this process's hub ----

    async def _drain(self, inbox: fanout.Inbox) -> None:
        """The only sender of live events: one message at a time, in the order published."""
        while True:
            message = await inbox.get()
            try:
                if message["type"] == "run.events":
                    await self.run_events(message)
                elif message["type"] == "run.status":
                    await self.run_status(message)
                elif message["type"] == "run.verdicts":
                    self.run_verdicts(message)
                elif message["type"] == "run.gone":  # deleted: as a run that does not exist
                    await self.close(code=CLOSE_NOT_FOUND)
                    return
            except Exception:
                log.exception("run %s: delivering to a viewer failed", self.run_id)
                await self.close(code=1011)
                return

    async def run_events(self, message: dict[str, Any]) -> None:
        step = delivery.plan_batch(self.last_sent, message["first"], message["last"])
        if step.action == "decode":  # rare: published while our backlog read already covered part of it
            fresh = delivery.plan(self.last_sent, json.loads(message["json"])).events
            await self._send_raw(json.dumps(fresh), [e["seq"] for e in fresh], message.get("producedAt"))
        elif step.action == "send":
            await self._send_from_database(step.gap)
            seqs = list(range(message["first"], message["last"] + 1))
            if len(seqs) != message["count"]:
                seqs = [-1]  # a batch with a hole: refused below
            await self._send_raw(message["json"], seqs, message.get("producedAt"))

    def run_verdicts(self, message: dict[str, Any]) -> None:
        for view in message["commands"]:
            waiter = self.awaiting.pop(view["seq"], None)
            if waiter is not None and not waiter.done():
                waiter.set_result(view)
            elif self.can_control:
                self.verdicts_seen[view["seq"]] = view
                while len(self.verdicts_seen) > 64:
                    self.verdicts_seen.popitem(last=False)

    async def run_status(self, message: dict[str, Any]) -> None:
        run = dict(message["run"], canControl=self.can_control, serverTime=time.time())
        self.latest_run = run
        await self._send_from_database(delivery.plan_upto(self.last_sent, run["lastSeq"]).gap)
        await self.send_json({"type": "status", "run": run})

    async def _send_from_database(self, gap: tuple[int, int] | None) -> None:
        if gap is None:
            return
        after, upto = gap
        while after < upto:
            if self.gzip_pages and backlog.whole_page(after, upto):
                seqs, frame = await backlog.gzip_frame(self.run_id, after)
                if seqs:
                    await self._send_events(seqs, frame=frame)
                    after = seqs[-1]
                    continue
            seqs, events_json = await backlog.page(self.run_id, after, upto)
            if not seqs:
                return
            await self._send_raw(events_json, seqs)
            after = seqs[-1]

    async def _send_raw(self, events_json: str, seqs: list[int], produced_at: float | None = None) -> None:
        """Events as stored/serialised JSON text: no decode and re-encode per viewer."""
        stamp = "" if produced_at is None else f',"producedAt":{produced_at!r}'
        await self._send_events(seqs, text=f'{{"type":"events","events":{events_json}{stamp}}}')

    async def _send_events(self, seqs: list[int], *, text: str | None = None, frame: bytes | None = None) -> None:
        """The one way events leave: a text message or a gzip frame, only if ``seqs`` continue
        exactly after the last one sent (a bug upstream must never become a hole for the viewer)."""
        if not seqs:
            return
        if not delivery.contiguous(self.last_sent, seqs):
            log.error("run %s: refusing non-contiguous events after %s", self.run_id, self.last_sent)
            await self.close(code=1011)
            return
        await self.send(text_data=text, bytes_data=frame)
        self.last_sent = seqs[-1]

    # ---- from the client ----

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        """A frame that is not JSON text (or too deep, too big) gets an `error` message; the socket stays open."""
        if text_data is None:
            problem = "is binary: send JSON text frames"
        else:
            try:
                safeload.refuse_oversized(len(text_data), safeload.body_limit(), "the message")
                content = safeload.load_json(text_data)
            except ParseError:
                problem = "is not JSON text"
            except APIException as exc:  # too big, too deep
                await self.send_json({"type": "error", "id": None, **_envelope(exc)})
                return
            else:
                await self.receive_json(content, **kwargs)
                return
        await self.send_json({"type": "error", "id": None, **error_body(
            f"the message {problem}", [{"field": "message", "value": (text_data or "")[:200], "message": problem}])})

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            await self.send_json({"type": "pong"})
        elif kind == "command":
            await self._command(content.get("id"), content.get("command"))
        else:
            await self.send_json({"type": "error", "id": None, **error_body(
                'messages are {"type": "command", ...} or {"type": "ping"}',
                [{"field": "type", "value": kind, "message": "must be command or ping"}])})

    async def _command(self, client_id: Any, body: Any) -> None:
        try:
            owner_id = self.user.pk if self.can_control else None
            result = await submit_in_pool(self.run_id, self.user, owner_id, body)
        except APIException as exc:
            await self.send_json({"type": "error", "id": client_id, "status": exc.status_code, **_envelope(exc)})
            return
        if isinstance(result, Run):
            view = await database_sync_to_async(selectors.run_view)(result, self.user)
            await self.send_json({"type": "command.result", "id": client_id, "command": None, "run": view})
            return
        view = await self._verdict(result)
        if view["status"] == RunCommand.Status.REJECTED:
            errors = [view["error"] or {}]
            await self.send_json({"type": "error", "id": client_id, "status": 400,
                                  **error_body(summary_message(errors), errors)})
        else:  # the run as its latest status said: the worker sends it before the verdicts
            await self.send_json({"type": "command.result", "id": client_id, "command": view, "run": self.latest_run})

    async def _verdict(self, command: RunCommand) -> dict[str, Any]:
        """The worker publishes its verdicts on the run's stream, after the command's events and
        status (leases.publish_tick): wait for ours there. Should that message be lost (Redis),
        look in the database every VERDICT_RECHECK_SECONDS; after COMMAND_REPLY_SECONDS answer
        with the command still pending, as REST answers 202."""
        seen = self.verdicts_seen.pop(command.seq, None)
        if seen is not None:
            return seen
        waiter = self.awaiting[command.seq] = asyncio.get_running_loop().create_future()
        deadline = time.monotonic() + conf.COMMAND_REPLY_SECONDS
        try:
            while True:
                left = deadline - time.monotonic()
                try:
                    return await asyncio.wait_for(asyncio.shield(waiter), min(left, conf.VERDICT_RECHECK_SECONDS))
                except TimeoutError:
                    await refresh_verdict(command)
                    if command.status != RunCommand.Status.PENDING or left <= conf.VERDICT_RECHECK_SECONDS:
                        return selectors.command_view(command)
        finally:
            self.awaiting.pop(command.seq, None)


class NoSuchSocket(JsonSocket):
    """A WebSocket path that names no run (e.g. /ws/runs/abc/): accepted, then closed with 4404."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)


def _open_view(scope: dict[str, Any], query: dict[str, list[str]], run_id: int) -> tuple[Any, dict[str, Any] | None]:
    """Who is watching which run, in one database round trip."""
    user = _user(scope, query, run_id)
    session = scope.get("session") if "ticket" not in query else None
    run = selectors.run_for_watcher(user, run_id, held_links(session)) if user is not None else None
    return user, selectors.run_view(run, user) if run is not None else None


class BacklogPages:
    """Stored events never change, and a workshop's viewers all join the same run at once: keep
    recently read full pages (seq k*1000+1 .. (k+1)*1000) as their stored JSON texts, and as
    gzip frames for viewers that asked for them. Viewers wanting the same full page at the same
    moment share one read and one compression."""

    def __init__(self, size: int = 64) -> None:
        self.pages: OrderedDict[tuple[int, int], tuple[list[int], list[str]]] = OrderedDict()
        self.frames: OrderedDict[tuple[int, int], tuple[list[int], bytes]] = OrderedDict()
        self.size = size
        self._reading: dict[tuple[int, int], asyncio.Future[tuple[list[int], list[str]]]] = {}
        self._packing: dict[tuple[int, int], asyncio.Future[tuple[list[int], bytes]]] = {}

    @staticmethod
    def whole_page(after: int, upto: int) -> bool:
        """(after, upto] starts a page and covers all of it: every row of it is committed."""
        return after % selectors.BACKLOG_PAGE == 0 and upto >= after + selectors.BACKLOG_PAGE

    async def page(self, run_id: int, after: int, upto: int) -> tuple[list[int], str]:
        """The events in (after, upto] from one page, as a JSON array text."""
        start = after - after % selectors.BACKLOG_PAGE
        if upto >= start + selectors.BACKLOG_PAGE or (run_id, start) in self.pages:
            seqs, texts = await self._full_page(run_id, start)  # committed whole: shared
        else:  # maybe still growing: what is there now, read for this viewer alone
            seqs, texts = await self._read(run_id, start)
        first, last = bisect_right(seqs, after), bisect_right(seqs, upto)
        return seqs[first:last], "[" + ",".join(texts[first:last]) + "]"

    async def gzip_frame(self, run_id: int, start: int) -> tuple[list[int], bytes]:
        """A whole page as one binary message: a JSON header line, then the gzip-compressed text
        of the same ``events`` message a text frame carries (docs/events.md)."""
        key = (run_id, start)
        if key in self.frames:
            self.frames.move_to_end(key)
            return self.frames[key]
        return await _single_flight(self._packing, key, lambda: self._pack(run_id, start))

    async def _pack(self, run_id: int, start: int) -> tuple[list[int], bytes]:
        seqs, texts = await self._full_page(run_id, start)
        if len(seqs) != selectors.BACKLOG_PAGE:
            return [], b""
        frame = await asyncio.to_thread(_gzip_frame, seqs, texts)
        self._keep(self.frames, (run_id, start), (seqs, frame))
        return seqs, frame

    async def _full_page(self, run_id: int, start: int) -> tuple[list[int], list[str]]:
        key = (run_id, start)
        if key in self.pages:
            self.pages.move_to_end(key)
            return self.pages[key]
        return await _single_flight(self._reading, key, lambda: self._read(run_id, start))

    async def _read(self, run_id: int, start: int) -> tuple[list[int], list[str]]:
        seqs, texts = await read_page(run_id, start, start + selectors.BACKLOG_PAGE)
        if len(seqs) == selectors.BACKLOG_PAGE:
            self._keep(self.pages, (run_id, start), (seqs, texts))
        return seqs, texts

    def _keep(self, cache: OrderedDict[tuple[int, int], Any], key: tuple[int, int], value: Any) -> None:
        cache[key] = value
        if len(cache) > self.size:
            cache.popitem(last=False)


async def _single_flight(flights: dict[Any, asyncio.Future[Any]], key: Any, make: Any) -> Any:
    """One ``make()`` per key at a time, as a task of its own: callers arriving meanwhile await
    the same result, and a caller that goes away (a viewer closing) cancels nobody else's."""
    task = flights.get(key)
    if task is None:
        task = asyncio.ensure_future(make())
        flights[key] = task
        task.add_done_callback(lambda _: flights.pop(key, None))
    return await asyncio.shield(task)


def _gzip_frame(seqs: list[int], texts: list[str]) -> bytes:
    header = json.dumps({"type": "events", "encoding": "gzip", "first": seqs[0], "last": seqs[-1],
                         "count": len(seqs)}, separators=(",", ":"))
    body = '{"type":"events","events":[' + ",".join(texts) + "]}"
    return header.encode() + b"\n" + gzip.compress(body.encode(), compresslevel=6, mtime=0)


# Opening and backlog reads are read-only and independent of each other: run them in the thread
# pool, not all viewers of the server one after another in channels' thread-sensitive thread.
open_view = database_sync_to_async(_open_view, thread_sensitive=False)
read_page = database_sync_to_async(selectors.raw_events_page, thread_sensitive=False)
backlog = BacklogPages()


def _after(query: dict[str, list[str]]) -> int | None:
    raw = (query.get("after") or ["0"])[0] or "0"
    # ASCII digits only ("²" passes str.isdigit but not int()), and within a sequence number's range.
    ok = raw.isascii() and raw.isdigit() and len(raw) <= 18
    return int(raw) if ok else None


def _user(scope: dict[str, Any], query: dict[str, list[str]], run_id: int) -> Any:
    """The session's user, or the user of a single-use ?ticket= (None when the ticket is no good)."""
    ticket = (query.get("ticket") or [""])[0]
    if not ticket:
        return scope.get("user")
    from playground.accounts.services import redeem_ws_ticket

    return redeem_ws_ticket(ticket, run_id)


def _submit(run_id: int, user: Any, owner_id: int | None, body: Any) -> RunCommand | Run:
    """``owner_id``: the run's owner as read when the socket opened (it never changes). The run
    itself is read under its row lock by the submit: no read of it here."""
    if user is not None and user.is_authenticated:
        throttles.hit("run_command", f"user-{user.pk}")
    return services.submit(Run(pk=run_id, owner_id=owner_id), user, body)


# Commands too (each in its own transaction, under its run's row lock): in the one thread-sensitive
# thread, a class's clicks waited for each other's every round trip (docs/benchmarks.md).
submit_in_pool = database_sync_to_async(_submit, thread_sensitive=False)


refresh_verdict = database_sync_to_async(RunCommand.refresh_verdict, thread_sensitive=False)


def _envelope(exc: APIException) -> dict[str, Any]:
    if isinstance(exc, InvalidDocuments):
        return error_body(str(exc.detail), exc.errors)
    return error_body(str(exc.detail))
