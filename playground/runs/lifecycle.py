"""A run's lifecycle: its statuses, the moves between them and the terminal rule — in Python, as a
query (`terminal_q`) and as SQL (`TERMINAL_SQL`, in the worker's one-statement tick).

The only code that writes a run's status: the worker's driver moves its run in memory (`move`,
committed by leases.commit_tick), a worker takes a queued run (`leave_queue`, `leave_queue_case`),
a run fails (`fail`), a fork is born paused (`forked`), a benchmark ends what it left (`end_all`).
tests/playground/test_run_lifecycle.py checks no other module does; docs/runs.md, "Lifecycle",
tells the same table in prose.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models import Case, F, Q, Value, When

if TYPE_CHECKING:
    from playground.runs.models import Run


class Status(models.TextChoices):
    QUEUED = "queued"
    RUNNING = "running"
    PAUSED = "paused"
    SETTLED = "settled"  # only leftover-flush retries that would fail as before are due
    FINISHED = "finished"
    FAILED = "failed"


QUEUED, RUNNING, PAUSED, SETTLED, FINISHED, FAILED = Status.values

# Reasons of a finished run. Only a quiescent run accepts cluster commands again: the others are over.
QUIESCENT = "quiescent"
STOPPED = "stopped"
RESTARTED = "restarted"
SETTLED_REASON = "waiting for a change"

# Where each status may go. A finished run goes on only when it is quiescent (`is_terminal`).
TRANSITIONS: dict[str, frozenset[str]] = {
    QUEUED: frozenset({RUNNING, PAUSED, FAILED}),  # a worker took it (started paused or not); lost too often
    RUNNING: frozenset({PAUSED, SETTLED, FINISHED, FAILED}),  # pause/step; nothing due but retries; over
    PAUSED: frozenset({RUNNING, PAUSED, FINISHED, FAILED}),  # resume; step (stays paused); stop, restart, a limit
    SETTLED: frozenset({RUNNING, PAUSED, FINISHED, FAILED}),  # a change or resume; pause/step; stop, restart, a limit
    FINISHED: frozenset({RUNNING, FINISHED, FAILED}),  # quiescent only: a cluster command; stop, restart, a limit
    FAILED: frozenset(),
}
STILL = (PAUSED, SETTLED, FINISHED)  # virtual time stands still: the driver idles until a command
MOVING = (QUEUED, RUNNING)  # something happens without a command: it needs a worker


class IllegalTransition(Exception):
    """A bug: code tried to move a run where its lifecycle does not go."""


def is_terminal(status: str, reason: str) -> bool:
    """Failed, or finished for any reason but quiescence (stopped, restarted, a limit): it takes
    no command again; `restart` makes a new run."""
    return status == FAILED or (status == FINISHED and reason != QUIESCENT)


def terminal_q(prefix: str = "") -> Q:
    """`is_terminal` as a filter; ``prefix`` reaches the run through a relation ("run__")."""
    status, reason = f"{prefix}status", f"{prefix}reason"
    return Q(**{status: FAILED}) | (Q(**{status: FINISHED}) & ~Q(**{reason: QUIESCENT}))


# `is_terminal` in SQL, on the run table's own columns (the statuses and reasons are literals here).
TERMINAL_SQL = f"(status = '{FAILED}' OR (status = '{FINISHED}' AND reason <> '{QUIESCENT}'))"


def can_move(status: str, reason: str, to: str) -> bool:
    return not is_terminal(status, reason) and to in TRANSITIONS[status]


def move(run: Run, to: str, reason: str = "") -> None:
    """The run's new status, in memory (the worker commits it with its next tick)."""
    if not can_move(run.status, run.reason, to):
        raise IllegalTransition(f"run {run.pk}: {run.status} ({run.reason!r}) cannot become {to}")
    run.status, run.reason = to, reason


def leave_queue(run: Run) -> None:
    """A worker took the run: a queued one starts (or waits paused, when asked to); any other keeps its status."""
    if run.status == QUEUED:
        move(run, PAUSED if run.start_paused else RUNNING)


def leave_queue_case() -> Case:
    """`leave_queue` for an UPDATE of many runs at once."""
    queued = Q(status=QUEUED)
    return Case(When(queued & Q(start_paused=True), then=Value(PAUSED)),
                When(queued, then=Value(RUNNING)), default=F("status"))


def fail(run: Run, reason: str) -> None:
    move(run, FAILED, reason[:500])


def forked() -> dict[str, Any]:
    """A fork's status at birth: paused where its original stood."""
    return {"status": PAUSED}


def end_all(runs: models.QuerySet[Any], to: str, reason: str, **fields: Any) -> int:
    """Benchmarks' clean-up: the runs end now, in one UPDATE, with no worker and no viewer told."""
    if not is_terminal(to, reason):
        raise IllegalTransition(f"{to} ({reason!r}) is not an end")
    return runs.update(status=to, reason=reason, **fields)
