"""Event kinds are defined once in Python and once in TypeScript; this keeps the two in step."""
from __future__ import annotations

import re
from pathlib import Path

from scheduler_core.events import EVENT_KINDS
from scheduler_core.preemption.evaluator import CRITERIA

EVENTS_TS = Path(__file__).resolve().parent.parent / "frontend" / "src" / "protocol" / "events.ts"


def typescript_event_kinds(source: str) -> tuple[str, ...]:
    match = re.search(r"export const EVENT_KINDS = \[(.*?)\] as const;", source, re.DOTALL)
    assert match, "frontend/src/protocol/events.ts no longer declares `export const EVENT_KINDS = [...] as const`"
    return tuple(re.findall(r'"([^"]+)"', match.group(1)))


def test_typescript_event_kinds_equal_python_event_kinds() -> None:
    assert typescript_event_kinds(EVENTS_TS.read_text()) == tuple(EVENT_KINDS)


def test_the_parser_reads_kinds_in_order_and_ignores_comments() -> None:
    source = 'export const EVENT_KINDS = [\n  "a.b", // note\n  "c.d",\n] as const;\n'
    assert typescript_event_kinds(source) == ("a.b", "c.d")


def test_typescript_preemption_criteria_equal_python_criteria() -> None:
    match = re.search(r"export const PREEMPTION_CRITERIA = \[(.*?)\] as const;", EVENTS_TS.read_text(), re.DOTALL)
    assert match, "frontend/src/protocol/events.ts no longer declares PREEMPTION_CRITERIA"
    assert tuple(re.findall(r'"([^"]+)"', match.group(1))) == CRITERIA


def test_every_criterion_the_evaluator_can_report_is_listed() -> None:
    import inspect

    from scheduler_core.preemption.evaluator import Evaluator

    reported = set(re.findall(r'"([a-zA-Z]+)"', inspect.getsource(Evaluator.select_candidate)))
    assert reported - {"earliestStartTime", "prioritySum"} == set(CRITERIA)
