"""Writes about workshops: create, join, present, ask/answer/reveal, push, lock, end, fork.

Every change is stored first and announced to the workshop's sockets after the commit
(broadcast.py); a socket that (re)connects reads the same state in its hello.
"""
from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone
from rest_framework.exceptions import PermissionDenied

from playground import languages
from playground.accounts import services as accounts
from playground.api_errors import Conflict, InvalidDocuments, field_error
from playground.lessons import selectors as lessons
from playground.runs import selectors as runs
from playground.runs import services as run_services
from playground.runs.api import Run, fork_run
from playground.scenarios.selectors import readable_scenario
from playground.workshops import broadcast, selectors
from playground.workshops.models import Answer, Participant, Question, Workshop
from playground.workshops.selectors import User

# No 0/O, 1/I/L: a code read aloud or off a projector is typed right the first time.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_NAME = 40


def bad(field: str, message: str, value: Any) -> InvalidDocuments:
    return InvalidDocuments([field_error(field, message, value=value)])


# ---- creating, and what the class looks at ----

def create_workshop(instructor: User, *, lesson: str | None = None, scenario: str | None = None,
                    title: str | None = None) -> Workshop:
    if not instructor.is_authenticated or accounts.is_guest(instructor):
        raise PermissionDenied("sign up or log in to lead a workshop (students join without an account)")
    for _ in range(10):
        code = new_code()
        try:
            with transaction.atomic():
                run, lesson_slug, scenario_slug, default_title = _start_material(instructor, code, lesson, scenario)
                return Workshop.objects.create(
                    code=code, title=(title or default_title)[:200], instructor=instructor, lesson=lesson_slug,
                    scenario_slug=scenario_slug, run=run, position=run_position(run.pk, run.lesson))
        except IntegrityError:  # the code was taken: draw another
            continue
    raise Conflict("could not draw a free workshop code; try again")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def run_position(run_id: int, lesson: str = "") -> dict[str, Any]:
    """A run shown live; a lesson's run starts at step 0 (before its first step's event)."""
    return {"view": "run", "runId": run_id, "seq": None, "step": 0 if lesson else None, "compare": None}


POOL_PREFIX = "workshop:"


def pool(code: str) -> str:
    """The workshop's own allowance of active runs, apart from its instructor's personal one."""
    return f"{POOL_PREFIX}{code}"


def _start_material(user: User, code: str, lesson: str | None, scenario: str | None) -> tuple[Run, str, str, str]:
    """The class's run of a lesson (its scenario and seed) or of any readable scenario."""
    if bool(lesson) == bool(scenario):
        raise InvalidDocuments([field_error("lesson", "give exactly one of lesson or scenario", value=lesson),
                                field_error("scenario", "give exactly one of lesson or scenario", value=scenario)])
    allowance = run_services.pool_allowance(pool(code), "lesson" if lesson else "scenario")
    if lesson:
        found = _lesson(lesson)
        slug = lessons.scenario_slug(found, found.main)
        run = run_services.start_run(user, readable_scenario(user, slug), found.main.seed, paused=True,
                                     lesson=found.slug, allowance=allowance)
        return run, found.slug, slug, f"Lesson {found.number}: {found.title}"
    assert scenario is not None
    chosen = readable_scenario(user, scenario)
    return run_services.start_run(user, chosen, allowance=allowance), "", chosen.slug, chosen.title


def _lesson(slug: str) -> Any:
    try:
        return lessons.lesson_by_slug(slug)
    except Exception as exc:
        raise bad("lesson", f"no lesson {slug!r}", slug) from exc


def _instructor_only(user: User, workshop: Workshop) -> None:
    if not selectors.is_instructor(user, workshop):
        raise PermissionDenied(f"only the instructor of workshop {workshop.code} can do that")


def _open_only(workshop: Workshop) -> None:
    if workshop.status != Workshop.Status.OPEN:
        raise Conflict(f"workshop {workshop.code} has ended")


def _changed(workshop: Workshop) -> None:
    broadcast.send_on_commit(broadcast.everyone(workshop.pk),
                             {"type": "workshop", "workshop": selectors.workshop_view(workshop)})


def push(workshop: Workshop, user: User, *, lesson: str | None = None, scenario: str | None = None,
         compare: Any = None) -> Workshop:
    """Put a new lesson/scenario (a fresh class run) or a comparison on every following screen.
    New material starts fresh questions; the class's previous run is stopped (kept for replay)."""
    _instructor_only(user, workshop)
    _open_only(workshop)
    if compare is not None:
        position = {**workshop.position, "view": "compare", "compare": _compare_pair(user, compare)}
        return _store_position(workshop, position)
    with transaction.atomic():
        locked = Workshop.objects.select_for_update().select_related("instructor").get(pk=workshop.pk)
        _stop_class_runs(locked, user)
        run, lesson_slug, scenario_slug, title = _start_material(user, locked.code, lesson, scenario)
        locked.run, locked.lesson, locked.scenario_slug, locked.push = run, lesson_slug, scenario_slug, locked.push + 1
        locked.title, locked.position = title[:200], run_position(run.pk, lesson_slug)
        locked.save(update_fields=["run", "lesson", "scenario_slug", "title", "position", "push"])
        _changed(locked)
    return locked


def _stop_class_runs(workshop: Workshop, user: User) -> None:
    """The run the class was shown (and the workshop's run, if a restart replaced it there)."""
    ids = {workshop.run_id, (workshop.position or {}).get("runId")} - {None}
    for run in runs.runs_owned_by(workshop.instructor_id, ids):
        run_services.stop_run(run, user)


def _compare_pair(user: User, compare: Any) -> dict[str, int]:
    if not isinstance(compare, dict):
        raise bad("compare", 'must be {"a": <run id>, "b": <run id>}', compare)
    pair = {}
    for side in ("a", "b"):
        value = compare.get(side)
        if isinstance(value, bool) or not isinstance(value, int) or runs.run_for_watcher(user, value) is None:
            raise bad(f"compare.{side}", "must be the id of a run you can see", value)
        pair[side] = value
    return pair


def publish_position(workshop: Workshop, user: User, body: Any) -> dict[str, Any]:
    """The instructor's screen moved (run, seq, lesson step, or a comparison): store it, fan it out.
    The step is read under the workshop's row lock, which ``class_run_stepped`` takes too: a step
    the run's events move to while a live position is stored here is then told after it."""
    _instructor_only(user, workshop)
    _open_only(workshop)
    with transaction.atomic():
        Workshop.objects.select_for_update().filter(pk=workshop.pk).first()
        return _store_position(workshop, _position(user, body)).position


def _position(user: User, body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise bad("position", "must be an object", body)
    run_id, seq = body.get("runId"), body.get("seq")
    run = runs.run_for_watcher(user, run_id) if not isinstance(run_id, bool) and isinstance(run_id, int) else None
    if run is None:
        raise bad("position.runId", "must be the id of a run you can see", run_id)
    if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int) or seq < 0):
        raise bad("position.seq", "must be null or an integer ≥ 0", seq)
    compare = _compare_pair(user, body["compare"]) if body.get("compare") is not None else None
    view = "compare" if compare else "run"
    return {"view": view, "runId": run_id, "seq": seq, "step": selectors.lesson_step(run, seq), "compare": compare}


def _store_position(workshop: Workshop, position: dict[str, Any]) -> Workshop:
    Workshop.objects.filter(pk=workshop.pk).update(position=position)
    workshop.position = position
    broadcast.send_on_commit(broadcast.everyone(workshop.pk), {"type": "position", "position": position})
    return workshop


def class_run_stepped(run_id: int, step: int) -> None:
    """The run's events moved its lesson step (the engine holding it read them, live.py): each
    open workshop whose class follows that run live stores the step and tells everyone in it
    (instructor, projector, students) once; a class held at an event, or already told, hears nothing."""
    with transaction.atomic():
        following = Workshop.objects.select_for_update().filter(
            status=Workshop.Status.OPEN, position__view="run", position__runId=run_id, position__seq=None,
        ).exclude(position__step=step).only("pk", "position")
        for workshop in following:
            workshop.position = {**workshop.position, "step": step}
            workshop.save(update_fields=["position"])
            broadcast.send_on_commit(broadcast.everyone(workshop.pk),
                                     {"type": "classStep", "runId": run_id, "step": step})


def set_locked(workshop: Workshop, user: User, locked: bool) -> Workshop:
    """Locked: every student follows the class; "try it myself" is refused until unlocked."""
    _instructor_only(user, workshop)
    _open_only(workshop)
    with transaction.atomic():
        workshop.locked = locked
        workshop.save(update_fields=["locked"])
        if locked:
            Participant.objects.filter(workshop=workshop).update(mode=Participant.Mode.FOLLOWING)
            _roster_changed(workshop)
        _changed(workshop)
    return workshop


def end_workshop(workshop: Workshop, user: User) -> Workshop:
    _instructor_only(user, workshop)
    _open_only(workshop)
    with transaction.atomic():
        workshop.status, workshop.ended_at = Workshop.Status.ENDED, timezone.now()
        workshop.save(update_fields=["status", "ended_at"])
        _changed(workshop)
    return workshop


# ---- students ----

def join(request: HttpRequest, current: User, workshop: Workshop, name: Any, language: str | None = None) -> Participant:
    """A display name is all it takes: an anonymous browser becomes a guest user (no sign-up).
    ``language`` (validated): their question prompts' language; None: their profile's, else English.
    Joining again may change the name and the language."""
    _open_only(workshop)
    clean = name.strip() if isinstance(name, str) else ""
    if not clean or len(clean) > MAX_NAME:
        raise bad("name", f"must be 1 to {MAX_NAME} characters", name)
    if selectors.is_instructor(current, workshop):
        raise bad("name", "you lead this workshop: open its dashboard instead", name)
    _name_free(workshop, current, clean)
    user = current if current.is_authenticated else accounts.become_guest(request)
    try:
        with transaction.atomic():
            first = language or languages.chosen_by(user) or languages.ENGLISH
            participant, created = Participant.objects.get_or_create(workshop=workshop, user=user,
                                                                     defaults={"name": clean, "language": first})
            chosen = language or participant.language
            if not created and (participant.name, participant.language) != (clean, chosen):
                participant.name, participant.language = clean, chosen
                participant.save(update_fields=["name", "language", "last_seen_at"])
            _roster_changed(workshop)
    except IntegrityError as exc:  # the same name joined at the same moment
        raise _name_taken(clean) from exc
    return participant


def _name_free(workshop: Workshop, current: User, name: str) -> None:
    """Two students called the same are one in the roster and the export: the second picks another."""
    taken = Participant.objects.filter(workshop=workshop, name__iexact=name)
    if current.is_authenticated:
        taken = taken.exclude(user_id=current.pk)
    if taken.exists():
        raise _name_taken(name)


def _name_taken(name: str) -> InvalidDocuments:
    return bad("name", f"{name!r} is taken in this workshop: add an initial or a number", name)


def _roster_changed(workshop: Workshop) -> None:
    transaction.on_commit(lambda: broadcast.send(broadcast.host(workshop.pk),
                                                 {"type": "roster", "roster": selectors.roster(workshop)}))


def connected(participant: Participant, delta: int) -> None:
    """A student's socket opened (+1) or closed (-1): the roster shows who is there."""
    with transaction.atomic():
        Participant.objects.filter(pk=participant.pk).update(connections=F("connections") + delta,
                                                             last_seen_at=timezone.now())
        if delta < 0:
            Participant.objects.filter(pk=participant.pk, connections__lt=0).update(connections=0)
        _roster_changed(participant.workshop)


def report_step(participant: Participant, step: Any) -> None:
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or step < 0):
        raise bad("step", "must be null or an integer ≥ 0", step)
    with transaction.atomic():
        Participant.objects.filter(pk=participant.pk).update(step=step, last_seen_at=timezone.now())
        _roster_changed(participant.workshop)


def try_it_myself(participant: Participant) -> Run:
    """The student's own run, forked from where the instructor's screen is now."""
    workshop = participant.workshop
    _open_only(workshop)
    if workshop.locked:
        raise Conflict("the instructor has locked the class: everyone follows for now")
    position = workshop.position or {}
    original = runs.run_by_id(position.get("runId"))
    if original is None:
        raise Conflict("the instructor is not showing a run right now")
    seq = position.get("seq") or original.last_seq
    if seq < 1:
        raise Conflict("the instructor's run has not produced anything yet; try again in a moment")
    with transaction.atomic():
        fork = fork_run(participant.user, original, min(seq, original.last_seq))
        Participant.objects.filter(pk=participant.pk).update(mode=Participant.Mode.OWN, own_run=fork)
        _roster_changed(workshop)
    return fork


def back_to_class(participant: Participant) -> None:
    with transaction.atomic():
        Participant.objects.filter(pk=participant.pk).update(mode=Participant.Mode.FOLLOWING)
        _roster_changed(participant.workshop)


# ---- predictions ----

def ask(workshop: Workshop, user: User, key: Any) -> Question:
    """Put one of the lesson's predict-then-reveal questions to the class (once per push)."""
    _instructor_only(user, workshop)
    _open_only(workshop)
    found = next((q for q in _lesson_questions(workshop) if q.id == key), None)
    if found is None:
        raise bad("question", f"the lesson {workshop.lesson or '(none)'} has no question {key!r}", key)
    with transaction.atomic():
        question, _ = Question.objects.get_or_create(workshop=workshop, push=workshop.push, key=found.id, defaults={
            "lesson": workshop.lesson, "prompt": found.prompt, "kind": found.kind, "answer": found.answer,
            "explanation": found.explanation})
        _question_changed(workshop, question)
    return question


def _lesson_questions(workshop: Workshop) -> tuple[Any, ...]:
    return _lesson(workshop.lesson).main.questions if workshop.lesson else ()


def _asked(workshop_id: int, key: Any) -> Question:
    """The question ``key`` asked of the workshop's current material (an earlier push's is closed)."""
    question = Question.objects.select_related("workshop").filter(
        workshop_id=workshop_id, push=F("workshop__push"), key=key).first() if isinstance(key, str) else None
    if question is None:  # on REST the key is the URL's: a 404 (still naming the field, for the socket)
        raise InvalidDocuments([field_error("question", "no such question has been asked in this workshop",
                                            value=key)], status_code=404)
    return question


def answer(participant: Participant, key: Any, choice: Any) -> Answer:
    question = _asked(participant.workshop_id, key)
    workshop = question.workshop  # as stored now (a socket's participant was read when it connected)
    _open_only(workshop)
    if question.revealed_at is not None:
        raise Conflict("the answer has been revealed: predictions are closed")
    if not isinstance(choice, str) or not choice.strip() or len(choice) > 300:
        raise bad("choice", f"must be a {question.kind} name (1 to 300 characters)", choice)
    with transaction.atomic():
        # A class answers at once, side by side: one question's answers are stored one at a time
        # and each tally is read before the next answer is, so the tallies sent count up in order
        # (read after the commits, two could see each other's answers and arrive the other way round:
        # the instructor's screen then kept the smaller one).
        Question.objects.select_for_update().filter(pk=question.pk).first()
        stored, _ = Answer.objects.update_or_create(question=question, participant=participant,
                                                    defaults={"choice": choice.strip()})
        # One message to the instructor: the new tally, and whose answer it was (for the roster).
        answered = {"participant": participant.pk, "choice": stored.choice}
        _question_changed(workshop, question, everyone=False, answered=answered,
                          host_view=selectors.question_view(question, host=True))
    return stored


def reveal(workshop: Workshop, user: User, key: Any) -> Question:
    _instructor_only(user, workshop)
    question = _asked(workshop.pk, key)
    with transaction.atomic():
        if question.revealed_at is None:
            question.revealed_at = timezone.now()
            question.save(update_fields=["revealed_at"])
        _question_changed(workshop, question)
    return question


def _question_changed(workshop: Workshop, question: Question, everyone: bool = True,
                      answered: dict[str, Any] | None = None, host_view: dict[str, Any] | None = None) -> None:
    """The host always gets the tally; students hear of asking and revealing (never of others' answers).
    ``host_view``: the question as the host sees it, read already (else read after the commit)."""
    def send() -> None:
        broadcast.send(broadcast.host(workshop.pk), {
            "type": "question", "question": host_view or selectors.question_view(question, host=True),
            "answered": answered})
        if everyone:
            broadcast.send(broadcast.students(workshop.pk),
                           {"type": "question", "question": selectors.question_view(question, host=False)})

    transaction.on_commit(send)
