"""Celery beat with exactly one leader per deployment: the retention schedule (settings.CELERY_BEAT_SCHEDULE).

Every place that starts workers starts a beat beside them (`make run`, each `python -m scripts.host
worker`, docker compose's `beat` service), so the schedule survives any one host. Only one may send
the tasks: each beat asks Redis for the lease `<PLAYGROUND_NAMESPACE>:beat:leader` (SET NX with a
lifetime of BEAT_LEASE_SECONDS) and renews it on every tick while it holds it; the others stand by
and look again every few seconds, so when the leader's host dies its lease lapses and another beat
takes over. A beat that stops gives its lease back at once.

`celery -A playground beat` uses this scheduler (settings.CELERY_BEAT_SCHEDULER); last run times
are kept in CELERY_BEAT_SCHEDULE_FILENAME, in the checkout's .run/ directory.
"""
from __future__ import annotations

import logging
import uuid
from pathlib import Path
from typing import Any

import redis
from celery.beat import PersistentScheduler
from django.conf import settings
from redis.exceptions import LockError, RedisError

log = logging.getLogger(__name__)


def lease_key() -> str:
    return f"{settings.PLAYGROUND_NAMESPACE}:beat:leader"


class LeaderScheduler(PersistentScheduler):
    """A PersistentScheduler that sends due tasks only while it holds the deployment's beat lease."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.lease_seconds = float(settings.BEAT_LEASE_SECONDS)
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=5, socket_connect_timeout=5)
        self.lease = client.lock(lease_key(), timeout=self.lease_seconds, thread_local=False)
        self.name = f"{uuid.uuid4().hex[:8]}"
        self.leading: bool | None = None  # not asked yet
        if kwargs.get("schedule_filename"):  # a fresh checkout or container has no .run/ yet
            Path(kwargs["schedule_filename"]).parent.mkdir(parents=True, exist_ok=True)
        super().__init__(*args, **kwargs)

    def tick(self, *args: Any, **kwargs: Any) -> float:
        if not self._hold_lease():
            return self.lease_seconds / 3
        return float(min(super().tick(*args, **kwargs), self.lease_seconds / 3))

    def _hold_lease(self) -> bool:
        try:
            held = self._renew() if self.leading else bool(self.lease.acquire(blocking=False))
        except RedisError as exc:
            log.warning("beat %s: Redis did not answer (%s); sending nothing until it does", self.name, exc)
            held = False
        if held != self.leading:
            log.info("beat %s: %s", self.name, "leading: this beat sends the schedule's tasks" if held
                     else f"standing by: another beat holds the lease {lease_key()}")
        self.leading = held
        return held

    def _renew(self) -> bool:
        try:
            self.lease.reacquire()  # back to a whole lifetime, if still ours
        except LockError:  # lapsed and taken: another beat leads now
            return False
        return True

    def close(self) -> None:
        if self.leading:
            try:
                self.lease.release()
            except (LockError, RedisError):
                pass
            self.leading = False
        super().close()
