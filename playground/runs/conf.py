"""Knobs of run execution; environment variables override (tests shorten the lease)."""
from __future__ import annotations

import os


def _float(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


# A worker renews its lease on every commit and at least every HEARTBEAT_SECONDS; a lease
# that is not renewed for LEASE_SECONDS means the worker is gone (killed, OOM, host lost).
LEASE_SECONDS = _float("RUNS_LEASE_SECONDS", 10)
HEARTBEAT_SECONDS = _float("RUNS_HEARTBEAT_SECONDS", 2)
WATCHDOG_SECONDS = _float("RUNS_WATCHDOG_SECONDS", 3)
# A queued run nobody picked up within this time gets another doorbell message.
QUEUE_GRACE_SECONDS = _float("RUNS_QUEUE_GRACE_SECONDS", 30)
MAX_ATTEMPTS = int(_float("RUNS_MAX_ATTEMPTS", 5))
# The API waits this long for the worker's verdict on a command before answering 202.
COMMAND_REPLY_SECONDS = _float("RUNS_COMMAND_REPLY_SECONDS", 5)
# Batching: one commit + one group_send per tick; a tick ends after this many events or seconds.
BATCH_EVENTS = int(_float("RUNS_BATCH_EVENTS", 500))
BATCH_SECONDS = _float("RUNS_BATCH_SECONDS", 0.05)
STATE_EVERY_EVENTS = int(_float("RUNS_STATE_EVERY_EVENTS", 200))  # for GET …/state/?seq=
CHECKPOINT_SECONDS = _float("RUNS_CHECKPOINT_SECONDS", 5)
CHECKPOINT_EVENTS = int(_float("RUNS_CHECKPOINT_EVENTS", 5000))
# A run holds a worker pool process while it executes. A paused run with no command for this
# long, or a finished one after this linger, lets the process go; the checkpoint stays, and the
# next command queues a worker that resumes from it.
IDLE_RELEASE_SECONDS = _float("RUNS_IDLE_RELEASE_SECONDS", 10)
FINISHED_LINGER_SECONDS = _float("RUNS_FINISHED_LINGER_SECONDS", 1)
