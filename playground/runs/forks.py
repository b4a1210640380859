"""A run forked at one of its events: the same frozen input (documents, settings, seed, and the
cluster commands applied before that event), starting paused where the original stood.

The fork copies the original's stored events up to the point and its applied cluster commands
(with the tick and virtual time each took effect), so the worker's usual rebuild — build, replay
the commands at their ticks, advance until the stored seq — reaches exactly that point and the
fork then goes on on its own. Used by workshops ("try it myself") and compare ("what if…").
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db import transaction

from playground.api_errors import InvalidDocuments, field_error
from playground.rows import columns
from playground.runs import leases, lifecycle, logs, recovery, selectors, services
from playground.runs.models import Run, RunCommand, RunEvent, RunState
from playground.runs.selectors import User

# Fields a fork does not take over from its original: identity, ownership, lifecycle, position.
NOT_INHERITED = {"id", "owner", "status", "reason", "time", "last_seq", "restart_of", "lease_token",
                 "lease_expires_at", "attempts", "created_at", "updated_at", "clock_wall", "start_paused", "pool",
                 "log_dropped_upto", "log_digest", "log_bytes"}


def fork_run(user: User, original: Run, seq: int, links: Collection[str] = ()) -> Run:
    if not selectors.can_watch(user, original, links):
        raise InvalidDocuments([field_error("run", "no such run (or its scenario is private)", value=original.pk)], 404)
    if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= original.last_seq:
        raise InvalidDocuments([field_error(
            "seq", f"must be an event of run {original.pk}: an integer from 1 to {original.last_seq}", value=seq)])
    logs.restore(original)
    at = RunEvent.objects.filter(run=original, seq=seq).values_list("t", flat=True).first()
    pool = original.pool if user.pk == original.owner_id else ""
    with transaction.atomic():
        allowance = services.pool_allowance(pool, "run")
        if not allowance.pool and not services.is_new_guest(user):
            services.lock_owner(user)
        services.check_storage(user, allowance, run=original.pk, events_upto=seq)
        fork = Run.objects.create(**_inherited(original), **lifecycle.forked(), owner=user, time=at or 0.0,
                                  last_seq=seq, pool=pool)
        _copy_commands(original, fork, seq)
        _copy_events(original, fork, seq)
        recovery.queue_on_commit(fork)
    return fork


def _inherited(original: Run) -> dict[str, Any]:
    """Every other field (documents, settings, seed, speed, and whatever input a run gains later)."""
    return {f.attname: getattr(original, f.attname) for f in columns(Run)
            if f.name not in NOT_INHERITED}


def _copy_commands(original: Run, fork: Run, seq: int) -> None:
    """The cluster commands whose events the original had emitted by `seq`, renumbered 1..n."""
    applied = RunCommand.objects.filter(run=original, status=RunCommand.Status.APPLIED,
                                        type__in=RunCommand.CLUSTER, after_seq__lt=seq).order_by("seq")
    RunCommand.objects.bulk_create([
        RunCommand(run=fork, seq=n, type=c.type, payload=c.payload, author=c.author, status=c.status,
                   tick=c.tick, time=c.time, after_seq=c.after_seq)
        for n, c in enumerate(applied, start=1)])


def _copy_events(original: Run, fork: Run, seq: int) -> None:
    """The original's events and states up to `seq`, counted in the fork's log_bytes."""
    stored = sum(leases.store_events(fork.pk, batch) for batch in selectors.iter_events(original.pk, 0, seq))
    states = list(RunState.objects.filter(run=original, seq__lte=seq).order_by("seq"))
    RunState.objects.bulk_create([RunState(run=fork, seq=s.seq, state=s.state) for s in states])
    stored += sum(len(leases.state_text(s.state)) for s in states)
    Run.objects.filter(pk=fork.pk).update(log_bytes=stored)
