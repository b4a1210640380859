"""Every lesson played on the server to the end, through the REST API and a real Celery worker:
the worker applies the lesson's timed commands itself, so every step's trigger occurs, in order,
and the stored log is exactly the lesson checker's."""
from __future__ import annotations

from typing import Any

import pytest

from playground.lessons.tooling import RunResult, Variant, check_questions, check_steps, load_lessons, run_variant
from tests.integration.test_runs_live import Api
from tests.playground.test_run_outcome import disagreements

LESSONS = [pytest.param(lesson, id=lesson.folder) for lesson in load_lessons()]


@pytest.fixture(scope="module")
def api(live_server_url: str, celery_worker_process: Any) -> Api:
    return Api(live_server_url)


def play(api: Api, slug: str, scenario: str) -> tuple[int, list[dict[str, Any]]]:
    run = api.call("POST", "/api/runs/", {"scenario": scenario, "lesson": slug, "speed": 0, "paused": False},
                   expect=201)
    assert run["lesson"] == slug
    api.wait(run["id"], timeout=120)
    events = api.stored_events(run["id"])
    api.command(run["id"], {"type": "stop"})  # a settled run still counts against the owner's 3 active runs
    return run["id"], events


def up_to(events: list[dict[str, Any]], variant: Variant) -> list[dict[str, Any]]:
    return [e for e in events if variant.until is None or e["t"] <= variant.until]


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_run_on_the_server_reaches_every_step_in_order(api: Api, lesson: Any) -> None:
    variant = lesson.main
    lesson_json = api.call("GET", f"/api/lessons/{lesson.slug}/")
    run_id, events = play(api, lesson.slug, lesson_json["scenario"])
    result = RunResult(events=events, state={})
    assert check_steps(variant, result) == []
    assert check_questions(variant, result) == []
    assert up_to(events, variant) == run_variant(variant).events
    outcome = api.call("GET", f"/api/runs/{run_id}/outcome/?seq={up_to(events, variant)[-1]['seq']}")
    assert disagreements(dict(variant.expect), outcome) == []  # the victims and final nodes the lesson tells
    applied = [e["source"] for e in events if e["kind"] == "command.applied"]
    assert applied == ["lesson"] * len(variant.commands)


def test_a_lesson_run_stepped_resumed_and_restarted_gives_the_checkers_log(api: Api) -> None:
    lesson = next(lesson for lesson in load_lessons() if lesson.slug == "backoff-and-the-unschedulable-pool")  # commands at 0.5 (two), 1, 100, 400
    expected = run_variant(lesson.main).events
    run = api.call("POST", "/api/runs/", {"scenario": "lesson04", "lesson": lesson.slug, "speed": 0}, expect=201)
    assert api.wait(run["id"])["status"] == "paused"  # the worker takes it as paused at t=0
    for _ in range(3):
        api.command(run["id"], {"type": "step"})
    api.command(run["id"], {"type": "resume"})
    api.wait(run["id"], timeout=120)
    assert api.stored_events(run["id"]) == expected

    fresh = api.call("POST", f"/api/runs/{run['id']}/commands/", {"type": "restart"}, expect=201)["run"]
    assert fresh["lesson"] == lesson.slug and api.wait(fresh["id"])["status"] == "paused"
    api.command(fresh["id"], {"type": "resume"})
    api.wait(fresh["id"], timeout=120)
    assert api.stored_events(fresh["id"]) == expected
