"""How the API, the worker and the WebSocket consumers reach each other.

- Doorbell: a run that nobody executes gets a Celery task "runs.execute_run" (sent by name, so
  the API imports nothing of the worker); whichever worker process takes it adopts the run.
- Wake-ups: the API publishes the run's id on one Redis channel per namespace; every engine
  listens and wakes the runs it holds, so a command reaches the worker within milliseconds
  without a Celery task per command. The message only says "look at RunCommand"; the commands
  live in the database (and an engine also looks every heartbeat, should a message be lost).
- Live events: one channel-layer group per run ("run.<id>"), one group_send per worker tick.

Everything in Redis carries settings.PLAYGROUND_NAMESPACE (two checkouts, one Redis).
"""
from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from typing import Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from playground.jsontext import encode_json

log = logging.getLogger(__name__)



def group_name(run_id: int) -> str:
    return f"run.{run_id}"  # the channel layer's own prefix carries the namespace


def wake_channel() -> str:
    return f"playground:{settings.PLAYGROUND_NAMESPACE}:runs:wake"


def ring(run_id: int, bulk: bool) -> None:
    """The doorbell, on the run's lane: big scenarios (Run.bulk) go to the bulk lane's queue."""
    from playground.celery import app

    app.send_task("runs.execute_run", args=[run_id], queue=settings.RUNS_LANE_QUEUES[lane(bulk)])


def lane(bulk: bool) -> str:
    return "bulk" if bulk else "interactive"


def new_runs_channel(lane_name: str) -> str:
    return f"playground:{settings.PLAYGROUND_NAMESPACE}:runs:new:{lane_name}"


def announce_run(run_id: int, bulk: bool) -> None:
    """A run waiting for a worker (new, or re-queued): every engine of its lane hears its id at
    once and the first one free claims it (leases.claim_queued). The Celery doorbell rings only
    when no engine heard it (Redis counts the listeners a PUBLISH reached): no worker running
    yet, or one without engines listening. It is sent from a thread of its own, so a request
    does not wait for Celery. Rung for every run as well, a class's 45 doorbells cost the web
    server a Celery send each and the engines a lease round trip each for runs they had already
    claimed (docs/benchmarks.md, classroom). Should every engine that heard it die before claiming,
    the watchdog announces the run again after RUNS_QUEUE_GRACE_SECONDS (recovery.py)."""
    try:
        heard = redis_client().publish(new_runs_channel(lane(bulk)), run_id)
    except redis.RedisError:  # the doorbell still rings
        log.warning("could not announce run %s to the engines", run_id, exc_info=True)
        heard = 0
    if not heard:
        _doorbells.send(run_id, bulk)


class DoorbellSender:
    """Rings doorbells from one thread per process, in order, so requests do not wait for Celery."""

    def __init__(self) -> None:
        self.queue: queue.SimpleQueue[tuple[int, bool]] = queue.SimpleQueue()
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def send(self, run_id: int, bulk: bool) -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():  # first use, or in a forked child
                self.thread = threading.Thread(target=self._send_forever, name="run-doorbells", daemon=True)
                self.thread.start()
        self.queue.put((run_id, bulk))

    def _send_forever(self) -> None:
        while True:
            run_id, bulk = self.queue.get()
            try:
                ring(run_id, bulk)
            except Exception:  # the broker is down: the watchdog rings again after the queue grace
                log.exception("could not ring the doorbell of run %s", run_id)


_doorbells = DoorbellSender()


@lru_cache(maxsize=1)
def redis_client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=10, socket_connect_timeout=5)


def wake(run_id: int) -> None:
    redis_client().publish(wake_channel(), run_id)


def verdict_channel() -> str:
    return f"playground:{settings.PLAYGROUND_NAMESPACE}:runs:verdicts"


def announce_verdicts(run_id: int) -> None:
    """The worker committed verdicts of commands of this run: whoever awaits one, look now."""
    try:
        redis_client().publish(verdict_channel(), run_id)
    except redis.RedisError:  # the waiting request looks in the database every few 100 ms anyway
        log.warning("could not announce the verdicts of run %s", run_id, exc_info=True)


class RunIdListener:
    """A daemon thread that hands every run id published on `channel` to `on_run` (and on each of
    `more` channels to theirs): the engine's wake-ups and new runs, the web server's verdicts. One
    subscription per process, not one per request."""

    def __init__(self, channel: str, on_run: Callable[[int], None], name: str,
                 more: dict[str, Callable[[int], None]] | None = None) -> None:
        self.channel = channel
        self.handlers = {channel: on_run, **(more or {})}
        self.subscribed = threading.Event()  # set while Redis confirms the subscription
        self.started = time.monotonic()
        self.thread = threading.Thread(target=self._listen_forever, name=name, daemon=True)

    def start(self) -> RunIdListener:
        self.thread.start()
        return self

    def _listen_forever(self) -> None:
        while True:
            try:
                self._listen()
            except Exception:  # Redis restarted: heartbeats and rechecks cover what was missed
                log.exception("listener on %s failed; reconnecting", self.channel)
            self.subscribed.clear()
            time.sleep(1)

    def _listen(self) -> None:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=5, health_check_interval=30)
        with client.pubsub() as pubsub:
            pubsub.subscribe(*self.handlers)
            for message in pubsub.listen():
                if message.get("type") == "subscribe":
                    self.subscribed.set()
                elif message.get("type") == "message":
                    channel = message["channel"]
                    self.handlers[channel.decode() if isinstance(channel, bytes) else channel](int(message["data"]))


class VerdictWaiters:
    """Requests awaiting a command's verdict in this process, woken by one listener.

    A subscription per request cost a new Redis connection, SUBSCRIBE and UNSUBSCRIBE for each of
    a class's clicks (docs/benchmarks.md, classroom)."""

    # A process's first requests wait up to this long after the listener started for its
    # subscription; later ones (Redis restarting) do not wait: the rechecks cover them.
    SUBSCRIBE_WAIT = 1.0

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.waiting: dict[int, set[threading.Event]] = {}
        self.listeners: dict[str, RunIdListener] = {}  # by channel: one per namespace (tests change it)

    def _heard(self, run_id: int) -> None:
        with self.lock:
            events = list(self.waiting.get(run_id, ()))
        for event in events:
            event.set()

    @contextmanager
    def listen(self, run_id: int) -> Iterator[Callable[[float], bool]]:
        channel = verdict_channel()
        with self.lock:
            listener = self.listeners.get(channel)
            if listener is None:
                listener = self.listeners[channel] = RunIdListener(channel, self._heard, "run-verdicts").start()
        listener.subscribed.wait(max(0.0, listener.started + self.SUBSCRIBE_WAIT - time.monotonic()))
        heard = threading.Event()
        with self.lock:
            self.waiting.setdefault(run_id, set()).add(heard)

        def wait(timeout: float) -> bool:
            got = heard.wait(timeout)
            heard.clear()  # the caller looks in the database next: what came before is in it
            return got

        try:
            yield wait
        finally:
            with self.lock:
                waiters = self.waiting.get(run_id, set())
                waiters.discard(heard)
                if not waiters:
                    self.waiting.pop(run_id, None)


_verdict_waiters = VerdictWaiters()


def verdicts(run_id: int) -> AbstractContextManager[Callable[[float], bool]]:
    """Listen for `announce_verdicts(run_id)`; yields `wait(timeout) -> heard`. Enter it *before*
    looking in the database, so an announcement in between is not lost."""
    return _verdict_waiters.listen(run_id)


class WakeListener(RunIdListener):
    """The engine's ear: every run id published on the wake channel goes to `on_wake`; every new
    run announced for one of the lanes this worker serves (settings.RUNS_WORKER_LANES) to `on_new`."""

    def __init__(self, on_wake: Callable[[int], None], on_new: Callable[[int], None]) -> None:
        super().__init__(wake_channel(), on_wake, "run-wakes",
                         more={new_runs_channel(name): on_new for name in settings.RUNS_WORKER_LANES})


def encode_events(events: list[dict[str, Any]]) -> list[str]:
    """Each event's JSON text, made once: stored (COPY) and published from the same text."""
    return [encode_json(e) for e in events]


def events_message(events: list[dict[str, Any]], produced_at: float | None = None,
                   texts: list[str] | None = None) -> dict[str, Any]:
    """One tick's batch, serialised once here rather than once per viewer.

    produced_at: wall time (epoch s) the batch's first event was computed, for lag measurements.
    texts: the events' JSON texts when the caller has them (`encode_events`).
    """
    body = "[" + ",".join(texts if texts is not None else encode_events(events)) + "]"
    return {"type": "run.events", "first": events[0]["seq"], "last": events[-1]["seq"], "count": len(events),
            "json": body, "producedAt": produced_at}


def status_message(run_view: dict[str, Any]) -> dict[str, Any]:
    return {"type": "run.status", "run": run_view}


def gone_message() -> dict[str, Any]:
    """The run was deleted: its viewers' sockets close (4404, as for a run that does not exist)."""
    return {"type": "run.gone"}


def verdicts_message(commands: list[dict[str, Any]]) -> dict[str, Any]:
    """Commands the worker just applied or rejected (CommandViews), after their events and status:
    the WebSocket consumer that submitted one answers its client from here, without a query."""
    return {"type": "run.verdicts", "commands": commands}


class Publisher:
    """group_send from sync worker code over one long-lived event loop (one Redis pool).

    `send` does not wait: the engine thread must not stand still for a Redis round trip per
    batch while its other runs are due. One sender coroutine takes the messages in the order
    they were sent, so a run's batches reach the group in order.
    """

    def __init__(self) -> None:
        self.layer = get_channel_layer()
        self.loop = asyncio.new_event_loop()
        self.outbox: asyncio.Queue[tuple[int, dict[str, Any]] | None] = asyncio.Queue()
        self.thread = threading.Thread(target=self.loop.run_forever, name="run-publisher", daemon=True)
        self.thread.start()
        self.sender = asyncio.run_coroutine_threadsafe(self._send_all(), self.loop)

    def send(self, run_id: int, message: dict[str, Any]) -> None:
        self.loop.call_soon_threadsafe(self.outbox.put_nowait, (run_id, message))

    async def _send_all(self) -> None:
        while (item := await self.outbox.get()) is not None:
            run_id, message = item
            try:
                await asyncio.wait_for(self.layer.group_send(group_name(run_id), message), timeout=10)
            except Exception:  # the events are stored; viewers fill the gap from the database
                log.exception("could not publish to run %s", run_id)
            finally:
                self.outbox.task_done()

    def flush(self, timeout: float = 10) -> None:
        """Wait until everything sent so far is published (tests, shutdown)."""
        asyncio.run_coroutine_threadsafe(self.outbox.join(), self.loop).result(timeout=timeout)

    def close(self) -> None:
        async def close_pools() -> None:
            close = getattr(self.layer, "close_pools", None)
            if close is not None:
                await close()

        self.loop.call_soon_threadsafe(self.outbox.put_nowait, None)
        try:
            self.sender.result(timeout=10)
            asyncio.run_coroutine_threadsafe(close_pools(), self.loop).result(timeout=5)
        except Exception:
            log.debug("closing channel-layer pools failed", exc_info=True)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


def publish_once(run_id: int, message: dict[str, Any]) -> None:
    """From request/ad-hoc code (not the worker loop)."""
    try:
        async_to_sync(get_channel_layer().group_send)(group_name(run_id), message)
    except Exception:
        log.exception("could not publish to run %s", run_id)
