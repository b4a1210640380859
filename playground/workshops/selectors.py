"""Reads about workshops: who is in one and in which role, what they see, tallies, exports."""
from __future__ import annotations

import enum
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet
from rest_framework.exceptions import NotFound

from playground import reach
from playground.lessons import selectors as lessons
from playground.lessons.api import StepReader, Variant
from playground.runs import selectors as runs
from playground.runs.api import Run, restore_log
from playground.workshops.models import Answer, Participant, Question, Workshop

User: TypeAlias = "AbstractBaseUser | AnonymousUser"


class _Unread(enum.Enum):
    TOKEN = 0


UNREAD: Final = _Unread.TOKEN
Step: TypeAlias = "int | None | Literal[_Unread.TOKEN]"  # a class step, or UNREAD: read it here


def workshop_by_code(code: str) -> Workshop:
    workshop = Workshop.objects.select_related("instructor").filter(code=code.upper()).first()
    if workshop is None:
        raise NotFound(f"no workshop with code {code!r}")
    return workshop


def is_instructor(user: User, workshop: Workshop) -> bool:
    return bool(user.is_authenticated and workshop.instructor_id == user.pk)


def participant_of(user: User, workshop: Workshop) -> Participant | None:
    if not user.is_authenticated:
        return None
    return Participant.objects.filter(workshop=workshop, user_id=user.pk).first()


def _open_workshops_using(run_id: int) -> QuerySet[Workshop]:
    """Open workshops a run is part of: the one it is led in, or the one where it is a participant's own try."""
    return Workshop.objects.filter(Q(run_id=run_id) | Q(participants__own_run_id=run_id),
                                   status=Workshop.Status.OPEN).order_by("pk")


def open_workshop_of_run(run_id: int) -> int | None:
    """The open workshop a run is part of: the one it is led in, or a participant's own try in it."""
    return _open_workshops_using(run_id).values_list("pk", flat=True).first()  # type: ignore[no-any-return]


def open_workshop_code_of_run(run_id: int) -> str | None:
    """`open_workshop_of_run`'s code, for a message naming it (one query)."""
    return _open_workshops_using(run_id).values_list("code", flat=True).first()  # type: ignore[no-any-return]


def has_ended(workshop_id: int) -> bool:
    """Ended, or gone: what a credential minted in it needs to know."""
    return not Workshop.objects.filter(pk=workshop_id).exclude(status=Workshop.Status.ENDED).exists()


def shows_scenario_to(user: User, scenario_slug: str) -> bool:
    """A workshop on this scenario gave its instructor and class the link: they may watch its runs."""
    if not user.is_authenticated:
        return False
    on_it = Workshop.objects.filter(scenario_slug=scenario_slug)
    return on_it.filter(Q(instructor_id=user.pk) | Q(participants__user_id=user.pk)).exists()


def in_open_workshop(user: User) -> bool:
    """A student or instructor of a workshop in progress: the workshop covers their quotas."""
    if not user.is_authenticated:
        return False
    return open_workshops_of(user.pk).exists()


def open_workshops_of(user_id: Any) -> QuerySet[Workshop]:
    """The workshops in progress whose student or instructor is ``user_id`` (a pk, or an OuterRef to one)."""
    open_ones = Workshop.objects.filter(status=Workshop.Status.OPEN)
    return open_ones.filter(Q(instructor_id=user_id) | Q(participants__user_id=user_id))


def iso(value: Any) -> str | None:
    return value.isoformat().replace("+00:00", "Z") if value else None


def workshop_view(workshop: Workshop, step: Step = UNREAD) -> dict[str, Any]:
    """The workshop as every reader gets it (REST, hello, the socket's workshop messages); its
    position's step is the class's step (``class_step``: read at the run's latest event while the
    class follows live), never the step stored with the last published position.
    ``step``: the class step when the caller has read it already."""
    return {
        "code": workshop.code,
        "title": workshop.title,
        "instructor": workshop.instructor.get_username(),
        "lesson": workshop.lesson or None,
        "scenario": workshop.scenario_slug,
        "runId": workshop.run_id,
        "push": workshop.push,
        "position": class_position(workshop, step),
        "locked": workshop.locked,
        "status": workshop.status,
        "createdAt": iso(workshop.created_at),
        "endedAt": iso(workshop.ended_at),
        "link": f"/w/{workshop.code}",
        "joinUrl": reach.join_url(settings.JOIN_BASE_URL, workshop.code),
    }


def participant_view(participant: Participant, class_step: int | None) -> dict[str, Any]:
    """``class_step``: the class's step (``class_step``), which a following student's screen shows."""
    return {
        "id": participant.pk,
        "name": participant.name,
        "connected": participant.connections > 0,
        "mode": participant.mode,
        "ownRun": participant.own_run_id,
        "step": current_step(participant, class_step),
        "language": participant.language,
        "joinedAt": iso(participant.joined_at),
    }


def roster(workshop: Workshop, step: Step = UNREAD) -> list[dict[str, Any]]:
    """Everyone who joined, with their answers to the current material's questions and the step on
    their screen (the class's while following). ``step``: the class step, if read already."""
    at = class_step(workshop) if step is UNREAD else step
    answers: dict[int, dict[str, str]] = {}
    for participant_id, key, choice in Answer.objects.filter(
            question__workshop=workshop, question__push=workshop.push).values_list(
            "participant_id", "question__key", "choice"):
        answers.setdefault(participant_id, {})[key] = choice
    return [{**participant_view(p, at), "answers": answers.get(p.pk, {})}
            for p in Participant.objects.filter(workshop=workshop)]


def tally(question: Question) -> dict[str, Any]:
    counts = Counter(question.answers.values_list("choice", flat=True))
    return {"counts": dict(sorted(counts.items())), "answered": sum(counts.values())}


def question_view(question: Question, *, host: bool, mine: str | None = None) -> dict[str, Any]:
    """The instructor sees the tally live; students see it, and the answer, once revealed."""
    revealed = question.revealed_at is not None
    view: dict[str, Any] = {"key": question.key, "push": question.push, "lesson": question.lesson or None,
                            "prompt": question.prompt, "kind": question.kind, "revealed": revealed, "mine": mine}
    if host or revealed:
        view |= {"answer": question.answer, "explanation": question.explanation, "tally": tally(question)}
    # A lesson's question in each language it is translated into: every reader gets them all (one
    # message reaches the whole class) and shows its person's (participant_view's language).
    texts = lessons.question_translations(question.lesson, question.key)
    view["translations"] = {language: {k: v for k, v in t.items() if k == "prompt" or host or revealed}
                            for language, t in texts.items()}
    return view


def questions_for(workshop: Workshop, *, host: bool, participant: Participant | None = None) -> list[dict[str, Any]]:
    """The questions of the material on screen now (each push starts afresh)."""
    asked = Question.objects.filter(workshop=workshop, push=workshop.push)
    mine = dict(Answer.objects.filter(participant=participant, question__in=asked).values_list(
        "question__key", "choice")) if participant is not None else {}
    return [question_view(q, host=host, mine=mine.get(q.key)) for q in asked]


def hello(workshop: Workshop, user: User) -> dict[str, Any] | None:
    """The first socket message of whoever may be in the workshop; None: not in it."""
    step = class_step(workshop)
    if is_instructor(user, workshop):
        return {"type": "hello", "role": "instructor", "workshop": workshop_view(workshop, step), "me": None,
                "roster": roster(workshop, step), "questions": questions_for(workshop, host=True)}
    participant = participant_of(user, workshop)
    if participant is None:
        return None
    return {"type": "hello", "role": "student", "workshop": workshop_view(workshop, step),
            "me": participant_view(participant, step), "questions": questions_for(workshop, host=False,
                                                                                participant=participant)}


EXPORT_COLUMNS = ["name", "joined_at", "connected", "mode", "step", "lesson", "question", "prompt", "answer",
                  "correct", "correct_answer", "answered_at"]


def lesson_step(run: Run, seq: int | None) -> int | None:
    """The lesson step the class reads at event ``seq`` (None: live, the run's last event), computed
    here from the run's events so every screen shows the same one; None for a run of no lesson.
    ``run`` as just read: its ``last_seq`` says which events are stored."""
    variant = lessons.variant_of(run.lesson, run.scenario_slug)
    if variant is None:
        return None
    reader = _steps_read(run, variant, run.last_seq)
    return reader.step_at(run.last_seq if seq is None else min(seq, run.last_seq))


@dataclass
class _StepsRead:
    variant: Variant
    reader: StepReader
    upto: int  # every event up to this seq has been fed to reader


# A run's stored events never change, so what this process has read of a run's steps is kept: an
# instructor's click, a hello or a roster reads only the events stored since (none, for a class
# stepping through a finished run), not the run's log again (docs/benchmarks.md).
STEPS_KEPT: Final = 256  # runs; one forgotten is read again from the database
_steps: OrderedDict[int, _StepsRead] = OrderedDict()
_steps_lock = threading.Lock()


def _steps_read(run: Run, variant: Variant, upto: int) -> StepReader:
    """The run's steps read from every event up to ``upto`` (its stored ones: a click at any of
    them then reads nothing)."""
    with _steps_lock:
        known = _steps.get(run.pk)
        if known is not None and known.variant is variant and known.upto >= upto:
            _steps.move_to_end(run.pk)
            return known.reader
    if known is None or known.variant is not variant:  # new here, or its lesson's files changed
        known = _StepsRead(variant, StepReader([step.at for step in variant.steps]), 0)
    reader = known.reader.clone()  # fed outside the lock; another thread may hold the cached one
    _feed_stored(run, reader, known.upto, upto)
    with _steps_lock:
        if run.pk not in _steps or _steps[run.pk].upto < upto:
            _steps[run.pk] = _StepsRead(variant, reader, upto)
        _steps.move_to_end(run.pk)
        while len(_steps) > STEPS_KEPT:
            _steps.popitem(last=False)
    return reader


def _feed_stored(run: Run, reader: StepReader, after: int, upto: int | None) -> None:
    """Feed the run's stored events in (after, upto]; only the kinds a step still waits for."""
    kinds = reader.kinds
    if kinds == frozenset():
        return
    restore_log(run)
    for batch in runs.iter_events(run.pk, after, upto, kinds=kinds):
        reader.feed(batch)


def forget_steps() -> None:
    """Tests: start with no run's steps read."""
    with _steps_lock:
        _steps.clear()


def step_reader(run: Run, upto: int | None) -> StepReader | None:
    """The run's lesson steps read from its stored events up to ``upto`` (None: all of them); None
    for a run of no lesson. Only the kinds a step's trigger can match are read."""
    variant = lessons.variant_of(run.lesson, run.scenario_slug)
    if variant is None:
        return None
    reader = StepReader([step.at for step in variant.steps])
    _feed_stored(run, reader, 0, upto)
    return reader


def class_step(workshop: Workshop) -> int | None:
    """The step on every following screen now: the one source of the class's step for every reader
    (workshop JSON, hello, roster, projector, export). A held position's step was read by the
    server at its event when it was published; a live class reads it at the run's latest event
    (the stored one was read when the class went live: a push stores 0 before the run has any)."""
    position = workshop.position or {}
    if position.get("seq") is not None or position.get("view") != "run":
        return position.get("step")
    run = runs.run_by_id(position.get("runId"))
    return lesson_step(run, None) if run is not None else None


def class_position(workshop: Workshop, step: Step = UNREAD) -> dict[str, Any]:
    """The stored position with the class's step (``class_step``) in it."""
    return {**(workshop.position or {}), "step": class_step(workshop) if step is UNREAD else step}


def current_step(participant: Participant, class_step: int | None) -> int | None:
    """The step on the student's screen: the class's while following, their own run's otherwise."""
    return class_step if participant.mode == Participant.Mode.FOLLOWING else participant.step


def export_rows(workshop: Workshop) -> list[dict[str, Any]]:
    """One row per student and question asked, in every push, with its lesson (an unanswered
    question leaves answer empty)."""
    questions = list(Question.objects.filter(workshop=workshop))
    answers = {(a.participant_id, a.question_id): a for a in Answer.objects.filter(question__workshop=workshop)}
    rows, step = [], class_step(workshop)
    for p in Participant.objects.filter(workshop=workshop):
        base = {"name": p.name, "joined_at": iso(p.joined_at), "connected": p.connections > 0, "mode": p.mode,
                "step": current_step(p, step)}
        for q in questions or [None]:
            a = answers.get((p.pk, q.pk)) if q is not None else None
            rows.append({**base, "lesson": q.lesson if q else workshop.lesson, "question": q.key if q else "",
                         "prompt": q.prompt if q else "", "answer": a.choice if a else "",
                         "correct": (a.choice == q.answer) if a and q else None,
                         "correct_answer": q.answer if q else "", "answered_at": iso(a.answered_at) if a else None})
    return rows


def export_json(workshop: Workshop) -> dict[str, Any]:
    """Everything, every push's questions included (each names its push and lesson)."""
    everything = Question.objects.filter(workshop=workshop)
    step = class_step(workshop)
    return {"workshop": workshop_view(workshop, step), "participants": roster(workshop, step),
            "questions": [question_view(q, host=True) for q in everything]}
