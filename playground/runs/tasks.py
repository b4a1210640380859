"""Celery entry points: thin wrappers around the engine and recovery."""
from __future__ import annotations

import logging
import os
import threading

from celery import shared_task
from celery.signals import worker_process_init, worker_process_shutdown, worker_ready
from django.conf import settings
from django.db import close_old_connections

from playground.runs import conf, engine, recovery

log = logging.getLogger(__name__)


# acks_late=False: the message is only a doorbell ("look at run N"). The task hands the run to
# this process's engine, which takes the lease; it returns at once, so the pool process is free
# for the next doorbell while its engine drives the run. A worker killed later is noticed by
# the expired lease (watchdog below) and the run is rebuilt by another worker.
@shared_task(name="runs.execute_run", acks_late=False, ignore_result=True)
def execute_run(run_id: int) -> None:
    # Wait a moment for the engine to take it: Celery hands the next doorbell to a pool process
    # that is free, so a class's burst of doorbells is spread over the pool processes (without
    # the wait, one process took 38 of 45 runs) and a process busy computing gets fewer.
    engine.current().adopt(run_id).wait(conf.ADOPT_WAIT_SECONDS)


@shared_task(name="runs.recover_stale_runs", ignore_result=True)
def recover_stale_runs() -> list[int]:
    return recovery.recover_stale_runs()


def _watchdog(stop: threading.Event) -> None:
    while not stop.wait(conf.WATCHDOG_SECONDS):
        try:
            recovered = recovery.recover_stale_runs()
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
        recovery.recover_stale_runs()
    finally:
        close_old_connections()


@worker_process_shutdown.connect
def release_engine(**_: object) -> None:
    """A pool process that stops (deploy, --scale down) hands its runs over at once."""
    try:
        engine.shutdown()
    except Exception:
        log.exception("could not expire the engine's leases; they expire by themselves")


@worker_process_init.connect
def yield_the_cpu_to_the_web(**_: object) -> None:
    """A bulk-lane pool process computes at the lowest CPU priority (RUNS_BULK_WORKER_NICE): when
    the machine is busy, the web server, the database and the lesson runs' engines come first;
    when it is not, the big runs get every cycle anyway. Others at RUNS_WORKER_NICE."""
    nice = conf.BULK_WORKER_NICE if settings.RUNS_WORKER_LANES == ["bulk"] else conf.WORKER_NICE
    if nice > 0:
        os.nice(nice)
        lower_autogroup(nice)
    engine.current()  # listening for new runs from the start, not only after its first doorbell


def lower_autogroup(nice: int) -> None:
    """Linux with autogroup scheduling (the default on desktops and many VMs) shares the CPU between
    sessions first and applies a process's nice value only inside its session: the worker runs in a
    session of its own (make run starts each part in one), so nice 19 alone left the bulk lane a full
    share beside the web server (measured: 0.6-1.1 of 2 cores while a class's clicks waited). The
    session's own nice value is set here too. Elsewhere (no autogroup, containers) there is no such
    file and nothing to do; docker-compose gives the bulk worker a small cpu_shares instead."""
    try:
        with open("/proc/self/autogroup", "w") as autogroup:
            autogroup.write(str(nice))
    except OSError:
        pass

