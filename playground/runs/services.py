"""Writes about runs from the API side: start, command, restart, recover, wait.

The worker side (the loop that executes a run) is in executor.py; it writes through the
lease-fenced functions at the bottom of this module.
"""
from __future__ import annotations

import json
import logging
import os
import socket
import time
import uuid
from datetime import timedelta
from typing import Any

from django.db import connection, transaction
from django.db.models import Max, Q
from django.utils import timezone
from rest_framework.exceptions import PermissionDenied

from playground.api_errors import Conflict, InvalidDocuments, field_error
from playground.runs import bus, commands, conf, selectors
from playground.runs.models import Run, RunCheckpoint, RunCommand, RunEvent, RunState
from playground.runs.selectors import User

log = logging.getLogger(__name__)

QUEUED_LEASE = "queued"


def start_run(user: User, scenario: Any, seed: Any = None, speed: Any = None) -> Run:
    run_settings = dict(scenario.settings or {})
    seed = run_settings.get("seed", 0) if seed is None else seed
    speed = run_settings.get("speed", 1) if speed is None else speed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidDocuments([field_error("seed", "must be an integer", value=seed)])
    speed = commands.normalise({"type": "speed", "speed": speed})["speed"]
    with transaction.atomic():
        run = Run.objects.create(
            scenario=scenario, scenario_slug=scenario.slug, owner=user, seed=seed, speed=speed,
            documents=list(scenario.manifests or []), settings=run_settings,
            lease_token=QUEUED_LEASE, lease_expires_at=_queue_grace(),
        )
        _enqueue_on_commit(run.pk)
    return run


def submit_command(run: Run, user: User, body: Any) -> RunCommand:
    if not selectors.can_control(user, run):
        raise PermissionDenied(f"only the owner of run {run.pk} can control it")
    payload = commands.normalise(body)
    if payload["type"] == "restart":
        raise InvalidDocuments([field_error("type", "restart is answered by restart_run", value="restart")])
    _check_accepts(run, payload)
    with transaction.atomic():
        locked = Run.objects.select_for_update().get(pk=run.pk)
        command = _record(locked, user, payload)
        _ensure_worker(locked)
        transaction.on_commit(lambda: bus.wake(run.pk))
    return command


def restart_run(run: Run, user: User) -> Run:
    """A fresh run of the same frozen content; a live original is stopped (reason "restarted")."""
    if not selectors.can_control(user, run):
        raise PermissionDenied(f"only the owner of run {run.pk} can control it")
    with transaction.atomic():
        locked = Run.objects.select_for_update().get(pk=run.pk)
        if Run.objects.filter(restart_of=locked).exists():
            raise Conflict(f"run {run.pk} was already restarted")
        fresh = Run.objects.create(
            scenario=locked.scenario, scenario_slug=locked.scenario_slug, owner=locked.owner,
            seed=locked.seed, speed=locked.speed, documents=locked.documents, settings=locked.settings,
            restart_of=locked, lease_token=QUEUED_LEASE, lease_expires_at=_queue_grace(),
        )
        _enqueue_on_commit(fresh.pk)
        if not locked.is_terminal:
            _record(locked, user, {"type": "restart"})
            _ensure_worker(locked)
            transaction.on_commit(lambda: bus.wake(run.pk))
    return fresh


def _check_accepts(run: Run, payload: dict[str, Any]) -> None:
    type_ = payload["type"]
    if run.status == Run.Status.FAILED:
        raise Conflict(f"run {run.pk} failed ({run.reason}); restart it to run again")
    if run.is_terminal:
        raise Conflict(f"run {run.pk} was {run.reason}; restart it to run again")
    if run.status == Run.Status.FINISHED and type_ in ("pause", "resume", "step"):
        raise InvalidDocuments([field_error(
            "type", f"run {run.pk} has finished: nothing is left to {type_}; add a pod or node to continue",
            value=type_)])


def _record(run: Run, user: User, payload: dict[str, Any]) -> RunCommand:
    last = RunCommand.objects.filter(run=run).aggregate(m=Max("seq"))["m"] or 0
    author = user if getattr(user, "is_authenticated", False) else None
    return RunCommand.objects.create(run=run, seq=last + 1, type=payload["type"], payload=payload, author=author)


def _ensure_worker(run: Run) -> None:
    """Inside the run's row lock: a command for a run nobody executes queues a worker."""
    if selectors.has_live_lease(run):
        return
    run.lease_token, run.lease_expires_at = QUEUED_LEASE, _queue_grace()
    run.save(update_fields=["lease_token", "lease_expires_at", "updated_at"])
    _enqueue_on_commit(run.pk)


def _enqueue_on_commit(run_id: int) -> None:
    from playground.runs.tasks import execute_run

    transaction.on_commit(lambda: execute_run.delay(run_id))


def _queue_grace() -> Any:
    return timezone.now() + timedelta(seconds=conf.QUEUE_GRACE_SECONDS)


def await_command(command: RunCommand, timeout: float = conf.COMMAND_REPLY_SECONDS) -> RunCommand:
    """The worker applies a command within milliseconds; wait for its verdict a little."""
    deadline = time.monotonic() + timeout
    while command.status == RunCommand.Status.PENDING and time.monotonic() < deadline:
        time.sleep(0.02)
        command.refresh_from_db(fields=["status", "tick", "time", "after_seq", "error"])
    return command


def await_settled(run: Run, timeout: float) -> tuple[Run, bool]:
    deadline = time.monotonic() + timeout
    while True:
        recover_stale_runs_throttled()
        run.refresh_from_db()
        settled = selectors.is_settled(run)
        if settled or time.monotonic() >= deadline:
            return run, settled
        time.sleep(0.1)


# ---- recovery: a run never stays "running" with nobody executing it ----

_last_recovery = 0.0


def recover_stale_runs_throttled(every: float = 2.0) -> None:
    global _last_recovery
    if time.monotonic() - _last_recovery >= every:
        _last_recovery = time.monotonic()
        recover_stale_runs()


def recover_stale_runs() -> list[int]:
    now = timezone.now()
    expired = Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now)
    active = Q(status__in=[Run.Status.QUEUED, Run.Status.RUNNING])
    terminal = Q(status=Run.Status.FAILED) | Q(status=Run.Status.FINISHED, reason__in=[Run.STOPPED, Run.RESTARTED])
    awaiting = Q(commands__status=RunCommand.Status.PENDING) & ~terminal
    ids = list(Run.objects.filter(expired & (active | awaiting)).values_list("pk", flat=True).distinct())
    return [run_id for run_id in ids if _recover(run_id, now)]


def _recover(run_id: int, now: Any) -> bool:
    with transaction.atomic():
        run = Run.objects.select_for_update().get(pk=run_id)
        if run.lease_expires_at is not None and run.lease_expires_at >= now:
            return False  # somebody picked it up meanwhile
        if run.attempts >= conf.MAX_ATTEMPTS:
            _fail(run, f"the worker executing it was lost {run.attempts} times; giving up")
            return True
        log.warning("run %s: lease expired (holder %r); queueing a worker to resume it", run_id, run.lease_token)
        run.lease_token, run.lease_expires_at = QUEUED_LEASE, _queue_grace()
        run.save(update_fields=["lease_token", "lease_expires_at", "updated_at"])
        _enqueue_on_commit(run.pk)
    return True


def _fail(run: Run, reason: str) -> None:
    run.status, run.reason = Run.Status.FAILED, reason[:500]
    run.lease_token, run.lease_expires_at = "", None
    run.save(update_fields=["status", "reason", "lease_token", "lease_expires_at", "updated_at"])
    RunCommand.objects.filter(run=run, status=RunCommand.Status.PENDING).update(
        status=RunCommand.Status.REJECTED, error={"field": "run", "value": run.pk, "message": f"the run failed: {reason}"})
    view = selectors.run_view(run)
    transaction.on_commit(lambda: bus.publish_once(run.pk, bus.status_message(view)))


# ---- the worker's writes, fenced by its lease token ----

class LeaseLost(Exception):
    """Another worker holds the run now (this one was presumed dead): stop without writing."""


def acquire_lease(run_id: int, token: str) -> Run | None:
    now = timezone.now()
    with transaction.atomic():
        run = Run.objects.select_for_update().filter(pk=run_id).first()
        if run is None or run.is_terminal:
            return None
        held = run.lease_token not in ("", QUEUED_LEASE)
        if held and run.lease_expires_at is not None and run.lease_expires_at > now:
            return None  # a live worker executes it; this message was a duplicate
        run.lease_token, run.lease_expires_at = token, now + timedelta(seconds=conf.LEASE_SECONDS)
        run.attempts += 1
        run.save(update_fields=["lease_token", "lease_expires_at", "attempts", "updated_at"])
    return run


def commit_tick(run: Run, token: str, events: list[dict[str, Any]], applied: list[RunCommand],
                checkpoint: dict[str, Any] | None, status_changed: bool, produced_at: float | None = None,
                state: dict[str, Any] | None = None) -> None:
    """One worker tick in one transaction; viewers hear of it only after the commit."""
    with transaction.atomic():
        fields = {"status": run.status, "reason": run.reason, "speed": run.speed, "time": run.time,
                  "last_seq": run.last_seq, "updated_at": timezone.now(),
                  "lease_expires_at": timezone.now() + timedelta(seconds=conf.LEASE_SECONDS)}
        if not Run.objects.filter(pk=run.pk, lease_token=token).update(**fields):
            raise LeaseLost(run.pk)
        store_events(run.pk, events)
        if applied:
            RunCommand.objects.bulk_update(applied, ["status", "tick", "time", "after_seq", "error"])
        if checkpoint is not None:
            RunCheckpoint.objects.update_or_create(run_id=run.pk, defaults=checkpoint)
        if state is not None:
            RunState.objects.create(run_id=run.pk, seq=run.last_seq, state=state)
        transaction.on_commit(lambda: _publish_tick(run, events, status_changed, produced_at))


def store_events(run_id: int, events: list[dict[str, Any]]) -> None:
    if not events:
        return
    if connection.vendor != "postgresql":
        RunEvent.objects.bulk_create([RunEvent.from_event(run_id, e) for e in events])
        return
    # COPY: bulk_create's client-side quoting of hundreds of JSON documents costs ~1 ms an event.
    table = RunEvent._meta.db_table
    with connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY {table} (run_id, seq, t, kind, data) FROM STDIN") as copy:
        for e in events:
            copy.write_row((run_id, e["seq"], e.get("t", 0.0), e["kind"], json.dumps(e)))


_publisher: bus.Publisher | None = None


def _publish_tick(run: Run, events: list[dict[str, Any]], status_changed: bool, produced_at: float | None) -> None:
    global _publisher
    if _publisher is None:
        _publisher = bus.Publisher()
    if events:
        _publisher.send(run.pk, bus.events_message(events, produced_at))
    if status_changed:
        _publisher.send(run.pk, bus.status_message(selectors.run_view(run)))


def release_lease(run: Run, token: str, command_seq: int, checkpoint: dict[str, Any] | None) -> bool:
    """An idle worker lets go of a paused/finished run. False: a command arrived, keep going."""
    with transaction.atomic():
        locked = Run.objects.select_for_update().filter(pk=run.pk, lease_token=token).first()
        if locked is None:
            raise LeaseLost(run.pk)
        if RunCommand.objects.filter(run=run, seq__gt=command_seq).exists():
            return False
        if checkpoint is not None:
            RunCheckpoint.objects.update_or_create(run_id=run.pk, defaults=checkpoint)
        Run.objects.filter(pk=run.pk).update(lease_token="", lease_expires_at=None, attempts=0)
    return True


def fail_run(run_id: int, token: str, reason: str) -> None:
    with transaction.atomic():
        run = Run.objects.select_for_update().filter(pk=run_id, lease_token=token).first()
        if run is not None:
            _fail(run, reason)


def new_lease_token() -> str:
    """host:pid:random: says which process holds a run (operators, and the kill -9 test)."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{uuid.uuid4().hex[:12]}"
