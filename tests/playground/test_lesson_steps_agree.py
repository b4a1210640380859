"""The server's reading of a lesson's steps (tooling.step_seqs / step_at, and the StepReader a
workshop's class run is followed with, tick by tick) on the real lesson logs the browser's
stepSeqs / stepAt are checked against (frontend/src/features/lessons/steps.real.test.ts):
one rule on both sides. Regenerate the file with frontend/scripts/lesson_steps_fixture.py."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from playground.lessons import tooling

FIXTURE = Path(__file__).resolve().parents[2] / "frontend" / "src" / "test" / "real" / "lesson_steps.json"
CASES = [pytest.param(c, id=c["lesson"]) for c in json.loads(FIXTURE.read_text())["lessons"]]


def steps_of(case: dict[str, Any]) -> list[tooling.Step]:
    return [tooling.Step(title="", markdown="", at=trigger) for trigger in case["triggers"]]


@pytest.mark.parametrize("case", CASES)
def test_each_step_s_event_and_the_step_at_every_event_are_the_ones_the_browser_is_checked_against(
        case: dict[str, Any]) -> None:
    seqs = tooling.step_seqs(steps_of(case), case["events"])
    assert seqs == case["seqs"]
    assert [tooling.step_at(seqs, e["seq"]) for e in case["events"]] == case["steps"]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("tick", [1, 3, 50])
def test_read_tick_by_tick_as_the_engine_commits_them_each_tick_ends_at_the_same_step(
        case: dict[str, Any], tick: int) -> None:
    reader, events = tooling.StepReader(case["triggers"]), case["events"]
    for start in range(0, len(events), tick):
        reader.feed(events[start:start + tick])
        last = min(start + tick, len(events)) - 1
        assert reader.step == case["steps"][last], f"after event {events[last]['seq']}"
    assert reader.seqs == case["seqs"]
