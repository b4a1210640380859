"""The worker's writes about runs, each fenced by the lease token of the engine holding the run.

An engine (one per worker process, engine.py) holds many runs under one token `host:pid:random`,
so one UPDATE renews them all. A write whose token no longer matches means another worker took
the run over (this one was presumed dead): `LeaseLost`, and nothing is written.
"""
from __future__ import annotations

import json
import logging
import os
import socket
import uuid
from collections.abc import Callable
from datetime import timedelta
from functools import cache
from typing import Any

import psycopg
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from playground.runs import bus, conf, lifecycle, selectors, signals
from playground.runs.models import Run, RunCommand, RunEvent, RunState

log = logging.getLogger(__name__)

QUEUED_LEASE = "queued"


# What a tick's commit is published with: (run id, events, the run's view or None, when the events were
# produced, the commands' verdicts, the events' JSON texts).
Publish = Callable[[int, list[dict[str, Any]], dict[str, Any] | None, float | None, list[dict[str, Any]], list[str]],
                   None]


class LeaseLost(Exception):
    """Another worker holds the run now (this one was presumed dead): stop without writing."""


def new_token() -> str:
    """host:pid:random: says which process holds a run (operators, and the kill -9 test)."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{uuid.uuid4().hex[:12]}"


def _expiry() -> Any:
    return timezone.now() + timedelta(seconds=conf.LEASE_SECONDS)


def acquire(run_id: int, token: str) -> Run | None:
    """Take a run whose lease is free or expired; a queued run leaves `queued` right here."""
    now = timezone.now()
    with transaction.atomic():
        # As viewers see it (selectors.viewable): the engine's status commits then read nothing.
        run = selectors.viewable(Run.objects.select_for_update(of=("self",))).filter(pk=run_id).first()
        if run is None or run.is_terminal:
            return None
        held = run.lease_token not in ("", QUEUED_LEASE, token)
        if held and run.lease_expires_at is not None and run.lease_expires_at > now:
            return None  # a live engine holds it; this doorbell was a duplicate
        run.lease_token, run.lease_expires_at = token, _expiry()
        run.attempts += 1
        lifecycle.leave_queue(run)
        run.save(update_fields=["lease_token", "lease_expires_at", "attempts", "status", "updated_at"])
    return run


def claim_queued(run_ids: list[int], token: str) -> list[Run]:
    """Runs announced as waiting (bus.announce_run) that no engine took yet: the first engine to
    answer takes them, all in one UPDATE — the others find it done, with no row read and no lock
    wait — and reads what it got in one query. As `acquire`, a queued run leaves `queued` here.
    One at a time (a lock, a read and a write per run) an engine took 0.6 s to get through a
    class's 22 announcements while they waited (docs/benchmarks.md, classroom)."""
    taken = Run.objects.filter(pk__in=run_ids, lease_token=QUEUED_LEASE).exclude(lifecycle.terminal_q()).update(
        lease_token=token, lease_expires_at=_expiry(), attempts=F("attempts") + 1,
        status=lifecycle.leave_queue_case(), updated_at=timezone.now())
    if not taken:
        return []
    return list(selectors.viewable(Run.objects.filter(pk__in=run_ids, lease_token=token)).order_by("pk"))


def renew(token: str) -> set[int]:
    """Renew every lease this engine holds, in one statement; the runs it still holds."""
    Run.objects.filter(lease_token=token).update(lease_expires_at=_expiry())
    return set(Run.objects.filter(lease_token=token).values_list("pk", flat=True))


def expire(token: str) -> None:
    """A stopping engine's leases end now; the runs are rebuilt elsewhere from what is stored."""
    Run.objects.filter(lease_token=token).update(lease_expires_at=timezone.now())


def commit_tick(run: Run, token: str, events: list[dict[str, Any]], applied: list[RunCommand],
                status_changed: bool, produced_at: float | None = None,
                state: dict[str, Any] | None = None, publish: Publish | None = None) -> int:
    """One tick of a run, all or nothing; viewers hear of it only after the commit (`publish`,
    `publish_tick` unless another is given). Returns the bytes of event JSON stored."""
    publish = publish or publish_tick
    fields = {"status": run.status, "reason": run.reason, "speed": run.speed, "time": run.time,
              "clock_wall": run.clock_wall, "last_seq": run.last_seq, "updated_at": timezone.now(),
              "lease_expires_at": _expiry()}
    texts = bus.encode_events(events)
    view = selectors.run_view(run) if status_changed else None
    verdicts = [selectors.command_view(c) for c in applied]
    if not _commit_in_one_statement(run.pk, token, fields, events, texts, applied, state):
        raise LeaseLost(run.pk)
    # At once in autocommit; after the caller's commit should one be open.
    transaction.on_commit(lambda: publish(run.pk, events, view, produced_at, verdicts, texts))
    if events:
        transaction.on_commit(lambda: _committed(run, events))
    return sum(map(len, texts))


def _committed(run: Run, events: list[dict[str, Any]]) -> None:
    """Other apps hear of the tick (a workshop's class follows the run's lesson step); their
    failure is theirs: the tick is committed and published."""
    for receiver, error in signals.events_committed.send_robust(Run, run=run, events=events):
        if error is not None:
            log.error("run %s: %s failed on events_committed", run.pk, receiver, exc_info=error)


# A tick's writes are plain SQL: the ORM compiled the run's UPDATE and a CASE/WHEN bulk_update of
# the verdicts anew on every commit, most of an engine's CPU for a class's clicks (docs/benchmarks.md).
_RUN_TICK_FIELDS = ("status", "reason", "speed", "time", "clock_wall", "last_seq", "updated_at", "lease_expires_at")


def _commit_in_one_statement(run_id: int, token: str, fields: dict[str, Any], events: list[dict[str, Any]],
                             texts: list[str], applied: list[RunCommand], state: dict[str, Any] | None) -> bool:
    """The tick in one statement and one round trip (autocommit): False, and nothing
    written, if the lease is no longer ours. Under a class's load, with both cores busy, every
    round trip waits to be scheduled twice; as BEGIN, UPDATE, COPY (two), verdicts and COMMIT a
    commit cost an engine six, and engines spent 85 % of their busy time waiting on them
    (docs/benchmarks.md, classroom). Idle, it is as fast as COPY from 3 to 250 events.

    The lists go in binary (%b) with server-side binding: Django's cursors quote every value into
    the SQL text, and psycopg's text arrays escape every element with a regex; for a batch of JSON
    texts either cost more than the round trips saved."""
    assert tuple(fields) == _RUN_TICK_FIELDS
    stored_state = None if state is None else state_text(state)
    log_bytes = sum(map(len, texts)) + len(stored_state or "")  # ASCII JSON: characters are bytes
    params = [*_db_values(Run, fields), log_bytes, run_id, token,
              [e["seq"] for e in events], [float(e.get("t", 0.0)) for e in events], [e["kind"] for e in events], texts,
              [c.pk for c in applied], *([getattr(c, n) for c in applied] for n in RunCommand.VERDICT_FIELDS[:-1]),
              [None if c.error is None else json.dumps(c.error) for c in applied],
              fields["last_seq"], stored_state]
    connection.ensure_connection()
    # Errors as Django's (a broken connection is then closed by close_old_connections).
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(_tick_sql(), params)
        row = cursor.fetchone()
        return bool(row and row[0])


@cache
def _tick_sql() -> str:
    """The fenced run UPDATE — our lease, and a run not over (a terminal run's status never
    changes), counting the tick's event texts and state in the run's log_bytes — then, only for a run
    the fence let through, the events' INSERT, the verdicts' UPDATE and the state's upsert (when one
    is due), as data-modifying CTEs."""
    assert RunCommand.VERDICT_FIELDS == ("status", "tick", "time", "after_seq", "error")  # the unnest below
    q = connection.ops.quote_name
    run_columns = ", ".join(f"{q(Run._meta.get_field(n).column)} = %s" for n in _RUN_TICK_FIELDS)
    verdict_columns = ", ".join(f"{q(RunCommand._meta.get_field(n).column)} = v.{n}" for n in RunCommand.VERDICT_FIELDS)
    return (f"WITH fenced AS (UPDATE {Run._meta.db_table} SET {run_columns}, log_bytes = log_bytes + %s "
            f"WHERE id = %s AND lease_token = %s "
            f"AND NOT {lifecycle.TERMINAL_SQL} RETURNING id), "
            f"events AS (INSERT INTO {RunEvent._meta.db_table} (run_id, seq, t, kind, data) "
            f"SELECT fenced.id, e.seq, e.t, e.kind, e.data FROM fenced, "
            f"unnest(%b::integer[], %b::double precision[], %b::text[], %b::text[]) AS e(seq, t, kind, data)), "
            f"verdicts AS (UPDATE {RunCommand._meta.db_table} AS c SET {verdict_columns} FROM fenced, "
            f"unnest(%b::bigint[], %b::text[], %b::integer[], %b::double precision[], %b::integer[], "
            f"%b::text[]::jsonb[]) AS v(id, status, tick, time, after_seq, error) WHERE c.id = v.id), "
            f"states AS (INSERT INTO {RunState._meta.db_table} (run_id, seq, state) "
            f"SELECT fenced.id, s.seq, s.state::jsonb FROM fenced, (SELECT %b::integer AS seq, %b::text AS state) AS s "
            f"WHERE s.state IS NOT NULL ON CONFLICT (run_id, seq) DO UPDATE SET state = EXCLUDED.state) "
            f"SELECT count(*) FROM fenced")


def _db_values(model: Any, values: dict[str, Any]) -> list[Any]:
    """Each value as the model's field saves it (JSON encoded, datetimes adapted …)."""
    return [model._meta.get_field(name).get_db_prep_save(value, connection) for name, value in values.items()]


def state_text(state: dict[str, Any]) -> str:
    """A state as a tick stores it; its length is what the run's log_bytes counts for it."""
    return json.dumps(state)


def store_events(run_id: int, events: list[dict[str, Any]], texts: list[str] | None = None) -> int:
    """The events stored (a fork's copy, a dropped log regenerated); their bytes, which the caller
    counts in the run's log_bytes."""
    if not events:
        return 0
    # COPY in its text format, written as whole lines: bulk_create's client-side quoting of
    # hundreds of JSON documents cost ~1 ms an event, and psycopg's per-field row conversion
    # was the next biggest part of a commit. JSON text has no raw tab or newline (json escapes
    # them); its backslashes are COPY's escape character and are doubled.
    texts = texts if texts is not None else bus.encode_events(events)
    table = RunEvent._meta.db_table
    with connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY {table} (run_id, seq, t, kind, data) FROM STDIN") as copy:
        copy.write("".join(f"{run_id}\t{e['seq']}\t{float(e.get('t', 0.0))!r}\t{_copy_text(e['kind'])}\t"
                           f"{_copy_text(text)}\n" for e, text in zip(events, texts, strict=True)))
    return sum(map(len, texts))


def _copy_text(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


_publisher: bus.Publisher | None = None


def publish_tick(run_id: int, events: list[dict[str, Any]], view: dict[str, Any] | None,
                  produced_at: float | None, verdicts: list[dict[str, Any]], texts: list[str] | None = None) -> None:
    """After the commit: REST waiters hear of the verdicts on the verdict channel; viewers get the
    events, the status, then the verdicts (a WebSocket command's answer) on the run's group."""
    global _publisher
    if verdicts:
        bus.announce_verdicts(run_id)
    if _publisher is None:
        _publisher = bus.Publisher()
    if events:
        _publisher.send(run_id, bus.events_message(events, produced_at, texts))
    if view is not None:
        _publisher.send(run_id, bus.status_message(view))
    if verdicts:
        _publisher.send(run_id, bus.verdicts_message(verdicts))


def release(run: Run, token: str, command_seq: int) -> bool:
    """An idle engine lets go of a run. False: a command arrived meanwhile, keep it."""
    with transaction.atomic():
        locked = Run.objects.select_for_update().filter(pk=run.pk, lease_token=token).first()
        if locked is None:
            raise LeaseLost(run.pk)
        if RunCommand.objects.filter(run=run, seq__gt=command_seq).exists():
            return False
        Run.objects.filter(pk=run.pk).update(lease_token="", lease_expires_at=None, attempts=0)
    return True


def fail(run_id: int, token: str, reason: str) -> None:
    with transaction.atomic():
        run = Run.objects.select_for_update().filter(pk=run_id, lease_token=token).first()
        if run is not None and not run.is_terminal:  # over already: it stays as it ended
            mark_failed(run, reason)


def mark_failed(run: Run, reason: str) -> None:
    """Inside the run's row lock: failed with a reason; its pending commands are answered."""
    lifecycle.fail(run, reason)
    run.lease_token, run.lease_expires_at = "", None
    run.save(update_fields=["status", "reason", "lease_token", "lease_expires_at", "updated_at"])
    RunCommand.objects.filter(run=run, status=RunCommand.Status.PENDING).update(
        status=RunCommand.Status.REJECTED, error={"field": "run", "value": run.pk, "message": f"the run failed: {reason}"})
    view = selectors.run_view(run)
    transaction.on_commit(lambda: bus.publish_once(run.pk, bus.status_message(view)))
    transaction.on_commit(lambda: bus.announce_verdicts(run.pk))
