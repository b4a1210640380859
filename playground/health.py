"""Component checks behind /healthz: database, Redis, channel layer, Celery worker."""
from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection

TIMEOUT_SECONDS = 2.0


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def check_redis() -> None:
    import redis

    client = redis.Redis.from_url(
        settings.REDIS_URL, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
    )
    try:
        client.ping()
    finally:
        client.close()


def check_channel_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    channel = f"healthz.{uuid.uuid4().hex}"

    async def roundtrip() -> None:
        await layer.send(channel, {"type": "healthz.ping"})
        # A layer that accepts the send but never delivers must fail the check, not hang /healthz.
        message = await asyncio.wait_for(layer.receive(channel), TIMEOUT_SECONDS)
        if message.get("type") != "healthz.ping":
            raise RuntimeError(f"unexpected message {message!r}")

    async_to_sync(roundtrip)()


def check_celery_worker() -> None:
    """A worker answers a ping on the broker the app is configured with now.

    The ping goes through a throwaway app: Celery's `control` publishes through the app-wide producer
    pool, which keeps the broker and connections of its first use, so a restarted Redis or a changed
    broker setting would otherwise be checked through stale connections."""
    from celery import Celery

    from playground.celery import app

    probe = Celery("healthz", broker=app.conf.broker_write_url or app.conf.broker_url, set_as_current=False)
    probe.conf.control_exchange = app.conf.control_exchange
    try:
        with probe.connection_for_write() as conn:
            # One quick attempt: kombu would otherwise retry an unreachable broker for seconds.
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=TIMEOUT_SECONDS)
        # limit=1: return at the first reply instead of waiting out the timeout for more workers.
        replies = probe.control.inspect(timeout=TIMEOUT_SECONDS, limit=1).ping() or {}
    finally:
        probe.close()
    if not replies:
        raise RuntimeError(f"no Celery worker answered a ping within {TIMEOUT_SECONDS:g} s")


CHECKS: dict[str, Callable[[], None]] = {
    "database": check_database,
    "redis": check_redis,
    "channel_layer": check_channel_layer,
    "celery_worker": check_celery_worker,
}


def check_all() -> dict[str, dict[str, object]]:
    report: dict[str, dict[str, object]] = {}
    for name, check in CHECKS.items():
        try:
            check()
            report[name] = {"ok": True}
        except Exception as exc:  # noqa: BLE001  (a failing component is a value in the report, not a 500)
            report[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    return report
