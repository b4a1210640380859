"""Writes about runs from the API side (REST views and WebSocket consumers): start, submit, restart.

The worker's writes are in leases.py (fenced by its lease), recovery in recovery.py. Nothing
here imports the worker: a run reaches a worker through its doorbell task, sent by name.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Max, Q
from django.utils import timezone
from rest_framework.exceptions import PermissionDenied

from playground.api_errors import Conflict, InvalidDocuments, field_error
from playground.jsontext import encode_json
from playground.lessons import selectors as lessons
from playground.lessons.api import timed_commands
from playground.prepared import PreparedInsert
from playground.runs import bus, command_bodies, conf, leases, recovery, selectors
from playground.runs.models import Run, RunCommand
from playground.runs.selectors import User
from playground.scenarios.api import Scenario, check_command_quota, check_run_quota


@dataclass(frozen=True)
class Allowance:
    """What a new run counts against: its owner's own active runs (pool "") or a shared pool's, such
    as a workshop's (the class run, a comparison, a branch), which the owner's own runs never fill.
    ``field`` names the request field a refusal is about (a lesson push is not a "scenario")."""

    pool: str = ""
    limit: int = conf.MAX_ACTIVE_PER_OWNER
    field: str = "scenario"
    holder: str = "you already have"


PERSONAL = Allowance()


class TooManyRuns(InvalidDocuments):
    """429 in the common envelope, naming the runs that hold the slots and how to stop one; DRF adds
    Retry-After from `wait`."""

    def __init__(self, allowance: Allowance, holding: list[int]) -> None:
        named = ", ".join(str(pk) for pk in holding)
        super().__init__([field_error(allowance.field, (
            f"{allowance.holder} {len(holding)} active runs (limit {allowance.limit}): runs {named}; stop one first "
            f'(POST /api/runs/<id>/commands/ {{"type": "stop"}})'), value=len(holding), runs=holding)],
            status_code=429)
        self.wait = conf.RETRY_AFTER_SECONDS


def start_run(user: User, scenario: Any, seed: Any = None, speed: Any = None, *,
              paused: bool | None = None, lesson: str | None = None, allowance: Allowance = PERSONAL) -> Run:
    """``lesson``: freeze that lesson's timed commands into the run; a lesson's run starts paused
    at t=0 (after its cluster.snapshot) unless ``paused`` is False."""
    run_settings = dict(scenario.settings or {})
    seed = run_settings.get("seed", 0) if seed is None else seed
    speed = run_settings.get("speed", 1) if speed is None else speed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidDocuments([field_error("seed", "must be an integer", value=seed)])
    speed = command_bodies.normalise({"type": "speed", "speed": speed})["speed"]
    timed = lesson_timed_commands(lesson, scenario.slug) if lesson else []
    paused = bool(lesson) if paused is None else paused
    # The owner's row lock, count and storage quota, then the INSERT, in one transaction. A guest
    # made by this very request has no runs to count and stores nothing, and one INSERT is atomic
    # by itself: no BEGIN and COMMIT round trips for a class's first clicks.
    with nullcontext() if is_new_guest(user) else transaction.atomic():
        _check_owner_limit(user, allowance=allowance)
        check_storage(user, allowance, scenario=scenario.pk)
        run = Run(scenario=scenario, scenario_slug=scenario.slug, owner=user, seed=seed, speed=speed,
                  documents=[], settings=run_settings, start_paused=paused,
                  lesson=lesson or "", timed_commands=timed, pool=allowance.pool)
        _queue_new(run, scenario)
    return run


def is_new_guest(user: User) -> bool:
    return bool(getattr(user, "is_new_guest", False))


def _check_owner_limit(user: User, excluding: Run | None = None, allowance: Allowance = PERSONAL) -> None:
    """Inside the start's transaction; the owner's row lock makes two starts at once count right.
    A guest made by this very request (its first write) has no runs to count."""
    if is_new_guest(user) and excluding is None:
        return
    lock_owner(user)
    holding = active_runs(user, excluding, allowance.pool)
    if len(holding) >= allowance.limit:
        raise TooManyRuns(allowance, holding)


def lock_owner(user: User) -> None:
    """The owner's row lock: two starts (or forks) at once by one owner count their runs and bytes right."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()


def check_storage(user: User, allowance: Allowance, *, scenario: int | None = None, run: int | None = None,
                  events_upto: int | None = None) -> None:
    """413 if the new run's copy of `scenario`'s objects (or of `run`'s documents, and a fork's of its
    events up to `events_upto`) would take its owner beyond their storage quota; after the owner's row
    lock. A workshop's pool covers its runs, and a guest made by this very request stores nothing yet (quotas.py)."""
    if allowance.pool or is_new_guest(user):
        return
    check_run_quota(user, allowance.field, scenario=scenario, run=run, events_upto=events_upto)


# The commands that bring a run to rest: never refused for the owner's storage (they log next to nothing).
UNMETERED = ("stop", "pause")


def check_command_storage(run: Run, payload: dict[str, Any]) -> None:
    """413 if the run's owner already stores their quota: the command (recorded) and what it makes
    (logged) would store more. A workshop's pool, and an open workshop's class, are covered (quotas.py)."""
    if run.pool or payload["type"] in UNMETERED:
        return
    check_command_quota(run.owner_id, "type", len(encode_json(payload)))


def active_runs(user: User, excluding: Run | None = None, pool: str = "") -> list[int]:
    """The ids of the owner's runs in ``pool`` that are queued, running, settled, or paused with a
    lease (held in a worker's memory), and not being stopped, oldest first."""
    busy = Q(status__in=[Run.Status.QUEUED, Run.Status.RUNNING, Run.Status.SETTLED])
    held = Q(status=Run.Status.PAUSED, lease_expires_at__gt=timezone.now()) & ~Q(lease_token="")
    stopping = Q(commands__type="stop", commands__status=RunCommand.Status.PENDING)  # on its way out
    runs = Run.objects.filter(busy | held, owner_id=user.pk, pool=pool).exclude(stopping)
    runs = runs.exclude(pk=excluding.pk) if excluding is not None else runs
    return list(runs.order_by("id").values_list("id", flat=True))


def _queue_new(run: Run, scenario: Any = None) -> None:
    """Saved queued, in the caller's transaction; with ``scenario``, its objects become the run's
    documents inside the database, in the INSERT (a big cluster's megabytes are not decoded and
    re-encoded). The runs queued before it are counted in the same statement (its view's queue
    position), and the statement is built once (playground/prepared.py)."""
    run.lease_token, run.lease_expires_at = leases.QUEUED_LEASE, recovery.queue_grace()
    if scenario is not None:
        run.bulk = sum((scenario.counts or {}).values()) >= conf.BULK_MIN_OBJECTS
        _, ahead = _insert_from_scenario.save(run, scenario.pk, Run.Status.QUEUED)
        del run.documents  # deferred: read from the row if anybody asks
    else:
        _, ahead = _insert.save(run, Run.Status.QUEUED)
    run.queued_ahead = ahead  # for selectors.queue_position: the run was just made queued
    run.restarted_as_pk = None  # for selectors.run_view: nothing restarted a run just made
    transaction.on_commit(lambda: bus.announce_run(run.pk, run.bulk))


def _run_inserts() -> tuple[PreparedInsert[Run], PreparedInsert[Run]]:
    """A run's INSERT (a restart's: documents from the run it restarts) and a start's (documents from
    the scenario's row), each returning the new id and how many queued runs are older."""
    runs, quote = Run._meta.db_table, connection.ops.quote_name
    then = f"SELECT new.id, (SELECT COUNT(*) FROM {quote(runs)} WHERE status = %s AND id < new.id) FROM new"
    documents = (f"(SELECT {quote(Scenario._meta.get_field('manifests').column)} "
                 f"FROM {quote(Scenario._meta.db_table)} WHERE id = %s)")
    return PreparedInsert(Run, then=then), PreparedInsert(Run, {"documents": documents}, then=then)


_insert, _insert_from_scenario = _run_inserts()


def submit(run: Run, user: User, body: Any) -> RunCommand | Run:
    """A command from REST or WebSocket: a RunCommand for the worker, or the new run of a restart."""
    if isinstance(body, dict) and body.get("type") == "restart":
        return restart_run(run, user)
    return submit_command(run, user, body)


def lesson_timed_commands(slug: str, scenario_slug: str) -> list[dict[str, Any]]:
    """The timed commands of the lesson (variant) whose scenario is ``scenario_slug``."""
    lesson = lessons.find_lesson(slug)
    if lesson is None:
        raise InvalidDocuments([field_error("lesson", "no such lesson", value=slug)])
    for variant in lesson.variants:
        if lessons.scenario_slug(lesson, variant) == scenario_slug:
            return timed_commands(variant)
    expected = ", ".join(lessons.scenario_slug(lesson, v) for v in lesson.variants)
    raise InvalidDocuments([field_error(
        "lesson", f"lesson {slug!r} runs scenario {expected}, not {scenario_slug!r}", value=slug)])


def checked_payload(run: Run, user: User, body: Any) -> dict[str, Any]:
    """Who may, and the command's shape: what a command and its preview are refused for before the run is asked."""
    if not selectors.can_control(user, run):
        raise PermissionDenied(f"only the owner of run {run.pk} can control it")
    payload = command_bodies.normalise(body)
    if payload["type"] == "restart":
        raise InvalidDocuments([field_error("type", "restart is answered by restart_run", value="restart")])
    return payload


def submit_command(run: Run, user: User, body: Any) -> RunCommand:
    payload = checked_payload(run, user, body)
    with transaction.atomic():
        # The last seq is read after the lock, in a statement of its own: a subquery of the locking
        # statement sees the database as it was before the wait (tests/integration/test_commands_live.py).
        locked = Run.objects.select_for_update().only(
            "status", "reason", "lease_token", "lease_expires_at", "bulk", "pool", "owner_id").get(pk=run.pk)
        check_accepts(locked, payload)  # under the lock: the status a concurrent stop left
        check_command_storage(locked, payload)
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
        allowance = pool_allowance(locked.pool)
        _check_owner_limit(locked.owner, locked, allowance)
        check_storage(locked.owner, allowance, run=locked.pk)
        fresh = Run(scenario=locked.scenario, scenario_slug=locked.scenario_slug, owner=locked.owner,
                    seed=locked.seed, speed=locked.speed, documents=locked.documents, settings=locked.settings,
                    lesson=locked.lesson, timed_commands=locked.timed_commands,
                    start_paused=bool(locked.lesson), restart_of=locked, bulk=locked.bulk, pool=locked.pool)
        _queue_new(fresh)
        if not locked.is_terminal:
            _record(locked, user, {"type": "restart"})
            _ensure_worker(locked)
            transaction.on_commit(lambda: bus.wake(run.pk))
    return fresh


def pool_allowance(pool: str, field: str = "type") -> Allowance:
    """The allowance of runs started in ``pool``: the owner's own, or a shared pool's (a workshop's)."""
    if not pool:
        return Allowance(field=field)
    return Allowance(pool=pool, limit=conf.MAX_ACTIVE_PER_POOL, field=field, holder=f"{pool} already has")


def stop_run(run: Run, user: User) -> None:
    """Stop a run that is still going (a terminal run is left as it is); its events stay for replay."""
    if not run.is_terminal:
        submit_command(run, user, {"type": "stop"})


def delete_run(run: Run, user: User) -> None:
    """The owner's run gone with its events, states and commands: its bytes leave the owner's storage
    quota. One a workshop in progress uses (its class run, a student's own try) stays until it ends.
    A worker executing it lets go at its next commit (its lease's fence finds no row); its viewers'
    sockets close as for a run that does not exist (4404)."""
    if not selectors.can_control(user, run):
        raise PermissionDenied(f"only the owner of run {run.pk} can delete it")
    workshop = selectors.open_workshop_using(run.pk)
    if workshop is not None:
        raise Conflict(f"run {run.pk} is part of workshop {workshop}, which is in progress; end the workshop first")
    with transaction.atomic():
        Run.objects.filter(pk=run.pk).only("pk").delete()  # its events and commands by run id: none is loaded
        transaction.on_commit(lambda: bus.publish_once(run.pk, bus.gone_message()))
        transaction.on_commit(lambda: bus.wake(run.pk))


def check_accepts(run: Run, payload: dict[str, Any]) -> None:
    """Whether the run takes the command now (a stopped or failed run takes none)."""
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
    """The next command of the run; the caller holds the run's row lock."""
    last = RunCommand.objects.filter(run=run).aggregate(m=Max("seq"))["m"] or 0
    author = user if getattr(user, "is_authenticated", False) else None
    return RunCommand.objects.create(run=run, seq=last + 1, type=payload["type"], payload=payload, author=author)


def _ensure_worker(run: Run) -> None:
    """Inside the run's row lock: a command for a run nobody executes queues a worker."""
    if not selectors.has_live_lease(run):
        recovery.queue_on_commit(run)


@contextmanager
def verdict_listener(run_id: int) -> Iterator[Callable[..., RunCommand]]:
    """Listen *before* submitting: the verdict of a command submitted inside cannot be missed, so
    the database is read when it is announced (no look before the worker can have answered)."""
    with bus.verdicts(run_id) as heard:
        def wait(command: RunCommand, timeout: float = conf.COMMAND_REPLY_SECONDS) -> RunCommand:
            return _wait_for_verdict(command, heard, timeout, look_first=False)

        yield wait


def await_command(command: RunCommand, timeout: float = conf.COMMAND_REPLY_SECONDS) -> RunCommand:
    """The worker applies a command within milliseconds and announces its verdict on Redis; wait
    for it a little. The database is looked at when the announcement comes (and every
    VERDICT_RECHECK_SECONDS should one be lost), not polled by 40 waiting students."""
    with bus.verdicts(command.run_id) as heard:
        return _wait_for_verdict(command, heard, timeout, look_first=True)


def _wait_for_verdict(command: RunCommand, heard: Callable[[float], bool], timeout: float,
                      look_first: bool) -> RunCommand:
    deadline = time.monotonic() + timeout
    if not look_first:
        heard(min(timeout, conf.VERDICT_RECHECK_SECONDS))
    while True:
        command.refresh_verdict()
        left = deadline - time.monotonic()
        if command.status != RunCommand.Status.PENDING or left <= 0:
            return command
        heard(min(left, conf.VERDICT_RECHECK_SECONDS))


@dataclass(frozen=True)
class PodPhase:
    """A condition to wait for: the pod ``key`` (``<namespace>/<name>``) in ``phase``."""

    key: str
    phase: str


@dataclass(frozen=True)
class Waited:
    run: Run
    settled: bool
    met: bool  # the run settled, or (waiting for a PodPhase) the pod is in that phase
    pod: dict[str, Any] | None = None  # the pod's view (docs/events.md PodView) when waiting for a PodPhase


def await_run(run: Run, timeout: float, condition: PodPhase | None = None) -> Waited:
    """Until the run has settled, or ``condition`` holds, or ``timeout`` seconds have passed. A
    settled run stops a wait for a condition too: nothing changes it without somebody's command."""
    deadline = time.monotonic() + timeout
    follower = selectors.StateFollower(run.pk) if condition is not None else None
    while True:
        recovery.recover_stale_runs_throttled()
        run.refresh_from_db()
        settled = selectors.is_settled(run)
        if condition is None or follower is None:
            waited = Waited(run, settled, met=settled)
        else:
            pod = follower.pod(condition.key, run.last_seq)
            waited = Waited(run, settled, met=pod is not None and pod["phase"] == condition.phase, pod=pod)
        if waited.met or settled or time.monotonic() >= deadline:
            return waited
        time.sleep(0.1)
