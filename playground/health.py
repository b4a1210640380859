"""Component checks behind /healthz: database, Redis, channel layer, Celery worker."""
from __future__ import annotations

import uuid
from typing import Callable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def check_redis() -> None:
    import redis

    redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2).ping()


def check_channel_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    channel = f"healthz.{uuid.uuid4().hex}"

    async def roundtrip() -> None:
        await layer.send(channel, {"type": "healthz.ping"})
        message = await layer.receive(channel)
        if message.get("type") != "healthz.ping":
            raise RuntimeError(f"unexpected message {message!r}")

    async_to_sync(roundtrip)()


def check_celery_worker() -> None:
    from playground.celery import app

    replies = app.control.inspect(timeout=1.5).ping() or {}
    if not replies:
        raise RuntimeError("no Celery worker answered a ping within 1.5 s")


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
        except Exception as exc:  # a failing component is a value in the report, not a 500
            report[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    return report
