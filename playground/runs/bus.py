"""How the API, the worker and the WebSocket consumers reach each other.

- Wake-ups: the API pushes to a Redis list per run; the worker executing the run BLPOPs it, so
  a command reaches the worker within milliseconds without queueing a Celery task per command.
  The list only says "look at RunCommand"; the commands themselves live in the database.
- Live events: one channel-layer group per run ("run.<id>"), one group_send per worker tick.
"""
from __future__ import annotations

import asyncio
import json
import logging
import threading
from functools import lru_cache
from typing import Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

log = logging.getLogger(__name__)

WAKE_KEY_TTL_SECONDS = 60


def group_name(run_id: int) -> str:
    return f"run.{run_id}"


def wake_key(run_id: int) -> str:
    return f"playground:runs:{run_id}:wake"


@lru_cache(maxsize=1)
def redis_client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=10, socket_connect_timeout=5)


def wake(run_id: int) -> None:
    client = redis_client()
    with client.pipeline() as pipe:
        pipe.rpush(wake_key(run_id), 1)
        pipe.expire(wake_key(run_id), WAKE_KEY_TTL_SECONDS)
        pipe.execute()


class Waker:
    """The worker's side of the wake-up list: sleep until woken or timed out."""

    def __init__(self, run_id: int) -> None:
        self.key = wake_key(run_id)
        self.client = redis_client()

    def wait(self, timeout: float) -> bool:
        if timeout <= 0:
            return self.poll()
        woke = self.client.blpop([self.key], timeout=max(timeout, 0.001)) is not None
        if woke:
            self.client.delete(self.key)  # one look at RunCommand serves every queued wake-up
        return woke

    def poll(self) -> bool:
        with self.client.pipeline() as pipe:
            pipe.exists(self.key)
            pipe.delete(self.key)
            exists, _ = pipe.execute()
        return bool(exists)


def events_message(events: list[dict[str, Any]], produced_at: float | None = None) -> dict[str, Any]:
    """One tick's batch, serialised once here rather than once per viewer.

    produced_at: wall time (epoch s) the batch's first event was computed, for lag measurements.
    """
    return {"type": "run.events", "first": events[0]["seq"], "last": events[-1]["seq"], "count": len(events),
            "json": json.dumps(events, separators=(",", ":")), "producedAt": produced_at}


def status_message(run_view: dict[str, Any]) -> dict[str, Any]:
    return {"type": "run.status", "run": run_view}


class Publisher:
    """group_send from sync worker code over one long-lived event loop (one Redis pool)."""

    def __init__(self) -> None:
        self.layer = get_channel_layer()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="run-publisher", daemon=True)
        self.thread.start()

    def send(self, run_id: int, message: dict[str, Any]) -> None:
        future = asyncio.run_coroutine_threadsafe(self.layer.group_send(group_name(run_id), message), self.loop)
        try:
            future.result(timeout=10)
        except Exception:  # the events are stored; viewers fill the gap from the database
            log.exception("could not publish to run %s", run_id)

    def close(self) -> None:
        async def close_pools() -> None:
            close = getattr(self.layer, "close_pools", None)
            if close is not None:
                await close()

        try:
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
