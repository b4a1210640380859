"""What a step's text says the screen shows, read from its words and checked against the state at
the step's event: a pod's STATUS, the time it is now, and a pod's start time.

Each check takes the step's markdown with links replaced by their labels (``glossary.plain``) and
the folded state (``scheduler_core.events.fold``), and returns the disagreements in words. Queue
contents and a time a text opens with are checked from the step's ``shows`` (``tooling.check_shows``).
No Django here.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

# t=0 of every run (docs/lessons.md): a pod's startTime is in virtual seconds from here.
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
STATUSES = ("Pending", "Running", "Terminating", "Succeeded")

# A STATUS a text gives a pod: kubectl's capitalised word in bold ("`batch-1` **Terminating**",
# "shows it **Terminating**") or after is/stays/remains ("The new pod is Pending", "It stays Pending").
_STATUS = "|".join(STATUSES)
_PHASE_CLAIM = re.compile(rf"\*\*({_STATUS})\*\*|\b(?:is|stays|remains) (?:now |still )?({_STATUS})\b")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
# Pods named one after another are one subject: "`nightly-report` and `api-cache` **Running**".
_LIST_GLUE = re.compile(r"^\s*(?:,|and|, and)\s*$")


def shown_phase(pod: Mapping[str, Any]) -> str:
    """What kubectl's STATUS column says: Terminating once a deletion is under way, else the phase."""
    return "Terminating" if pod.get("deletionTimestamp") else str(pod.get("phase"))


def check_phases(text: str, state: Mapping[str, Any]) -> list[str]:
    """Each STATUS the text gives a pod is the one the state shows. The pod is the one named (as a
    code span: `name`, `pod/name` or `namespace/name`) nearest before the claim in its paragraph,
    with any pods listed just before it."""
    problems = []
    for paragraph in text.split("\n\n"):
        spans = [(m.start(), m.end(), _pod_named(m.group(1), state)) for m in _CODE_SPAN.finditer(paragraph)]
        for claim in _PHASE_CLAIM.finditer(paragraph):
            if any(start <= claim.start() < end for start, end, _ in spans):
                continue
            status = claim.group(1) or claim.group(2)
            for pod in _subjects(paragraph, [s for s in spans if s[2] is not None and s[1] <= claim.start()]):
                if (shown := shown_phase(pod)) != status:
                    problems.append(f"the text says {pod['name']} is {status} but the state at its event shows {shown}")
    return problems


def _pod_named(span: str, state: Mapping[str, Any]) -> Mapping[str, Any] | None:
    name = span.removeprefix("pod/")
    for pod in state.get("pods", []):
        if name in (pod["name"], pod["key"]):
            return pod
    return None


def _subjects(paragraph: str, before: list[tuple[int, int, Any]]) -> list[Mapping[str, Any]]:
    """The pod named nearest before a claim, and those listed with it."""
    if not before:
        return []
    subjects = [before[-1]]
    for earlier in reversed(before[:-1]):
        if not _LIST_GLUE.match(paragraph[earlier[1]:subjects[-1][0]]):
            break
        subjects.append(earlier)
    return [s[2] for s in subjects]


# A text that says what time it is: "Now, at t=41", "The run is paused at t=0", "It is t=30".
_NOW_TIME = re.compile(r"\b(?:[Nn]ow,? (?:at )?|paused at |[Ii]t is (?:now )?)t=(\d+(?:\.\d+)?)\b")


def check_now(text: str, event: Mapping[str, Any]) -> list[str]:
    """Each time the text calls "now" is the time of the step's event."""
    return [f"the text says it is t={m.group(1)} but its event happens at t={event['t']}"
            for m in _NOW_TIME.finditer(text) if abs(float(m.group(1)) - float(event["t"])) > 1e-6]


# A start time as a date ("2025-12-29 00:00", RFC 3339 too) or in words ("three days before t=0").
_DATE_TIME = re.compile(r"\b(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)Z?\b")
_NUMBER_WORDS = {w: i for i, w in enumerate(
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"])} | {"a": 1, "an": 1}
_UNIT_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}
_OFFSET = re.compile(r"\b(\d+|" + "|".join(_NUMBER_WORDS) + r") (second|minute|hour|day|week)s? (before|after) t=0\b",
                     re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def check_start_times(text: str, state: Mapping[str, Any]) -> list[str]:
    """A start time a text gives — as a date or as "<n> <units> before t=0" — in a sentence or a table
    row that names pods is the start time of one of those pods; a date and words in one place agree."""
    problems = []
    for unit in _units(text):
        starts = {p["name"]: p.get("startTime") for p in state.get("pods", []) if _names(unit, p["name"])}
        stated = [(m.group(0), _date_seconds(m)) for m in _DATE_TIME.finditer(unit)]
        stated += [(m.group(0), _offset_seconds(m)) for m in _OFFSET.finditer(unit)]
        for words, seconds in stated:
            if starts and not any(s is not None and abs(s - seconds) < 1 for s in starts.values()):
                shown = ", ".join(f"{name} {_describe(s)}" for name, s in sorted(starts.items()))
                problems.append(f"the text gives the start time {words!r} but the state shows {shown}")
        if len({round(s) for _, s in stated}) > 1:
            problems.append(f"the text's start times disagree: {', '.join(repr(w) for w, _ in stated)}")
    return problems


def _units(text: str) -> Iterator[str]:
    """A table's rows one by one, other text sentence by sentence."""
    for paragraph in text.split("\n\n"):
        lines = paragraph.split("\n")
        yield from (line for line in lines if line.lstrip().startswith("|"))
        prose = " ".join(line for line in lines if not line.lstrip().startswith("|"))
        yield from _SENTENCE_END.split(prose)


def _names(unit: str, name: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", unit) is not None


def _date_seconds(m: re.Match[str]) -> float:
    clock = m.group(2) if m.group(2).count(":") == 2 else m.group(2) + ":00"
    when = datetime.fromisoformat(f"{m.group(1)}T{clock}+00:00")
    return (when - EPOCH).total_seconds()


def _offset_seconds(m: re.Match[str]) -> float:
    count = m.group(1).lower()
    n = int(count) if count.isdigit() else _NUMBER_WORDS[count]
    seconds = n * _UNIT_SECONDS[m.group(2).lower()]
    return -seconds if m.group(3).lower() == "before" else seconds


def _describe(seconds: float | None) -> str:
    if seconds is None:
        return "not started"
    return (EPOCH + timedelta(seconds=seconds)).strftime("%Y-%m-%d %H:%M:%S") + f" (t={seconds:g})"
