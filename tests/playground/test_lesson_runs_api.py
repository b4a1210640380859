"""Starting a lesson's run: its timed commands are frozen into the run, which starts paused."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.lessons.services import sync_lesson_scenarios
from playground.lessons.tooling import load_lessons, timed_commands
from playground.runs import services
from playground.runs.models import Run

pytestmark = pytest.mark.django_db

PDB_LESSON = next(lesson for lesson in load_lessons() if lesson.slug == "pdbs-steer-but-do-not-forbid")


@pytest.fixture(autouse=True)
def lessons_and_no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services.bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(services.bus, "wake", lambda run_id: None)
    sync_lesson_scenarios()


@pytest.fixture
def client() -> APIClient:
    client = APIClient()
    client.force_authenticate(User.objects.create_user("student"))
    return client


def start(client: APIClient, **body: Any) -> Any:
    return client.post("/api/runs/", body, format="json")


@pytest.mark.parametrize("lesson", [
    pytest.param(PDB_LESSON.slug, id="by the lesson's slug"),
    pytest.param(PDB_LESSON.folder, id="by the lesson's folder name"),
])
def test_a_lesson_run_freezes_the_lessons_commands_and_starts_paused(client: APIClient, lesson: str) -> None:
    response = start(client, scenario="lesson12", lesson=lesson)
    assert response.status_code == 201, response.json()
    assert response.json()["lesson"] == lesson
    run = Run.objects.get(pk=response.json()["id"])
    assert (run.status, run.start_paused) == ("queued", True)  # a worker takes it as paused at t=0
    assert run.timed_commands == timed_commands(PDB_LESSON.main) and run.timed_commands[0]["at"] == 60


def test_a_lesson_run_asked_not_to_pause_is_queued_to_run(client: APIClient) -> None:
    body = start(client, scenario="lesson12", lesson=PDB_LESSON.slug, paused=False).json()
    assert body["status"] == "queued" and Run.objects.get(pk=body["id"]).start_paused is False


def test_any_run_can_start_paused_and_a_plain_run_has_no_lesson(client: APIClient) -> None:
    body = start(client, scenario="lesson12", paused=True).json()
    assert body["lesson"] is None
    run = Run.objects.get(pk=body["id"])
    assert (run.start_paused, run.timed_commands) == (True, [])


@pytest.mark.parametrize(("body", "message"), [
    pytest.param({"scenario": "lesson02", "lesson": PDB_LESSON.slug}, "runs scenario lesson12, not 'lesson02'",
                 id="another lesson's scenario"),
    pytest.param({"scenario": "lesson12", "lesson": "no-such-lesson"}, "no such lesson", id="an unknown lesson"),
])
def test_a_lesson_that_does_not_fit_is_a_400_naming_lesson_and_stores_nothing(
        client: APIClient, body: dict[str, Any], message: str) -> None:
    response = start(client, **body)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["field"], error["value"]) == ("lesson", body["lesson"]) and message in error["message"]
    assert not Run.objects.exists()


def test_restarting_a_lesson_run_keeps_its_commands_and_starts_paused_again(client: APIClient) -> None:
    run_id = start(client, scenario="lesson12", lesson=PDB_LESSON.slug, paused=False).json()["id"]
    fresh = client.post(f"/api/runs/{run_id}/commands/", {"type": "restart"}, format="json").json()["run"]
    assert fresh["lesson"] == PDB_LESSON.slug
    restarted = Run.objects.get(pk=fresh["id"])
    assert (restarted.start_paused, restarted.timed_commands) == (True, timed_commands(PDB_LESSON.main))


def test_the_run_json_carries_the_clock_anchor_and_the_server_time(client: APIClient) -> None:
    run_id = start(client, scenario="lesson12", lesson=PDB_LESSON.slug).json()["id"]
    Run.objects.filter(pk=run_id).update(time=12.1)
    body = client.get(f"/api/runs/{run_id}/").json()
    assert (body["clock"]["time"], body["clock"]["running"], body["clock"]["speed"]) == (12.1, False, body["speed"])
    assert body["serverTime"] >= body["clock"]["wallTime"]
