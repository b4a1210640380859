"""Reads about runs: who may see or control one, its events, its state at any seq."""
from __future__ import annotations

import time
from collections.abc import Collection, Iterable, Iterator
from typing import Any, TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection
from django.db.models import OuterRef, QuerySet, Subquery, TextField
from django.db.models.functions import Cast
from django.utils import timezone

from playground.prepared import AN_ID, Placeholder, Prepared
from playground.runs.models import Run, RunCommand, RunEvent, RunState
from playground.scenarios import selectors as scenarios
from playground.scenarios.api import Scenario, Visibility

MAX_EVENTS_PAGE = 5000
BACKLOG_PAGE = 1000

User: TypeAlias = "AbstractBaseUser | AnonymousUser"


def _can_read_scenario(user: User, run: Run, links: Collection[str]) -> bool:
    # A deleted scenario leaves its runs visible to whoever started them (can_control).
    return run.scenario is not None and opens_runs(user, run.scenario, links)


def opens_runs(user: User, scenario: Scenario, links: Collection[str] = ()) -> bool:
    """Whether everyone's runs of this scenario are open to the user: all of a public one's; of an
    unlisted one only to its owner, to whoever holds its link (`links`, scenarios.links) and to a
    workshop on it. Run ids are sequential, so a run id is no link: without the scenario's link
    nobody learns anything of an unlisted scenario from its runs."""
    if scenario.visibility == Visibility.PUBLIC or scenarios.can_edit(user, scenario):
        return True
    if scenario.visibility != Visibility.UNLISTED:
        return False
    from playground.workshops.selectors import shows_scenario_to  # workshops read runs: imported late

    return scenario.slug in links or shows_scenario_to(user, scenario.slug)


def open_workshop_using(run_id: int) -> str | None:
    """The code of the workshop in progress whose class run, or a student's own try, this run is."""
    from playground.workshops.selectors import open_workshop_code_of_run  # workshops read runs: imported late

    return open_workshop_code_of_run(run_id)


def can_watch(user: User, run: Run, links: Collection[str] = ()) -> bool:
    return can_control(user, run) or _can_read_scenario(user, run, links)


def can_control(user: User, run: Run) -> bool:
    # A workshop instructor will be allowed here too (lessons app).
    return bool(user.is_authenticated and run.owner_id == user.pk)


# A run's and its scenario's manifests are megabytes for a big cluster, and a class opening one
# run's socket at once decoded them once per viewer: they load only when something reads them.
HEAVY_FIELDS = ("documents", "timed_commands", "scenario__manifests", "scenario__ignored")


def viewable(runs: QuerySet[Run]) -> QuerySet[Run]:
    """What `run_view` shows, in the same query: the run that restarted it (else one query more)."""
    restarts = Run.objects.filter(restart_of_id=OuterRef("pk")).values("pk")[:1]
    return runs.select_related("owner__profile").annotate(restarted_as_pk=Subquery(restarts))


# Every WebSocket opening and REST read of a run: its SQL built once (playground/prepared.py).
_watched_run: Prepared[Run] = Prepared(
    lambda pk: viewable(Run.objects.select_related("scenario").defer(*HEAVY_FIELDS)).filter(pk=pk)[:1],
    Placeholder(AN_ID))


def run_for_watcher(user: User, run_id: int, links: Collection[str] = ()) -> Run | None:
    """The run, or None when it does not exist or the user may not watch it: the two look alike.
    A run whose old event log was dropped has it regenerated first (playground/runs/logs.py)."""
    from playground.runs import logs  # logs replays through selectors: imported late

    run = _watched_run.first(run_id)
    if run is None or not can_watch(user, run, links):
        return None
    logs.restore(run)
    return run


# What the worker changes in a run's row that `run_view` shows (the rest is fixed at its start).
LIVE_FIELDS = ("status", "reason", "speed", "time", "clock_wall", "last_seq")


def refresh_live(run: Run) -> Run:
    """A run read a moment ago (`run_for_watcher`), brought up to date after a command: one
    narrow query instead of the whole row and its joins again."""
    for name, value in zip(LIVE_FIELDS, Run.objects.filter(pk=run.pk).values_list(*LIVE_FIELDS).get()):
        setattr(run, name, value)
    return run


def runs_of_scenario(user: User, scenario: Scenario | None, slug: str) -> QuerySet[Run]:
    """Naming the slug is holding the link: everyone's runs unless the scenario is private (or gone)."""
    runs = Run.objects.select_related("scenario", "owner__profile").filter(scenario_slug=slug)
    return runs if scenario is not None and opens_runs(user, scenario, {slug}) else runs.filter(owner_id=user.pk or -1)


def run_view(run: Run, user: User | None = None) -> dict[str, Any]:
    """``run`` from `viewable` (or a run just created: ``restarted_as_pk = None``) costs no query
    while it is not queued."""
    if hasattr(run, "restarted_as_pk"):
        restarted_as = run.restarted_as_pk
    else:
        restarted_as = Run.objects.filter(restart_of_id=run.pk).values_list("pk", flat=True).first()
    position = queue_position(run)
    return {
        "id": run.pk,
        "scenario": run.scenario_slug,
        "status": run.status,
        "reason": run.reason if position is None else waiting_reason(position),
        "speed": run.speed,
        "seed": run.seed,
        "time": round(run.time, 3),
        "lastSeq": run.last_seq,
        "createdAt": run.created_at.isoformat().replace("+00:00", "Z") if run.created_at else None,
        "canControl": can_control(user, run) if user is not None else False,
        "owner": _owner_view(run),
        "restartedAs": restarted_as,
        "restartOf": run.restart_of_id,
        "lesson": run.lesson or None,
        "clock": clock_view(run),
        "serverTime": time.time(),
        "queuePosition": position,
    }


def clock_view(run: Run) -> dict[str, Any]:
    """The anchor of the run's virtual clock: `time` held at wall time `wallTime` (docs/runs.md)."""
    wall = run.clock_wall if run.clock_wall is not None else time.time()
    running = run.status == Run.Status.RUNNING and run.clock_wall is not None
    return {"time": round(run.time, 3), "wallTime": wall, "speed": run.speed, "running": running}


def virtual_now(run: Run, wall: float) -> float:
    """The run's virtual time at Unix time `wall`, from its clock's anchor (clock_view)."""
    if run.status != Run.Status.RUNNING or run.clock_wall is None or run.speed <= 0:
        return float(run.time)
    return float(run.time) + max(0.0, wall - run.clock_wall) * run.speed


def queue_position(run: Run) -> int | None:
    """1-based among queued runs, oldest first; None unless the run is queued. A run just started
    was counted in its INSERT (services._queue_new: ``queued_ahead``)."""
    if run.status != Run.Status.QUEUED or run.pk is None:
        return None
    ahead = getattr(run, "queued_ahead", None)
    if ahead is None:
        with connection.cursor() as cursor:  # plain SQL, no query to compile
            cursor.execute(f"SELECT COUNT(*) FROM {Run._meta.db_table} WHERE status = %s AND id < %s",
                           [Run.Status.QUEUED, run.pk])
            ahead = cursor.fetchone()[0]
    return int(ahead) + 1


def waiting_reason(position: int) -> str:
    ahead = position - 1
    return f"waiting for a worker: {ahead} run{'s' if ahead != 1 else ''} ahead"


def _owner_view(run: Run) -> dict[str, Any]:
    profile = getattr(run.owner, "profile", None)
    return {"username": run.owner.get_username(), "isGuest": bool(getattr(profile, "is_guest", False))}


def events_after(run_id: int, after: int, limit: int = MAX_EVENTS_PAGE) -> list[dict[str, Any]]:
    rows = RunEvent.objects.filter(run_id=run_id, seq__gt=after).order_by("seq")[: min(limit, MAX_EVENTS_PAGE)]
    return [data for data in rows.values_list("data", flat=True)]


def iter_events(run_id: int, after: int = 0, upto: int | None = None, page: int = BACKLOG_PAGE,
                kinds: Iterable[str] | None = None) -> Iterator[list[dict[str, Any]]]:
    while True:
        rows = RunEvent.objects.filter(run_id=run_id, seq__gt=after).order_by("seq")
        if upto is not None:
            rows = rows.filter(seq__lte=upto)
        if kinds is not None:
            rows = rows.filter(kind__in=list(kinds))
        batch = list(rows.values_list("data", flat=True)[:page])
        if batch:
            yield batch
        if len(batch) < page:  # the last page: no query to find it empty
            return
        after = batch[-1]["seq"]


def state_at(run_id: int, seq: int | None) -> dict[str, Any] | None:
    """Fold the stored events up to seq onto the nearest stored state (None: nothing stored yet).

    Only the kinds that change more than the clock are read (the cycles' traces are most of a
    big run's bytes); ``time`` is then the last event's, as a fold of every event gives."""
    from scheduler_core.events import FOLDED_KINDS, StateFolder

    stored = RunState.objects.filter(run_id=run_id).order_by("-seq")
    start = (stored.filter(seq__lte=seq) if seq is not None else stored).first()
    folder = StateFolder(start.state if start is not None else None, owns_events=True)  # decoded for this call
    for batch in iter_events(run_id, start.seq if start is not None else 0, seq, kinds=FOLDED_KINDS):
        for event in batch:
            folder.apply(event)
    if folder.state is None:
        if RunEvent.objects.filter(run_id=run_id).exists():
            raise ValueError(f"run {run_id}: events come before any cluster.snapshot")
        return None
    last = RunEvent.objects.filter(run_id=run_id).order_by("-seq")
    last_t = (last.filter(seq__lte=seq) if seq is not None else last).values_list("t", flat=True).first()
    if last_t is not None:
        folder.state["time"] = last_t
    return folder.state


def outcome_at(run_id: int, seq: int) -> dict[str, Any] | None:
    """The run's outcome at seq (scheduler_core.outcome): the State `state_at` folds, plus what the
    events of OUTCOME_KINDS up to seq add to it (None: nothing stored yet)."""
    from scheduler_core.outcome import OUTCOME_KINDS, OutcomeRecorder

    state = state_at(run_id, seq)
    if state is None:
        return None
    recorder = OutcomeRecorder()
    for batch in iter_events(run_id, 0, seq, kinds=OUTCOME_KINDS):
        for event in batch:
            recorder.record(event)
    return recorder.outcome(state)


def metrics_at(run_id: int, seq: int | None) -> str | None:
    """kube-scheduler's /metrics text for the run after event seq (default: the last stored); None:
    nothing stored yet. The State's counters plus the queue moves since the snapshot (scheduler_core.metrics)."""
    from scheduler_core.metrics import IncomingCounter, exposition

    state = state_at(run_id, seq)
    if state is None:
        return None
    incoming = IncomingCounter()
    for batch in iter_events(run_id, 0, seq, kinds=IncomingCounter.KINDS):
        incoming.feed(batch)
    return exposition(state, incoming.counts)


class StateFollower:
    """A run's State kept current by folding only the events stored since the last look (the
    fold of `state_at`), for a wait that looks at it every tenth of a second."""

    def __init__(self, run_id: int) -> None:
        from scheduler_core.events import StateFolder

        self.run_id = run_id
        self.folder: StateFolder | None = None
        self.seq = 0

    def pod(self, key: str, upto: int) -> dict[str, Any] | None:
        """The pod's view at seq ``upto`` (None: no such pod then, or no events yet)."""
        from scheduler_core.events import FOLDED_KINDS, StateFolder

        if self.folder is None and upto > 0:
            state = state_at(self.run_id, upto)
            self.folder = StateFolder(state, owns_events=True) if state is not None else None
        elif self.folder is not None and upto > self.seq:
            for batch in iter_events(self.run_id, self.seq, upto, kinds=FOLDED_KINDS):
                for event in batch:
                    self.folder.apply(event)
        self.seq = upto if self.folder is not None else 0
        return self.folder.pods.get(key) if self.folder is not None else None


def recorded_commands(run_id: int, before_seq: int | None = None) -> tuple[list[tuple[int, float, dict[str, Any]]], int]:
    """What a rebuild replays: the applied cluster commands as (tick, time, payload), and the seq
    of the last command the worker answered (applied or rejected). With before_seq, only those
    applied before that event (what a replay up to it needs)."""
    done = RunCommand.objects.filter(run_id=run_id).exclude(status=RunCommand.Status.PENDING).order_by("seq")
    if before_seq is not None:
        done = done.filter(after_seq__lt=before_seq)
    replayed = [(c.tick or 0, c.time or 0.0, c.payload) for c in done
                if c.status == RunCommand.Status.APPLIED and c.is_cluster]
    return replayed, max((c.seq for c in done), default=0)


def runs_with_pending_commands(run_ids: list[int]) -> set[int]:
    pending = RunCommand.objects.filter(run_id__in=run_ids, status=RunCommand.Status.PENDING)
    return set(pending.values_list("run_id", flat=True).distinct())


# The engine looks for a run's commands on every wake-up: its SQL built once (playground/prepared.py).
_pending_commands: Prepared[RunCommand] = Prepared(
    lambda run_id, after: RunCommand.objects.filter(run_id=run_id, seq__gt=after, status=RunCommand.Status.PENDING)
    .order_by("seq"), Placeholder(AN_ID), Placeholder(1_987_654_321))  # within seq's range


def pending_commands(run_id: int, after_seq: int) -> list[RunCommand]:
    return _pending_commands.all(run_id, after_seq)


def has_live_lease(run: Run) -> bool:
    return bool(run.lease_token) and run.lease_expires_at is not None and run.lease_expires_at > timezone.now()


def command_view(command: RunCommand) -> dict[str, Any]:
    return {
        "seq": command.seq,
        "type": command.type,
        "payload": command.payload,
        "status": command.status,
        "time": command.time,
        "afterSeq": command.after_seq,
        "error": command.error,
        "createdAt": command.created_at.isoformat().replace("+00:00", "Z") if command.created_at else None,
    }


def is_settled(run: Run) -> bool:
    """Nothing more will happen without somebody's command: scripts waiting on a run stop here."""
    if run.status in (Run.Status.QUEUED, Run.Status.RUNNING):
        return False
    return not RunCommand.objects.filter(run=run, status=RunCommand.Status.PENDING).exists()


def runs_of_owner(user: User) -> QuerySet[Run]:
    return Run.objects.select_related("scenario", "owner__profile").filter(owner_id=user.pk or -1)


def raw_events_page(run_id: int, after: int, upto: int, page: int = BACKLOG_PAGE) -> tuple[list[int], list[str]]:
    """Seqs and the events' JSON text as stored, for sockets that forward them without decoding."""
    rows = (RunEvent.objects.filter(run_id=run_id, seq__gt=after, seq__lte=upto).order_by("seq")
            .annotate(text=Cast("data", TextField())).values_list("seq", "text")[:page])
    seqs, texts = zip(*rows, strict=True) if rows else ((), ())
    return list(seqs), list(texts)


# ---- for the other apps (workshops, the Kubernetes API) ---------------------------------------

def run_by_id(run_id: int | None) -> Run | None:
    """Any run (its scenario loaded), or None: whether the caller may see it is the caller's check."""
    return Run.objects.select_related("scenario").filter(pk=run_id).first() if run_id is not None else None


def runs_owned_by(owner_id: int, run_ids: Collection[int]) -> QuerySet[Run]:
    return Run.objects.filter(pk__in=run_ids, owner_id=owner_id)


def run_with_owner(run_id: int) -> Run | None:
    """Any run, its scenario and owner loaded: whether the caller may see it is the caller's check."""
    return Run.objects.select_related("scenario", "owner").filter(pk=run_id).first()


def restarted_as(run_id: int) -> int | None:
    """The run that restarted this one, if any."""
    return Run.objects.filter(restart_of_id=run_id).values_list("pk", flat=True).first()


def run_clock(run_id: int) -> Run | None:
    """The run with only what its live clock needs (status, speed, time and their anchor)."""
    return Run.objects.filter(pk=run_id).only("status", "speed", "time", "clock_wall", "updated_at").first()


def event_data_upto(run_id: int, seq: int, kinds: Collection[str]) -> Iterator[Any]:
    """The stored events of these kinds up to `seq`, in order, read in chunks."""
    rows = RunEvent.objects.filter(run_id=run_id, seq__lte=seq, kind__in=kinds).order_by("seq")
    return rows.values_list("data", flat=True).iterator(chunk_size=1000)
