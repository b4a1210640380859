"""Regenerate src/test/real/lesson_steps.json: lessons' step triggers, the events their runs emit,
and each step's event seq and the step at every event as the server reads them
(playground.lessons.tooling.step_seqs / step_at), so the browser's stepSeqs / stepAt are checked
against the server's on the same log (src/features/lessons/steps.real.test.ts), and the server's
against the file (tests/playground/test_lesson_steps_agree.py).

    PYTHONPATH=. .venv/bin/python frontend/scripts/lesson_steps_fixture.py
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playground.lessons.tooling import Step, load_lessons, run_variant, step_at, step_seqs

OUT = Path(__file__).resolve().parents[1] / "src" / "test" / "real" / "lesson_steps.json"
# Between them every kind of trigger the lessons use: event, pod, node, to, reason, object, nth,
# queueEvent, messageContains, time.
FOLDERS = ("04-backoff-and-the-unschedulable-pool", "05-basic-preemption", "08-preemption-is-not-helpful",
           "09-the-nominated-node", "14-a-budget-while-pods-are-re-created")


def main() -> None:
    found = []
    for lesson in load_lessons():
        if lesson.folder not in FOLDERS:
            continue
        events = run_variant(lesson.main).events
        found.append(case(lesson.folder, lesson.main.steps, events))
        if lesson.folder == FOLDERS[1]:  # and a step whose event never comes (a run stopped early)
            never = Step(title="", markdown="", at={"event": "pod.bound", "nth": 99})
            found.append(case(f"{lesson.folder}, a step that never comes", [*lesson.main.steps, never], events))
    OUT.write_text(json.dumps({"lessons": found}, indent=1) + "\n")


def case(name: str, steps: list[Step], events: list[dict[str, Any]]) -> dict[str, Any]:
    seqs = step_seqs(steps, events)
    return {"lesson": name, "triggers": [dict(s.at) for s in steps], "events": events, "seqs": seqs,
            "steps": [step_at(seqs, e["seq"]) for e in events]}


if __name__ == "__main__":
    main()
