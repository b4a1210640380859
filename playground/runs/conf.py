"""Knobs of run execution; environment variables override (tests shorten the lease)."""
from __future__ import annotations

import os


def _float(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


# An engine renews the leases of all its runs in one statement every HEARTBEAT_SECONDS; a lease
# not renewed for LEASE_SECONDS means the worker process is gone (killed, OOM, host lost).
LEASE_SECONDS = _float("RUNS_LEASE_SECONDS", 10)
HEARTBEAT_SECONDS = _float("RUNS_HEARTBEAT_SECONDS", 2)
WATCHDOG_SECONDS = _float("RUNS_WATCHDOG_SECONDS", 3)
# A queued run nobody picked up within this time gets another doorbell message.
QUEUE_GRACE_SECONDS = _float("RUNS_QUEUE_GRACE_SECONDS", 30)
MAX_ATTEMPTS = int(_float("RUNS_MAX_ATTEMPTS", 5))
# The doorbell task waits at most this long for its engine to take the run (tasks.py).
ADOPT_WAIT_SECONDS = _float("RUNS_ADOPT_WAIT_SECONDS", 0.01)
# The API waits this long for the worker's verdict on a command before answering 202.
COMMAND_REPLY_SECONDS = _float("RUNS_COMMAND_REPLY_SECONDS", 5)
VERDICT_RECHECK_SECONDS = _float("RUNS_VERDICT_RECHECK_SECONDS", 0.25)  # should an announcement be lost
# Batching: one commit + one group_send per tick; a tick ends after this many events or seconds.
# A burst's first event waits for its batch to close: 250 / 25 ms instead of 500 / 50 ms took the
# p95 of 50 viewers of a 28,001-event burst from 152–191 to 58–65 ms, for 5–15 % of the worker's
# events per second (docs/benchmarks.md, runs).
BATCH_EVENTS = int(_float("RUNS_BATCH_EVENTS", 250))
BATCH_SECONDS = _float("RUNS_BATCH_SECONDS", 0.025)
STATE_EVERY_EVENTS = int(_float("RUNS_STATE_EVERY_EVENTS", 200))  # for GET …/state/?seq=
# ... but a state that took x s to build waits STATE_COST_FACTOR * x s for the next (big clusters).
STATE_COST_FACTOR = _float("RUNS_STATE_COST_FACTOR", 30)
# ... unless this many events passed: GET …/state/?seq= folds at most about as many (≤ 0.5 s).
STATE_MAX_EVENTS = int(_float("RUNS_STATE_MAX_EVENTS", 10_000))
# ... and the states stored for a run stay within this multiple of its event log's bytes.
STATE_LOG_RATIO = _float("RUNS_STATE_LOG_RATIO", 10)
# Fair share: a run computes at most this long before the engine turns to the next ready run.
SLICE_SECONDS = _float("RUNS_SLICE_SECONDS", 0.02)
# A paused, settled or finished run stays in its engine's memory (with its lease) this long after
# its last command, so commands apply at once; then it lets go and a command rebuilds it.
IDLE_RELEASE_SECONDS = _float("RUNS_IDLE_RELEASE_SECONDS", 600)
# A status message re-anchors viewers' clocks when the run's clock drifted from the last one
# (speed 0, a busy worker), at most this often.
REANCHOR_SECONDS = _float("RUNS_REANCHOR_SECONDS", 0.5)
# Fair limits for a class: per owner, and per run (a run that hits a cap finishes with a reason).
MAX_ACTIVE_PER_OWNER = int(_float("RUNS_MAX_ACTIVE_PER_OWNER", 3))
# A shared pool of runs (a workshop's: the class run, a comparison, a branch) apart from the owner's.
MAX_ACTIVE_PER_POOL = int(_float("RUNS_MAX_ACTIVE_PER_POOL", 3))
RETRY_AFTER_SECONDS = int(_float("RUNS_RETRY_AFTER_SECONDS", 30))
MAX_WALL_SECONDS = _float("RUNS_MAX_WALL_SECONDS", 4 * 3600)
MAX_EVENTS = int(_float("RUNS_MAX_EVENTS", 1_000_000))
# Two lanes (docs/runs.md): a run whose scenario has BULK_MIN_OBJECTS documents or more is computed
# by the bulk lane's worker. Its pool processes run at BULK_WORKER_NICE (the lowest priority): on a
# machine shared with a class, they get what the web server, the database and the interactive
# lane's engines leave; alone, every cycle. An interactive-lane process (or one worker serving both
# lanes) runs at WORKER_NICE; 0 keeps the priority the worker was started with.
BULK_MIN_OBJECTS = int(_float("RUNS_BULK_MIN_OBJECTS", 1000))
WORKER_NICE = int(_float("RUNS_WORKER_NICE", 0))
BULK_WORKER_NICE = int(_float("RUNS_BULK_WORKER_NICE", 19))
