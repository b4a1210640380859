"""Celery entry points: thin wrappers around executor/services."""
from __future__ import annotations

import logging
import threading

from celery import shared_task
from celery.signals import worker_ready
from django.db import close_old_connections

from playground.runs import conf, executor, services

log = logging.getLogger(__name__)



# acks_late=False: the message is only a doorbell ("look at run N"); the run's durability is its
# lease in the database. Acking on receipt means a run that lasts hours is never redelivered by
# the broker's visibility timeout while it is still executing; a worker killed mid-run is noticed
# by its expired lease (watchdog below) and the run is queued again from its checkpoint.
@shared_task(name="runs.execute_run", acks_late=False, ignore_result=True)
def execute_run(run_id: int) -> None:
    try:
        executor.execute(run_id)
    finally:
        close_old_connections()


@shared_task(name="runs.recover_stale_runs", ignore_result=True)
def recover_stale_runs() -> list[int]:
    return services.recover_stale_runs()


def _watchdog(stop: threading.Event) -> None:
    while not stop.wait(conf.WATCHDOG_SECONDS):
        try:
            recovered = services.recover_stale_runs()
            if recovered:
                log.warning("watchdog re-queued runs %s", recovered)
        except Exception:
            log.exception("run watchdog failed")
        finally:
            close_old_connections()


@worker_ready.connect
def start_watchdog(**_: object) -> None:
    """Celery beat does not run here: every worker checks leases at start-up and then every few seconds."""
    thread = threading.Thread(target=_watchdog, args=(threading.Event(),), name="run-watchdog", daemon=True)
    thread.start()
    try:
        services.recover_stale_runs()
    finally:
        close_old_connections()
