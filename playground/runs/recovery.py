"""Recovery: a run never stays `running` (or keeps commands waiting) with nobody executing it.

Every worker's watchdog thread and, throttled, the API's reads call `recover_stale_runs`: a run
that needs a worker and whose lease expired gets a new doorbell, or is failed with the reason
after RUNS_MAX_ATTEMPTS lost workers in a row.
"""
from __future__ import annotations

import logging
import time
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from playground.runs import bus, conf, leases, lifecycle
from playground.runs.models import Run, RunCommand

log = logging.getLogger(__name__)

_last_recovery = 0.0


def queue_grace() -> Any:
    return timezone.now() + timedelta(seconds=conf.QUEUE_GRACE_SECONDS)


def queue_on_commit(run: Run) -> None:
    """Inside the run's row lock: mark it as waiting for a worker and ring the doorbell."""
    run.lease_token, run.lease_expires_at = leases.QUEUED_LEASE, queue_grace()
    run.save(update_fields=["lease_token", "lease_expires_at", "updated_at"])
    transaction.on_commit(lambda: bus.announce_run(run.pk, run.bulk))


def recover_stale_runs_throttled(every: float = 2.0) -> None:
    global _last_recovery
    if time.monotonic() - _last_recovery >= every:
        _last_recovery = time.monotonic()
        recover_stale_runs()


def recover_stale_runs() -> list[int]:
    now = timezone.now()
    expired = Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now)
    active = Q(status__in=lifecycle.MOVING)
    awaiting = Q(commands__status=RunCommand.Status.PENDING) & ~lifecycle.terminal_q()
    ids = list(Run.objects.filter(expired & (active | awaiting)).values_list("pk", flat=True).distinct())
    return [run_id for run_id in ids if _recover(run_id, now)]


def _recover(run_id: int, now: Any) -> bool:
    with transaction.atomic():
        run = Run.objects.select_for_update().get(pk=run_id)
        if run.lease_expires_at is not None and run.lease_expires_at >= now:
            return False  # somebody picked it up meanwhile
        if run.attempts >= conf.MAX_ATTEMPTS:
            leases.mark_failed(run, f"the worker executing it was lost {run.attempts} times; giving up")
            return True
        log.warning("run %s: lease expired (holder %r); queueing a worker to resume it", run_id, run.lease_token)
        queue_on_commit(run)
    return True
