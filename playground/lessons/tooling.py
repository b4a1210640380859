"""Lessons: plain data folders that teach one scheduler idea each, and the checker that keeps them true.

A lesson folder (``lessons/02-basic-preemption/``) holds ``lesson.yaml`` and one or more scenario
files (Kubernetes YAML). ``load_lesson`` parses and validates the folder strictly; ``run_variant``
replays a scenario through ``Simulation`` with the lesson's timed commands; ``check_variant``
returns the ways the run disagrees with the lesson (its ``expect`` block, its step triggers, its
questions' answers) — an empty list means the narrative and the animation are in step.
docs/lessons.md describes the format. No Django here.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from playground.lessons.claims import check_now, check_phases, check_start_times, shown_phase
from playground.lessons.glossary import Term, check_first_uses, link_first_uses, load_glossary, plain, segments
from scheduler_core.commands import CommandError, validate_command
from scheduler_core.events import EVENT_KINDS
from scheduler_core.preemption.evaluator import CRITERIA

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
LESSON_FILE = "lesson.yaml"
DEFAULT_SCENARIO_FILE = "scenario.yaml"
_FOLDER_RE = re.compile(r"^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)$")
_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

# Keys a trigger may hold besides event/time/nth: compared with the event's field of that name.
TRIGGER_FIELDS = ("pod", "node", "reason", "object", "type", "from", "to", "until", "chosen", "criterion", "result")
# queue.moved carries the upstream label in a field named "event"; triggers call it queueEvent.
TRIGGER_KEYS = ("event", "time", "nth", "messageContains", "queueEvent") + TRIGGER_FIELDS
COMMAND_TYPES_WITH_POD_MANIFEST = ("add_pod",)
COMMAND_TYPES_WITH_NODE_MANIFEST = ("add_node",)


class LessonError(ValueError):
    """A lesson file is malformed; the message names the file and the field."""


Trigger = Mapping[str, Any]


@dataclass(frozen=True)
class Step:
    title: str
    markdown: str
    at: Trigger
    # What the screen shows at the step's event, as its text states it (checked): "time" (virtual
    # seconds) and "pods" ({pod key: a queue name such as activeQ, or a STATUS such as Terminating}).
    shows: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    id: str
    prompt: str
    kind: str  # "node" | "pod"
    answer: str  # node name, or pod key "<namespace>/<name>"
    explanation: str
    reveal_at: Trigger
    ask_at: int = 1  # the step (1-based) at which the class is asked: its answer is on screen by then


@dataclass(frozen=True)
class TimedCommand:
    at: float  # virtual seconds: applied once everything else due at `at` has happened
    command: Mapping[str, Any]


@dataclass(frozen=True)
class Variant:
    """One scenario with its narrative. Most lessons have one; lesson 9 has one per criterion."""

    id: str
    title: str
    summary: str
    scenario_file: str
    scenario_text: str
    seed: int
    config: Mapping[str, Any]
    until: float | None
    commands: tuple[TimedCommand, ...]
    steps: tuple[Step, ...]
    questions: tuple[Question, ...]
    expect: Mapping[str, Any]
    node_names: frozenset[str] = frozenset()
    pod_keys: frozenset[str] = frozenset()
    # Why the outcome depends on the seed on purpose (the lesson teaches a random choice, such as
    # DefaultPreemption's random offset); "" for every other variant: other seeds must tell the same story.
    seed_dependent: str = ""


@dataclass(frozen=True)
class Lesson:
    folder: str  # "02-basic-preemption"
    number: int
    slug: str  # "basic-preemption"
    title: str
    summary: str
    idea: str
    spec: tuple[str, ...]  # SCHEDULER_SPEC.md sections the lesson teaches, e.g. "§5.7"
    variants: tuple[Variant, ...]
    builds_on: tuple[str, ...] = ()  # slugs of earlier lessons it relies on

    @property
    def main(self) -> Variant:
        """The variant a lesson opens with (the only one, for most lessons)."""
        return self.variants[0]


# --------------------------------------------------------------------------- validation helpers


class _Reader:
    """Reads one mapping of a lesson file; every error names the file and the field path."""

    def __init__(self, data: Any, file: str, path: str, allowed: Sequence[str]) -> None:
        self.file, self.path = file, path
        if not isinstance(data, dict):
            self.fail("", f"must be a mapping, got {type(data).__name__}")
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            self.fail(unknown[0], f"unknown field (allowed: {', '.join(allowed)})")
        self.data: dict[str, Any] = data

    def where(self, key: str) -> str:
        return ".".join(p for p in (self.path, key) if p) or "(top level)"

    def fail(self, key: str, problem: str) -> None:
        raise LessonError(f"{self.file}: {self.where(key)}: {problem}")

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., required: bool = True) -> Any:
        if key not in self.data:
            if default is not ... or not required:
                return None if default is ... else default
            self.fail(key, "is required")
        value = self.data[key]
        if isinstance(value, bool) and kind in (int, float, (int, float)):
            self.fail(key, f"must be a number, got {value!r}")
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            self.fail(key, f"must be {names}, got {type(value).__name__} {value!r}")
        return value

    def text(self, key: str, required: bool = True, default: str = "") -> str:
        value = self.get(key, str, required=required)
        if value is None:
            return default
        if required and not value.strip():
            self.fail(key, "must not be empty")
        return value.strip()

    def items(self, key: str, required: bool = False) -> list[Any]:
        value = self.get(key, list, required=required)
        if required and not value:
            self.fail(key, "must list at least one entry")
        return [] if value is None else value


# --------------------------------------------------------------------------- loading


def load_lessons(root: Path = LESSONS_DIR) -> list[Lesson]:
    """Every lesson folder under ``root``, in number order; numbers must be unique, and a lesson
    builds only on earlier ones."""
    lessons = [load_lesson(d) for d in sorted(root.iterdir()) if (d / LESSON_FILE).is_file()]
    seen: dict[int, str] = {}
    for lesson in lessons:
        if lesson.number in seen:
            raise LessonError(f"{root / lesson.folder}: number {lesson.number} is also used by {seen[lesson.number]}")
        seen[lesson.number] = lesson.folder
    _check_builds_on(lessons, root)
    return lessons


def _check_builds_on(lessons: Sequence[Lesson], root: Path) -> None:
    """``buildsOn`` names only lessons that come earlier (the curriculum is read in number order)."""
    numbers = {lesson.slug: lesson.number for lesson in lessons}
    for lesson in lessons:
        where = f"{root / lesson.folder / LESSON_FILE}: buildsOn"
        for slug in lesson.builds_on:
            if slug not in numbers:
                raise LessonError(f"{where}: no lesson {slug!r}")
            if numbers[slug] >= lesson.number:
                raise LessonError(f"{where}: {slug!r} is lesson {numbers[slug]}, not an earlier one")


def load_lesson(folder: Path) -> Lesson:
    file = str(folder / LESSON_FILE)
    match = _FOLDER_RE.match(folder.name)
    if not match:
        raise LessonError(f"{folder}: folder name must look like '02-basic-preemption' (two digits, dash, slug)")
    if not (folder / LESSON_FILE).is_file():
        raise LessonError(f"{file}: no such file")
    try:
        data = yaml.safe_load((folder / LESSON_FILE).read_text())
    except yaml.YAMLError as exc:
        raise LessonError(f"{file}: not valid YAML: {exc}") from exc
    variant_keys = _VARIANT_KEYS
    top = _Reader(data, file, "", ("number", "title", "summary", "idea", "spec", "buildsOn", "variants") + variant_keys)
    number = top.get("number", int)
    if number != int(match.group(1)):
        top.fail("number", f"is {number} but the folder name says {int(match.group(1))}")
    if top.has("variants"):
        stray = [k for k in variant_keys if top.has(k)]
        if stray:
            top.fail(stray[0], "belongs inside each entry of 'variants' when 'variants' is given")
        raw_variants = top.items("variants", required=True)
        variants = tuple(_variant(v, folder, file, f"variants[{i}]", None) for i, v in enumerate(raw_variants))
    else:
        variants = (_variant(data, folder, file, "", "main"),)
    _unique([v.id for v in variants], file, "variants[].id")
    spec = top.items("spec")
    if not all(isinstance(s, str) for s in spec):
        top.fail("spec", "must be a list of strings such as '§5.7'")
    builds_on = top.items("buildsOn")
    if not all(isinstance(s, str) and _ID_RE.match(s) for s in builds_on):
        top.fail("buildsOn", f"must be a list of lesson slugs such as 'basic-preemption', got {builds_on!r}")
    return Lesson(
        folder=folder.name, number=number, slug=match.group(2), title=top.text("title"),
        summary=top.text("summary"), idea=top.text("idea"), spec=tuple(spec), variants=variants,
        builds_on=tuple(builds_on),
    )


_VARIANT_KEYS = ("scenario", "seed", "seedDependent", "config", "until", "commands", "steps", "questions", "expect")


def _variant(data: Any, folder: Path, file: str, path: str, fixed_id: str | None) -> Variant:
    keys: tuple[str, ...] = _VARIANT_KEYS
    if fixed_id is None:
        keys = ("id", "title", "summary") + keys
    else:
        data = {k: v for k, v in data.items() if k in keys} if isinstance(data, dict) else data
    r = _Reader(data, file, path, keys)
    vid = fixed_id or r.text("id")
    if not _ID_RE.match(vid):
        r.fail("id", f"must be a lowercase slug, got {vid!r}")
    scenario_file = r.text("scenario", required=False, default=DEFAULT_SCENARIO_FILE)
    scenario_text = _read_scenario(folder, scenario_file, file, r.where("scenario"))
    node_names, pod_keys = _scenario_names(scenario_text, str(folder / scenario_file))
    _validate_manifests(scenario_text, str(folder / scenario_file))
    commands = tuple(_command(c, file, r.where(f"commands[{i}]")) for i, c in enumerate(r.items("commands")))
    if [c.at for c in commands] != sorted(c.at for c in commands):
        r.fail("commands", "must be listed in time order")
    for c in commands:
        node_names, pod_keys = node_names | _command_node(c), pod_keys | _command_pod(c)
    until = r.get("until", (int, float), required=False)
    variant = Variant(
        id=vid,
        title=r.text("title") if fixed_id is None else "",
        summary=r.text("summary", required=False) if fixed_id is None else "",
        scenario_file=scenario_file,
        scenario_text=scenario_text,
        seed=r.get("seed", int, default=0),
        seed_dependent=r.text("seedDependent", required=False, default=""),
        config=r.get("config", dict, default={}),
        until=None if until is None else float(until),
        commands=commands,
        steps=tuple(_step(s, file, r.where(f"steps[{i}]")) for i, s in enumerate(r.items("steps", required=True))),
        questions=tuple(
            _question(q, file, r.where(f"questions[{i}]")) for i, q in enumerate(r.items("questions", required=True))
        ),
        expect=_expect(r.get("expect", dict), file, r.where("expect")),
        node_names=frozenset(node_names),
        pod_keys=frozenset(pod_keys),
    )
    _check_references(variant, file, path)
    return variant


def _read_scenario(folder: Path, name: str, file: str, where: str) -> str:
    target = (folder / name).resolve()
    if target.parent != folder.resolve() or not target.is_file():
        raise LessonError(f"{file}: {where}: no scenario file {name!r} in {folder}")
    return target.read_text()


def _scenario_names(text: str, file: str) -> tuple[set[str], set[str]]:
    """Node names and pod keys in a scenario, so triggers and answers can be checked by name."""
    try:
        docs = [d for d in yaml.safe_load_all(text) if d is not None]
    except yaml.YAMLError as exc:
        raise LessonError(f"{file}: not valid YAML: {exc}") from exc
    nodes, pods = set(), set()
    for i, doc in enumerate(docs):
        if not isinstance(doc, dict) or not isinstance(doc.get("metadata"), dict):
            raise LessonError(f"{file}: document {i}: must be a Kubernetes object with metadata")
        if doc.get("kind") == "Node":
            nodes.add(str(doc["metadata"].get("name")))
        elif doc.get("kind") == "Pod":
            pods.add(_manifest_key(doc))
    return nodes, pods


def _validate_manifests(text: str, file: str) -> None:
    """The scenario must load, and use only modelled fields: a lesson shows no "ignored" notes."""
    from scheduler_core.manifests import ManifestError, load_yaml

    try:
        cluster = load_yaml(text)
    except ManifestError as exc:
        raise LessonError(f"{file}: {exc}") from exc
    if cluster.ignored:
        raise LessonError(f"{file}: {cluster.ignored[0]} — lesson scenarios use only modelled fields")


def _manifest_key(doc: Mapping[str, Any]) -> str:
    meta = doc.get("metadata") or {}
    return f"{meta.get('namespace') or 'default'}/{meta.get('name')}"


def _command(data: Any, file: str, path: str) -> TimedCommand:
    r = _Reader(data, file, path, ("at", "command"))
    at = r.get("at", (int, float))
    if at < 0:
        r.fail("at", f"must be >= 0, got {at}")
    command = r.get("command", dict)
    try:
        validate_command(command)
    except CommandError as exc:
        raise LessonError(f"{file}: {path}.{exc.path}: {exc.message} (got {exc.value!r})") from exc
    return TimedCommand(at=float(at), command=command)


def _command_pod(c: TimedCommand) -> set[str]:
    manifest = c.command.get("manifest")
    if c.command["type"] in COMMAND_TYPES_WITH_POD_MANIFEST and isinstance(manifest, dict):
        return {_manifest_key(manifest)}
    return set()


def _command_node(c: TimedCommand) -> set[str]:
    manifest = c.command.get("manifest")
    if c.command["type"] in COMMAND_TYPES_WITH_NODE_MANIFEST and isinstance(manifest, dict):
        return {str((manifest.get("metadata") or {}).get("name"))}
    return set()


def _trigger_property(key: str) -> dict[str, Any]:
    if key in ("time", "until"):
        return {"type": "number"}
    if key == "nth":
        return {"type": "integer", "minimum": 1}
    if key == "criterion":
        return {"type": "string", "enum": list(CRITERIA)}
    if key == "event":
        return {"type": "string", "enum": list(EVENT_KINDS)}
    return {"type": "string"}


# The one definition of a step's or a question's trigger: lesson files are validated against it
# here, and /api/lessons/ publishes it (playground/lessons/serializers.py, the OpenAPI schema).
TRIGGER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": (
        "Fires at the nth (default first) event in the run's stream that matches every given key. "
        "event = kind; time = the event's t is at least this; messageContains = substring of message; "
        "queueEvent = queue.moved's upstream label (its `event` field); any other key = the event's "
        "field of that name (a pod or node view counts by key or name). See docs/lessons.md."
    ),
    "properties": {key: _trigger_property(key) for key in TRIGGER_KEYS},
    "additionalProperties": False,
    "anyOf": [{"required": ["event"]}, {"required": ["time"]}],
}
_TRIGGERS = jsonschema.Draft202012Validator(TRIGGER_SCHEMA)


def _trigger(data: Any, file: str, path: str) -> Trigger:
    error = min(_TRIGGERS.iter_errors(data), key=lambda e: (len(e.absolute_path), str(e.absolute_path)), default=None)
    if error is None:
        return dict(data)
    where = ".".join(p for p in (path, *map(str, error.absolute_path)) if p) or "(top level)"
    raise LessonError(f"{file}: {where}: {_problem(error)}")


def _problem(error: jsonschema.ValidationError) -> str:
    """What is wrong, in the words the rest of the lesson checker uses (field and value)."""
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(TRIGGER_KEYS))
        return f"unknown field {extra[0]!r} (allowed: {', '.join(TRIGGER_KEYS)})"
    if error.validator == "anyOf":
        return "needs 'event' (an event kind) or 'time' (virtual seconds)"
    if error.validator == "enum" and error.absolute_path and error.absolute_path[-1] == "event":
        return f"unknown event kind {error.instance!r} (docs/events.md lists them)"
    if error.validator == "enum":
        return f"must be one of {', '.join(map(str, error.validator_value))}, got {error.instance!r}"
    if error.validator == "minimum":
        return f"must be {error.validator_value} or more, got {error.instance!r}"
    if error.validator == "type":
        return f"must be a {error.validator_value}, got {type(error.instance).__name__} {error.instance!r}"
    return str(error.message)


def _step(data: Any, file: str, path: str) -> Step:
    r = _Reader(data, file, path, ("title", "markdown", "at", "shows"))
    return Step(title=r.text("title"), markdown=r.text("markdown"), at=_trigger(r.get("at", dict), file, r.where("at")),
                shows=_shows(r.get("shows", dict, default={}), file, r.where("shows")))


# What a step may say the screen shows: each queue lane's pods (by the lane's name) and pods' STATUS.
QUEUE_NAMES = {"activeQ": "active", "backoffQ": "backoff", "unschedulablePods": "unschedulable", "gated": "gated",
               "inFlight": "inFlight", "waitingAtPermit": "waiting"}
PHASE_NAMES = ("Pending", "Running", "Terminating", "Succeeded")


def _shows(data: dict[str, Any], file: str, path: str) -> Mapping[str, Any]:
    r = _Reader(data, file, path, ("time", "queues", "pods"))
    if r.has("time"):
        r.get("time", (int, float))
    for name, pods in r.get("queues", dict, default={}).items():
        if name not in QUEUE_NAMES:
            r.fail(f"queues.{name}", f"must be a queue: {', '.join(QUEUE_NAMES)}")
        if not isinstance(pods, list) or not all(isinstance(p, str) for p in pods):
            r.fail(f"queues.{name}", f"must list the pod keys in it ([] when empty), got {pods!r}")
    for key, value in r.get("pods", dict, default={}).items():
        if value not in PHASE_NAMES:
            r.fail(f"pods.{key}", f"must be a STATUS ({', '.join(PHASE_NAMES)}), got {value!r}")
    return data


def _shown_pods(shows: Mapping[str, Any]) -> list[str]:
    return [*shows.get("pods", {}), *(p for pods in shows.get("queues", {}).values() for p in pods)]


def _question(data: Any, file: str, path: str) -> Question:
    r = _Reader(data, file, path, ("id", "prompt", "kind", "answer", "explanation", "revealAt", "askAt"))
    qid = r.text("id")
    if not _ID_RE.match(qid):
        r.fail("id", f"must be a lowercase slug, got {qid!r}")
    kind = r.text("kind")
    if kind not in ("node", "pod"):
        r.fail("kind", f"must be 'node' or 'pod', got {kind!r}")
    return Question(
        id=qid, prompt=r.text("prompt"), kind=kind, answer=r.text("answer"), explanation=r.text("explanation"),
        reveal_at=_trigger(r.get("revealAt", dict), file, r.where("revealAt")), ask_at=_ask_at(r),
    )


def _ask_at(r: _Reader) -> int:
    step = r.get("askAt", int, default=1)
    if step < 1:
        r.fail("askAt", f"must be a step number from 1, got {step!r}")
    return int(step)


_EXPECT_KEYS = (
    "bound", "pending", "preempted", "notPreempted", "nominated", "notNominated", "nominationCleared",
    "events", "noEvents", "criterion", "preemptions", "popOrder", "occurs", "never", "timeline", "scores",
)
_EVENT_MATCH_KEYS = ("type", "reason", "object", "message", "messageContains", "related")


def _expect(data: dict[str, Any], file: str, path: str) -> Mapping[str, Any]:
    r = _Reader(data, file, path, _EXPECT_KEYS)
    if not data:
        r.fail("", "must state at least one expected outcome")
    for key in ("bound", "nominated"):
        _string_map(r, key)
    for key in ("pending", "preempted", "notPreempted", "notNominated", "nominationCleared", "popOrder"):
        if r.has(key) and not all(isinstance(p, str) for p in r.items(key)):
            r.fail(key, "must be a list of pod keys such as 'default/web-high'")
    for key in ("events", "noEvents"):
        for i, m in enumerate(r.items(key)):
            _Reader(m, file, r.where(f"{key}[{i}]"), _EVENT_MATCH_KEYS)
    if r.has("criterion") and r.get("criterion", str) not in CRITERIA:
        r.fail("criterion", f"must be one of {', '.join(CRITERIA)}")
    for i, p in enumerate(r.items("preemptions")):
        pr = _Reader(p, file, r.where(f"preemptions[{i}]"), ("pod", "chosen", "criterion", "victims"))
        pr.text("pod")
        if pr.has("criterion") and pr.get("criterion", str) not in CRITERIA:
            pr.fail("criterion", f"must be one of {', '.join(CRITERIA)}")
    for key in ("occurs", "never"):
        for i, t in enumerate(r.items(key)):
            _trigger(t, file, r.where(f"{key}[{i}]"))
    for i, t in enumerate(r.items("timeline")):
        tr = _Reader(t, file, r.where(f"timeline[{i}]"), ("at", "t"))
        _trigger(tr.get("at", dict), file, tr.where("at"))
        tr.get("t", (int, float))
    for i, s in enumerate(r.items("scores")):
        sr = _Reader(s, file, r.where(f"scores[{i}]"), ("pod", "chosen", "totals"))
        sr.text("pod")
        sr.get("totals", dict, required=False)
    return data


def _string_map(r: _Reader, key: str) -> None:
    value = r.get(key, dict, required=False)
    if value and not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        r.fail(key, "must map pod keys to node names")


def _unique(values: Sequence[str], file: str, what: str) -> None:
    dupes = sorted({v for v in values if values.count(v) > 1})
    if dupes:
        raise LessonError(f"{file}: {what}: {dupes[0]!r} is used more than once")


def _check_references(v: Variant, file: str, path: str) -> None:
    """Names in triggers, answers and expectations must exist in the scenario or its commands."""
    where = f"{file}: {path + '.' if path else ''}"
    _unique([q.id for q in v.questions], file, f"{path + '.' if path else ''}questions[].id")
    triggers = [(f"steps[{i}].at", s.at) for i, s in enumerate(v.steps)]
    triggers += [(f"questions[{i}].revealAt", q.reveal_at) for i, q in enumerate(v.questions)]
    for name, t in triggers:
        for key in ("pod", "object"):
            if key in t and t[key] not in v.pod_keys:
                raise LessonError(f"{where}{name}.{key}: no pod {t[key]!r} in the scenario or its commands")
        for key in ("node", "chosen"):
            if key in t and t[key] not in v.node_names:
                raise LessonError(f"{where}{name}.{key}: no node {t[key]!r} in the scenario or its commands")
    for i, s in enumerate(v.steps):
        for pod in _shown_pods(s.shows):
            if pod not in v.pod_keys:
                raise LessonError(f"{where}steps[{i}].shows.pods: no pod {pod!r} in the scenario or its commands")
    for i, q in enumerate(v.questions):
        if q.ask_at > len(v.steps):
            raise LessonError(f"{where}questions[{i}].askAt: the lesson has {len(v.steps)} steps, not {q.ask_at}")
        known = v.node_names if q.kind == "node" else v.pod_keys
        if q.answer not in known:
            raise LessonError(f"{where}questions[{i}].answer: no {q.kind} {q.answer!r} in the scenario")
    for pod in _expected_pods(v.expect):
        if pod not in v.pod_keys:
            raise LessonError(f"{where}expect: no pod {pod!r} in the scenario or its commands")


def _expected_pods(expect: Mapping[str, Any]) -> list[str]:
    pods = list(expect.get("bound", {})) + list(expect.get("nominated", {}))
    for key in ("pending", "preempted", "notPreempted", "notNominated", "nominationCleared", "popOrder"):
        pods += expect.get(key, [])
    pods += [p["pod"] for p in expect.get("preemptions", [])]
    pods += [v for p in expect.get("preemptions", []) for v in p.get("victims", [])]
    return pods


# --------------------------------------------------------------------------- triggers


def trigger_matches(trigger: Trigger, event: Mapping[str, Any]) -> bool:
    """Does ``event`` satisfy every condition of ``trigger``? (``nth`` is applied by ``find_event``.)

    ``event`` = kind; ``time`` = the event's t is at least this; ``messageContains`` = substring of
    the message; any other key = the event's field of that name (a pod/node view counts by key/name).
    The browser evaluates the same rules (docs/lessons.md).
    """
    for key, want in trigger.items():
        if key == "nth":
            continue
        if key == "event":
            ok = event.get("kind") == want
        elif key == "time":
            ok = float(event.get("t", 0)) >= float(want)
        elif key == "messageContains":
            ok = str(want) in str(event.get("message") or "")
        elif key == "queueEvent":
            ok = event.get("kind") == "queue.moved" and event.get("event") == want
        else:
            ok = _field(event, key) == want
        if not ok:
            return False
    return True


def find_event(trigger: Trigger, events: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The ``nth`` (default first) event matching ``trigger``, or None (StepReader's rule)."""
    reader = StepReader([trigger])
    for event in events:
        if reader.feed((event,)).seqs[0] is not None:
            return event
    return None


def step_seqs(steps: Sequence[Step], events: Sequence[Mapping[str, Any]]) -> list[int | None]:
    """Each step's event seq among ``events`` (None: not happened yet), read by StepReader. The
    browser's stepSeqs in features/lessons/steps.ts gives the same
    (tests/playground/test_lesson_steps_agree.py, on a fixture both read)."""
    return StepReader([step.at for step in steps]).feed(events).seqs


def step_at(seqs: Sequence[int | None], seq: int) -> int:
    """The lesson step (1-based; 0 before the first) a view held at event ``seq`` shows: the steps
    whose event it has reached. The one rule for the class and its instructor (and the browser's
    stepAt in features/lessons/steps.ts)."""
    return sum(1 for s in seqs if s is not None and s <= seq)


class StepReader:
    """A run's lesson steps (their triggers) read as its events come, in seq order from the first
    (mutable): for each trigger, the seq of its ``nth`` (default first) matching event, without
    reading the events again. The one rule: ``find_event`` and ``step_seqs`` read with it, and the
    worker keeps one per workshop run, so a class's step moves with its run's events on the server."""

    def __init__(self, triggers: Sequence[Trigger]) -> None:
        self.triggers = list(triggers)
        self.wanted = [int(t.get("nth", 1)) for t in self.triggers]  # matches still to see
        self.seqs: list[int | None] = [None] * len(self.triggers)
        self.last_seq = 0  # the last event read

    @property
    def step(self) -> int:
        """The step (``step_at``) at the last event read."""
        return step_at(self.seqs, self.last_seq)

    def step_at(self, seq: int) -> int:
        """The step at event ``seq``, for a ``seq`` up to which every event has been read."""
        return step_at(self.seqs, seq)

    def clone(self) -> StepReader:
        copy = StepReader(self.triggers)
        copy.wanted, copy.seqs, copy.last_seq = list(self.wanted), list(self.seqs), self.last_seq
        return copy

    @property
    def kinds(self) -> frozenset[str] | None:
        """The only event kinds a step still waits for can match (None: any kind can)."""
        kinds = set()
        for trigger, seq in zip(self.triggers, self.seqs, strict=True):
            if seq is not None:
                continue
            kind = "queue.moved" if "queueEvent" in trigger else trigger.get("event")
            if kind is None:
                return None
            kinds.add(kind)
        return frozenset(kinds)

    def feed(self, events: Sequence[Mapping[str, Any]]) -> StepReader:
        for event in events:
            for i, trigger in enumerate(self.triggers):
                if self.seqs[i] is None and trigger_matches(trigger, event):
                    self.wanted[i] -= 1
                    if self.wanted[i] == 0:
                        self.seqs[i] = int(event["seq"])
            self.last_seq = int(event["seq"])
        return self


def _field(event: Mapping[str, Any], key: str) -> Any:
    value = event.get(key)
    if isinstance(value, dict):
        return value.get("key") or value.get("name")
    return value


def describe(trigger: Trigger) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in trigger.items()) + "}"


# --------------------------------------------------------------------------- running and checking


@dataclass(frozen=True)
class RunResult:
    events: list[dict[str, Any]]
    state: dict[str, Any]
    problems_running: tuple[str, ...] = field(default=())


def timed_commands(variant: Variant) -> list[dict[str, Any]]:
    """The variant's commands as Simulation's ``timed_commands`` input (what a lesson's run stores)."""
    return [{"at": c.at, "command": copy.deepcopy(dict(c.command))} for c in variant.commands]


def run_variant(variant: Variant) -> RunResult:
    """Run the scenario with its timed commands, which the simulation applies at their times
    (exactly as a lesson's run on the server does), until ``until`` or quiescence."""
    from scheduler_core import Simulation

    sim = Simulation.from_yaml(variant.scenario_text, seed=variant.seed, config=dict(variant.config) or None,
                               timed_commands=timed_commands(variant))
    sim.run(until=variant.until)
    return RunResult(events=[dict(e) for e in sim.events], state=sim.state())


def check_variant(variant: Variant, run: RunResult) -> list[str]:
    """Every disagreement between the lesson and the run; [] when they agree."""
    return check_expectations(variant.expect, run) + check_steps(variant, run) + check_questions(variant, run)


def check_steps(variant: Variant, run: RunResult) -> list[str]:
    """Every step's trigger occurs, after the previous step's (the class's step is read from the
    event on screen, so two steps at one event could not both be shown), and what a step's text
    says the screen shows — queues, pods' STATUS, the time now, start times — is what the state
    shows at that event (``check_shows`` and ``claims``)."""
    problems, last_seq = [], 0
    for i, step in enumerate(variant.steps):
        event = find_event(step.at, run.events)
        if event is None:
            problems.append(f"steps[{i}] {step.title!r}: trigger {describe(step.at)} never occurs")
        elif event["seq"] <= last_seq:
            problems.append(f"steps[{i}] {step.title!r}: trigger fires at seq {event['seq']}, not after the previous step")
        else:
            last_seq = event["seq"]
            state, text = state_at(run, last_seq), prose(step.markdown)
            found = check_phases(text, state) + check_shows(step, event, state) + check_now(text, event)
            found += check_start_times(text, state)
            problems += [f"steps[{i}] {step.title!r}: {p}" for p in found]
    return problems


_QUEUE_WORD = re.compile(r"(?<![\w-])(" + "|".join(q for q in QUEUE_NAMES if q not in ("gated", "inFlight", "waitingAtPermit"))
                         + r")(?![\w-])")
# A step that opens with a time states the time on screen: "t=10: …", "At t=60 …".
_OPENING_TIME = re.compile(r"^(?:At )?t=(\d+(?:\.\d+)?)\b")


def check_shows(step: Step, event: Mapping[str, Any], state: Mapping[str, Any]) -> list[str]:
    """What the step's ``shows`` states is what the screen shows at its event, and every queue its
    text names (outside code blocks) and any time it opens with are stated there."""
    problems = []
    text = prose(step.markdown)
    shows = step.shows
    queues = shows.get("queues", {})
    for named in sorted(set(_QUEUE_WORD.findall(text)) - set(queues)):
        problems.append(f"the text names {named}: state which pods it shows then in shows.queues.{named} ([] if none)")
    opening = _OPENING_TIME.match(text.strip())
    if opening and abs(float(opening.group(1)) - float(event["t"])) > 1e-6:
        problems.append(f"the text opens with t={opening.group(1)} but its event happens at t={event['t']}")
    if "time" in shows and abs(float(shows["time"]) - float(event["t"])) > 1e-6:
        problems.append(f"shows.time is {shows['time']} but its event happens at t={event['t']}")
    for name, want in queues.items():
        got = queue_members(state, name)
        if sorted(got) != sorted(want):
            problems.append(f"shows.queues.{name} is {sorted(want)} but the screen shows {sorted(got)}")
    pods = {p["key"]: p for p in state.get("pods", [])}
    for key, status in shows.get("pods", {}).items():
        shown = shown_phase(pods[key]) if key in pods else "no such pod"
        if shown != status:
            problems.append(f"shows.pods.{key} is {status} but the screen shows {shown}")
    return problems


def prose(markdown: str) -> str:
    """A step's text as the checks read it: links replaced by their labels, code blocks left out
    (code spans kept, with their backticks)."""
    text = plain(markdown)
    return "".join(text[s.start:s.end] for s in segments(text) if s.kind != "fence")


def queue_members(state: Mapping[str, Any], name: str) -> list[str]:
    """The pods a queue lane shows (QueueLanes.tsx): in flight is the popped pod, the rest the queues."""
    if name == "inFlight":
        return [p["key"] for p in state.get("pods", []) if p.get("queue") == "inFlight"]
    if name == "waitingAtPermit":  # the Waiting at Permit lane: State.waitingPods
        return [w["pod"] for w in state.get("waitingPods", [])]
    return [entry if isinstance(entry, str) else entry["pod"] for entry in state.get("queues", {}).get(QUEUE_NAMES[name], [])]


def state_at(run: RunResult, seq: int) -> dict[str, Any]:
    """The state the map shows at event ``seq`` (the browser folds the same events)."""
    from scheduler_core.events import fold

    return fold(run.events[:seq])


def check_questions(variant: Variant, run: RunResult) -> list[str]:
    """Each question's answer is on screen (in the state) at the step where it is asked, and the
    question is revealed, after it is asked, by an event that names its answer."""
    problems = []
    seqs = step_seqs(variant.steps, run.events)
    for q in variant.questions:
        event = find_event(q.reveal_at, run.events)
        asked = seqs[q.ask_at - 1] if q.ask_at <= len(seqs) else None
        if event is None:
            problems.append(f"question {q.id}: revealAt {describe(q.reveal_at)} never occurs")
            continue
        named = _named(event, q.kind)
        if q.answer not in named:
            problems.append(f"question {q.id}: answer is {q.answer!r} but the reveal event names {sorted(named)}")
        if asked is None:
            continue
        if q.answer not in _on_screen(state_at(run, asked), q.kind):
            problems.append(f"question {q.id}: its answer {q.answer!r} is not on screen at step {q.ask_at}, where "
                            "it is asked (askAt)")
        if event["seq"] < asked:
            problems.append(f"question {q.id}: revealed at seq {event['seq']}, before step {q.ask_at} asks it")
    return problems


def choices(run: RunResult, kind: str) -> list[str]:
    """Every node name or pod key the run has at any point, sorted: what a question offers, so the
    answer is among the choices even when its object appears after the question is asked."""
    return sorted(_every_object(run, kind))


def _every_object(run: RunResult, kind: str) -> dict[str, Mapping[str, Any]]:
    """Each node (by name) or pod (by key) the run ever shows, as last shown."""
    from scheduler_core.events import StateFolder

    folder, seen = StateFolder(), dict[str, Mapping[str, Any]]()
    for event in run.events:
        folder.apply(event)
        if folder.state:
            objects = folder.state.get("nodes" if kind == "node" else "pods", [])
            seen.update((o["name"] if kind == "node" else o["key"], copy.deepcopy(o)) for o in objects)
    return seen


# Outcomes that always happen to someone in a lesson's run: a pending pod is always popped.
_ALWAYS_HAPPENS = ("cycle.started",)


def offers_none(question: Question) -> bool:
    """Whether "none of these" is a fair choice: the revealed outcome (an eviction, a nomination, a
    binding…) is one a learner may well predict happens to nobody."""
    return question.reveal_at.get("event") not in _ALWAYS_HAPPENS


# Words that state a question's outcome, by the reason (or kind) of the event that reveals it.
_OUTCOME_WORDS: dict[str, tuple[str, ...]] = {
    "cycle.started": ("pop", "popped", "pops", "head of activeq", "first in line"),
    "pod.bound": ("bound", "binds", "assigned", "takes the room", "take the room", "takes it"),
    "pod.nominated": ("nominated", "nominates", "nomination"),
    "pod.nominationCleared": ("nomination is cleared", "cleared", "clears"),
    "preemption.evaluated": ("chosen", "chooses", "picks", "picked", "wins", "makes room", "make room", "goes to"),
    "Preempted": ("evicted", "evicts", "evict", "victim", "preempted"),
    "FailedScheduling": ("stays pending", "left without room", "left out", "does not fit", "will not fit"),
}
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n\s*\n")


def outcome_words(question: Question) -> tuple[str, ...]:
    trigger = question.reveal_at
    by_reason = _OUTCOME_WORDS.get(str(trigger.get("reason", "")), ())
    return by_reason or _OUTCOME_WORDS.get(str(trigger.get("event", "")), ())


def check_giveaways(lesson: Lesson, variant: Variant, run: RunResult) -> list[str]:
    """A question is a prediction: no text on screen before it is asked — the lesson's summary (also
    its gallery card), its idea, the variant's summary, the steps up to ``askAt`` — may state its
    answer: name the answer (or describe it as only it can be described) in a sentence that says
    the revealed outcome."""
    problems = []
    for q in variant.questions:
        names = answer_names(q, _every_object(run, q.kind))
        texts = [("summary", lesson.summary), ("idea", lesson.idea), ("variant summary", variant.summary)]
        texts += [(f"step {i + 1} {s.title!r}", s.markdown) for i, s in enumerate(variant.steps[: q.ask_at])]
        for where, text in texts:
            sentence = stated_in(plain(text), names, outcome_words(q))
            if sentence is not None:
                problems.append(f"question {q.id}: the {where} gives its answer away before it is asked: {sentence!r}")
    return problems


def answer_names(question: Question, objects: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """How a text can name the answer: its name, and for a pod a priority that is its alone
    ("the medium-priority pod", "the highest-priority pod")."""
    names = [question.answer.rsplit("/", 1)[-1]]
    answer = objects.get(question.answer)
    if question.kind != "pod" or answer is None:
        return names
    others = [o for key, o in objects.items() if key != question.answer]
    cls, priority = answer.get("priorityClassName"), int(answer.get("priority") or 0)
    if cls and all(o.get("priorityClassName") != cls for o in others):
        names += [f"{cls}-priority", f"{cls} priority"]
    if all(int(o.get("priority") or 0) < priority for o in others):
        names += ["highest-priority", "highest priority"]
    if all(int(o.get("priority") or 0) > priority for o in others):
        names += ["lowest-priority", "lowest priority"]
    return names


def stated_in(text: str, names: Sequence[str], words: Sequence[str]) -> str | None:
    """The first sentence of ``text`` that holds one of ``names`` and one of ``words``, or None."""
    def pattern(w: str) -> re.Pattern[str]:
        return re.compile(r"(?<![\w-])" + re.escape(w.lower()) + r"(?![\w-])")

    names_re, words_re = [pattern(n) for n in names], [pattern(w) for w in words]
    for sentence in _SENTENCE_END.split(text):
        lowered = sentence.lower()
        if any(n.search(lowered) for n in names_re) and any(w.search(lowered) for w in words_re):
            return " ".join(sentence.split())
    return None


def _on_screen(state: Mapping[str, Any], kind: str) -> set[str]:
    if kind == "node":
        return {n["name"] for n in state.get("nodes", [])}
    return {p["key"] for p in state.get("pods", [])}


def _named(event: Mapping[str, Any], kind: str) -> set[str]:
    keys = ("node", "chosen") if kind == "node" else ("pod", "object")
    return {str(_field(event, k)) for k in keys if event.get(k)}


def check_expectations(expect: Mapping[str, Any], run: RunResult) -> list[str]:
    problems: list[str] = []
    for key, value in expect.items():
        problems += _CHECKS[key](value, run)
    return problems


def _pods(run: RunResult) -> dict[str, Mapping[str, Any]]:
    return {p["key"]: p for p in run.state.get("pods", [])}


def _kind(run: RunResult, kind: str) -> list[dict[str, Any]]:
    return [e for e in run.events if e.get("kind") == kind]


def _check_bound(want: Mapping[str, str], run: RunResult) -> list[str]:
    pods = _pods(run)
    got = {k: (pods[k].get("nodeName") if k in pods else "<absent>") for k in want}
    return [f"bound: {k} is on {got[k]!r}, expected {node!r}" for k, node in want.items() if got[k] != node]


def _check_pending(want: Sequence[str], run: RunResult) -> list[str]:
    pods = _pods(run)
    return [
        f"pending: {k} is {('on ' + str(pods[k].get('nodeName'))) if k in pods else 'absent'}, expected Pending"
        for k in want
        if k not in pods or pods[k].get("nodeName") or pods[k].get("phase") != "Pending"
    ]


def _preempted(run: RunResult) -> list[str]:
    return [str(e["object"]) for e in _kind(run, "k8s.event") if e.get("reason") == "Preempted"]


def _check_preempted(want: Sequence[str], run: RunResult) -> list[str]:
    got = _preempted(run)
    return [] if sorted(set(got)) == sorted(want) else [f"preempted: got {sorted(set(got))}, expected {sorted(want)}"]


def _check_not_preempted(want: Sequence[str], run: RunResult) -> list[str]:
    got = set(_preempted(run))
    return [f"notPreempted: {k} was preempted" for k in want if k in got]


def _check_nominated(want: Mapping[str, str], run: RunResult) -> list[str]:
    got = {(e["pod"], e["node"]) for e in _kind(run, "pod.nominated")}
    return [f"nominated: {k} was never nominated to {node!r}" for k, node in want.items() if (k, node) not in got]


def _check_not_nominated(want: Sequence[str], run: RunResult) -> list[str]:
    got = {e["pod"] for e in _kind(run, "pod.nominated")}
    return [f"notNominated: {k} was nominated" for k in want if k in got]


def _check_nomination_cleared(want: Sequence[str], run: RunResult) -> list[str]:
    got = {e["pod"] for e in _kind(run, "pod.nominationCleared")}
    return [f"nominationCleared: {k}'s nomination was never cleared" for k in want if k not in got]


def _event_matches(m: Mapping[str, Any], e: Mapping[str, Any]) -> bool:
    for key, want in m.items():
        if key == "messageContains":
            if str(want) not in str(e.get("message") or ""):
                return False
        elif e.get(key) != want:
            return False
    return True


def _check_events(want: Sequence[Mapping[str, Any]], run: RunResult) -> list[str]:
    events = _kind(run, "k8s.event")
    problems = []
    for m in want:
        if not any(_event_matches(m, e) for e in events):
            seen = [f"{e.get('reason')} {e.get('object')}: {e.get('message')}" for e in events if e.get("object") == m.get("object")]
            problems.append(f"events: no k8s.event matches {dict(m)}; events for that object: {seen}")
    return problems


def _check_no_events(want: Sequence[Mapping[str, Any]], run: RunResult) -> list[str]:
    events = _kind(run, "k8s.event")
    return [f"noEvents: a k8s.event matches {dict(m)}" for m in want if any(_event_matches(m, e) for e in events)]


def _successful_preemptions(run: RunResult) -> list[dict[str, Any]]:
    return [e for e in _kind(run, "preemption.evaluated") if e.get("chosen")]


def _check_criterion(want: str, run: RunResult) -> list[str]:
    done = _successful_preemptions(run)
    if not done:
        return [f"criterion: no preemption chose a node, expected one decided by {want!r}"]
    got = done[0].get("criterion")
    return [] if got == want else [f"criterion: first preemption was decided by {got!r}, expected {want!r}"]


def _victims(e: Mapping[str, Any]) -> list[str]:
    for c in e.get("candidates") or []:
        if c.get("node") == e.get("chosen"):
            return sorted(c.get("victims") or [])
    return []


def _check_preemptions(want: Sequence[Mapping[str, Any]], run: RunResult) -> list[str]:
    done = _successful_preemptions(run)
    if len(done) != len(want):
        seen = [(e.get("pod"), e.get("chosen")) for e in done]
        return [f"preemptions: {len(done)} successful preemptions {seen}, expected {len(want)}"]
    problems = []
    for i, (w, e) in enumerate(zip(want, done)):
        got = {"pod": e.get("pod"), "chosen": e.get("chosen"), "criterion": e.get("criterion"), "victims": _victims(e)}
        for key, value in w.items():
            value = sorted(value) if key == "victims" else value
            if got[key] != value:
                problems.append(f"preemptions[{i}].{key}: got {got[key]!r}, expected {value!r}")
    return problems


def _check_pop_order(want: Sequence[str], run: RunResult) -> list[str]:
    got = [e["pod"] for e in _kind(run, "cycle.started")][: len(want)]
    return [] if got == list(want) else [f"popOrder: pods were popped {got}, expected {list(want)}"]


def _check_occurs(want: Sequence[Trigger], run: RunResult) -> list[str]:
    return [f"occurs: {describe(t)} never occurs" for t in want if find_event(t, run.events) is None]


def _check_never(want: Sequence[Trigger], run: RunResult) -> list[str]:
    found = [(t, find_event(t, run.events)) for t in want]
    return [f"never: {describe(t)} occurs at seq {e['seq']}" for t, e in found if e is not None]


def _check_timeline(want: Sequence[Mapping[str, Any]], run: RunResult) -> list[str]:
    problems = []
    for item in want:
        e = find_event(item["at"], run.events)
        if e is None:
            problems.append(f"timeline: {describe(item['at'])} never occurs")
        elif abs(float(e["t"]) - float(item["t"])) > 1e-6:
            problems.append(f"timeline: {describe(item['at'])} occurs at t={e['t']}, expected t={item['t']}")
    return problems


def _check_scores(want: Sequence[Mapping[str, Any]], run: RunResult) -> list[str]:
    problems = []
    for item in want:
        e = find_event({"event": "cycle.scored", "pod": item["pod"]}, run.events)
        if e is None:
            problems.append(f"scores: {item['pod']} was never scored")
            continue
        for key in ("totals", "chosen"):
            if key in item and e.get(key) != item[key]:
                problems.append(f"scores: {item['pod']} {key} {e.get(key)!r}, expected {item[key]!r}")
    return problems


_CHECKS: dict[str, Callable[[Any, RunResult], list[str]]] = {
    "bound": _check_bound, "pending": _check_pending, "preempted": _check_preempted,
    "notPreempted": _check_not_preempted, "nominated": _check_nominated, "notNominated": _check_not_nominated,
    "nominationCleared": _check_nomination_cleared, "events": _check_events, "noEvents": _check_no_events,
    "criterion": _check_criterion, "preemptions": _check_preemptions, "popOrder": _check_pop_order,
    "occurs": _check_occurs, "never": _check_never, "timeline": _check_timeline, "scores": _check_scores,
}


def check_lesson(lesson: Lesson, variant: Variant, run: RunResult) -> list[str]:
    """``check_variant`` and the texts' fairness to its questions."""
    return check_variant(variant, run) + check_giveaways(lesson, variant, run)


_LESSON_MENTION = re.compile(r"\blessons? (\d+)\b")


def check_texts(lesson: Lesson, glossary: Sequence[Term]) -> list[str]:
    """The lesson's texts link each glossary term where it is first used, and refer by number only
    to earlier lessons."""
    texts = [s.markdown for v in lesson.variants for s in v.steps]
    problems = check_first_uses(texts, glossary)
    for i, text in enumerate(texts):
        for m in _LESSON_MENTION.finditer(plain(text)):
            if int(m.group(1)) >= lesson.number:
                problems.append(f"step {i + 1}: refers to {m.group(0)!r}, which does not come before lesson {lesson.number}")
    return problems


def link_glossary_terms(lesson: Lesson, glossary: Sequence[Term]) -> int:
    """Rewrite the lesson's file so each glossary term's first use links to its entry; the number
    of lines changed. (Links add no line breaks, so each changed line is found by its old text.)"""
    texts = [s.markdown for v in lesson.variants for s in v.steps]
    linked = link_first_uses(texts, glossary)
    return sum(_replace_lines(lesson, old, new) for old, new in zip(texts, linked) if old != new)


def _replace_lines(lesson: Lesson, old: str, new: str) -> int:
    path = _folder_of(lesson) / LESSON_FILE
    source, changed = path.read_text().split("\n"), 0
    for before, after in zip(old.split("\n"), new.split("\n")):
        if before == after:
            continue
        at = next(i for i, line in enumerate(source) if line.strip() == before.strip() and before.strip())
        source[at] = source[at].replace(before.strip(), after.strip())
        changed += 1
    path.write_text("\n".join(source))
    return changed


_FOLDERS: dict[str, Path] = {}


def _folder_of(lesson: Lesson) -> Path:
    return _FOLDERS.get(lesson.folder, LESSONS_DIR / lesson.folder)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m playground.lessons.tooling [--link-glossary] [--skeleton zh-CN] [FOLDER...]``: check
    lessons while writing them (and each translation a lesson has); ``--link-glossary`` first links
    each glossary term's first use in their texts; ``--skeleton zh-CN`` writes a new translation file
    holding the English to translate."""
    import sys

    from playground.lessons import translations

    args = list(sys.argv[1:] if argv is None else argv)
    link = "--link-glossary" in args
    skeleton = args[args.index("--skeleton") + 1] if "--skeleton" in args else None
    folders = [Path(a) for a in args if a not in ("--link-glossary", "--skeleton", skeleton)]
    for f in folders:
        _FOLDERS[f.name] = f
    if link:
        for lesson in ([load_lesson(f) for f in folders] if folders else load_lessons()):
            print(f"{lesson.folder}: {link_glossary_terms(lesson, load_glossary())} lines linked")
    try:
        lessons = [load_lesson(f) for f in folders] if folders else load_lessons()
    except LessonError as exc:
        print(exc, file=sys.stderr)
        return 2
    if skeleton:
        for lesson in lessons:
            entries = translations.skeleton(lesson, _folder_of(lesson), skeleton)
            print(f"{lesson.folder}: {translations.file_name(skeleton)} with {entries} entries to translate")
        return 0
    failed, glossary = 0, load_glossary()
    for lesson in lessons:
        problems = check_texts(lesson, glossary)
        print(f"{'FAIL' if problems else 'ok  '} {lesson.folder} (texts)")
        for problem in problems:
            print(f"     {problem}")
        failed += bool(problems)
        for language in translations.LANGUAGES:
            if translations.path_of(_folder_of(lesson), language).is_file():
                problems = translations.check(lesson, _folder_of(lesson), language)
                print(f"{'FAIL' if problems else 'ok  '} {lesson.folder} ({language})")
                for problem in problems:
                    print(f"     {problem}")
                failed += bool(problems)
        for variant in lesson.variants:
            problems = check_lesson(lesson, variant, run_variant(variant))
            label = lesson.folder + ("" if len(lesson.variants) == 1 else f"/{variant.id}")
            print(f"{'FAIL' if problems else 'ok  '} {label}")
            for problem in problems:
                print(f"     {problem}")
            failed += bool(problems)
    for language in translations.LANGUAGES:
        if not folders and translations.glossary_file(LESSONS_DIR, language).is_file():
            problems = translations.check_glossary(glossary, LESSONS_DIR, language)
            print(f"{'FAIL' if problems else 'ok  '} glossary ({language})")
            for problem in problems:
                print(f"     {problem}")
            failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
