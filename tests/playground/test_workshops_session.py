"""A whole session, server side: lessons pushed one after another (fresh questions each time, the
class's previous run stopped, the workshop's own allowance of runs), the class's step computed by
the server, and the edges of the export and the roster. The run worker is not started."""
from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from rest_framework.test import APIClient

from playground.lessons import selectors as lessons
from playground.lessons import tooling
from playground.runs import conf
from playground.runs.models import Run, RunCommand, RunEvent
from playground.workshops import apis, services
from playground.workshops.models import Participant, Workshop
from tests.playground.test_workshops import LESSON, instructor_client, new_workshop, no_worker_no_sockets, student

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["no_worker_no_sockets"]  # the autouse fixture, for this module too


def push(teacher: APIClient, code: str, **body: Any) -> Any:
    return teacher.post(f"/api/workshops/{code}/push/", body, format="json")


def ask(teacher: APIClient, code: str, key: str) -> dict[str, Any]:
    response = teacher.post(f"/api/workshops/{code}/questions/", {"question": key}, format="json")
    assert response.status_code == 201, response.json()
    return dict(response.json())


def answer(client: APIClient, code: str, key: str, choice: str) -> int:
    return int(client.post(f"/api/workshops/{code}/questions/{key}/answer/", {"choice": choice},
                           format="json").status_code)


def test_every_push_asks_afresh_even_a_question_id_an_earlier_lesson_used() -> None:
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]
    ada = student(code, "Ada")
    ask(teacher, code, "victim")
    assert answer(ada, code, "victim", "default/batch-1") == 200
    teacher.post(f"/api/workshops/{code}/questions/victim/reveal/")

    assert push(teacher, code, lesson="minimal-victims-and-reprieve").status_code == 200
    asked = ask(teacher, code, "victim")
    assert (asked["lesson"], asked["revealed"], asked["tally"]["answered"]) == (
        "minimal-victims-and-reprieve", False, 0)
    assert "Which" in asked["prompt"] and asked["answer"] == "default/analytics-mid"
    assert answer(ada, code, "victim", "default/analytics-mid") == 200  # not "predictions are closed"
    me = ada.get(f"/api/workshops/{code}/").json()
    assert me["push"] == 2
    assert teacher.get(f"/api/workshops/{code}/roster/").json()[0]["answers"] == {"victim": "default/analytics-mid"}


def test_the_same_lesson_pushed_twice_starts_with_no_question_asked() -> None:
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]
    student(code, "Bo")
    ask(teacher, code, "victim")
    push(teacher, code, lesson=LESSON)
    host = Workshop.objects.get(code=code)
    assert services.selectors.questions_for(host, host=True) == []
    assert ask(teacher, code, "victim")["tally"] == {"counts": {}, "answered": 0}


def test_pushing_the_next_lesson_stops_the_class_s_previous_run_and_keeps_it() -> None:
    teacher = instructor_client()
    first = new_workshop(teacher)
    pushed = push(teacher, first["code"], lesson="minimal-victims-and-reprieve").json()
    stop = RunCommand.objects.get(run_id=first["runId"])
    assert (stop.type, stop.status) == ("stop", "pending")
    assert Run.objects.filter(pk=first["runId"]).exists() and pushed["runId"] != first["runId"]


def test_a_workshop_s_runs_do_not_count_against_its_instructor_s_own_limit() -> None:
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]
    for _ in range(conf.MAX_ACTIVE_PER_OWNER):
        assert teacher.post("/api/runs/", {"scenario": "lesson02"}, format="json").status_code == 201
    for lesson in ("minimal-victims-and-reprieve", "pdbs-steer-but-do-not-forbid", LESSON):
        assert push(teacher, code, lesson=lesson).status_code == 200


def test_a_full_workshop_allowance_is_refused_naming_the_runs_and_the_lesson_field() -> None:
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]
    pool = services.pool(code)
    user = Workshop.objects.get(code=code).instructor
    branches = [Run.objects.create(scenario_slug="lesson02", owner=user, pool=pool, status="running")
                for _ in range(conf.MAX_ACTIVE_PER_POOL)]
    response = push(teacher, code, lesson=LESSON)
    assert response.status_code == 429
    error = response.json()["errors"][0]
    holding = [r.pk for r in branches]
    assert (error["field"], error["runs"]) == ("lesson", holding)
    assert error["message"].startswith(f"{pool} already has 3 active runs (limit 3): runs {', '.join(map(str, holding))}")
    assert '{"type": "stop"}' in error["message"]
    assert Workshop.objects.get(code=code).push == 1  # nothing half-done: the class's run was not stopped either
    assert not RunCommand.objects.exists()


def lesson_run_events(run_id: int, slug: str) -> list[dict[str, Any]]:
    """The real events of the lesson's run, stored as the worker would have."""
    events = tooling.run_variant(lessons.lesson_by_slug(slug).main).events
    RunEvent.objects.bulk_create([RunEvent.from_event(run_id, e) for e in events])
    Run.objects.filter(pk=run_id).update(last_seq=len(events))
    return events


def test_the_class_s_step_is_the_server_s_reading_of_the_event_whatever_the_page_says() -> None:
    teacher = instructor_client()
    workshop = new_workshop(teacher)
    events = lesson_run_events(workshop["runId"], LESSON)
    lesson = lessons.lesson_by_slug(LESSON).main
    seqs = tooling.step_seqs(lesson.steps, events)
    assert all(s is not None for s in seqs)
    host = Workshop.objects.get(code=workshop["code"])
    for step, seq in enumerate(seqs, start=1):
        position = services.publish_position(host, host.instructor, {"runId": workshop["runId"], "seq": seq, "step": 1})
        assert position["step"] == step
    live = services.publish_position(host, host.instructor, {"runId": workshop["runId"], "seq": None})
    assert live["step"] == len(seqs)
    assert services.publish_position(host, host.instructor, {"runId": workshop["runId"], "seq": 0})["step"] == 0


def test_the_csv_export_names_the_lesson_the_current_step_and_defuses_formulas() -> None:
    teacher = instructor_client()
    workshop = new_workshop(teacher)
    code = workshop["code"]
    events = lesson_run_events(workshop["runId"], LESSON)
    names = ["=HYPERLINK(\"http://x\")", "+1", "-2", "@SUM(A1)", "Plain"]  # (join strips tabs and CRs)
    clients = [student(code, name) for name in names]
    ask(teacher, code, "victim")
    answer(clients[0], code, "victim", "default/batch-1")
    push(teacher, code, lesson="minimal-victims-and-reprieve")
    ask(teacher, code, "victim")
    answer(clients[0], code, "victim", "default/analytics-mid")
    host = Workshop.objects.get(code=code)
    seq = tooling.step_seqs(lessons.lesson_by_slug(LESSON).main.steps, events)[2]
    # the new lesson's run has no events here: the class is at its step 0 unless a page moved it
    services.publish_position(host, host.instructor, {"runId": workshop["runId"], "seq": seq})
    rows = list(csv.DictReader(io.StringIO(teacher.get(f"/api/workshops/{code}/export.csv").content.decode())))
    assert {r["name"] for r in rows} == {"'=HYPERLINK(\"http://x\")", "'+1", "'-2", "'@SUM(A1)", "Plain"}
    first = [(r["lesson"], r["question"], r["answer"], r["correct"], r["step"]) for r in rows
             if r["name"].startswith("'=")]
    assert first == [(LESSON, "victim", "default/batch-1", "True", "3"),
                     ("minimal-victims-and-reprieve", "victim", "default/analytics-mid", "True", "3")]


def test_a_class_following_live_is_exported_at_the_step_of_the_run_s_latest_event() -> None:
    teacher = instructor_client()
    workshop = new_workshop(teacher)
    lesson_run_events(workshop["runId"], LESSON)  # the class's position stays live (seq null)
    student(workshop["code"], "Ida")
    rows = list(csv.DictReader(io.StringIO(teacher.get(f"/api/workshops/{workshop['code']}/export.csv").content.decode())))
    assert [(r["name"], r["lesson"], r["step"]) for r in rows] == [("Ida", LESSON, "7")]


def test_every_reader_gives_a_live_class_the_step_of_the_run_s_latest_event_not_the_stored_one() -> None:
    """Regression: a push stores step 0 (its run has no event yet) and the class follows live; the
    roster, the projector (the instructor's hello), the workshop JSON and the export read the step
    at the run's latest event, all from one function, never the 0 stored with the position."""
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]
    ida = student(code, "Ida")
    pushed = push(teacher, code, lesson="minimal-victims-and-reprieve").json()
    assert pushed["position"]["step"] == 0  # no event yet
    events = lesson_run_events(pushed["runId"], "minimal-victims-and-reprieve")
    host = Workshop.objects.get(code=code)
    assert (host.position["seq"], host.position["step"]) == (None, 0)  # stored when the class went live
    last = tooling.step_at(tooling.step_seqs(lessons.lesson_by_slug("minimal-victims-and-reprieve").main.steps,
                                             events), len(events))
    assert last == 4
    hello = services.selectors.hello(host, host.instructor)
    assert hello is not None
    student_hello = services.selectors.hello(host, Participant.objects.get(name="Ida").user)
    assert student_hello is not None
    steps = {
        "REST workshop (instructor)": teacher.get(f"/api/workshops/{code}/").json()["position"]["step"],
        "REST workshop (student)": ida.get(f"/api/workshops/{code}/").json()["position"]["step"],
        "REST workshop (student, me)": ida.get(f"/api/workshops/{code}/").json()["me"]["step"],
        "REST roster": teacher.get(f"/api/workshops/{code}/roster/").json()[0]["step"],
        "hello (instructor, projector)": hello["workshop"]["position"]["step"],
        "hello roster": hello["roster"][0]["step"],
        "hello (student)": student_hello["workshop"]["position"]["step"],
        "export.json": teacher.get(f"/api/workshops/{code}/export.json").json()["workshop"]["position"]["step"],
        "export.json roster": teacher.get(f"/api/workshops/{code}/export.json").json()["participants"][0]["step"],
        "export.csv": int(next(csv.DictReader(io.StringIO(
            teacher.get(f"/api/workshops/{code}/export.csv").content.decode())))["step"]),
    }
    assert steps == dict.fromkeys(steps, last)


@pytest.mark.parametrize("cell, written", [
    pytest.param("\tcmd", "'\tcmd", id="a leading tab is quoted"),
    pytest.param("\rcmd", "'\rcmd", id="a leading carriage return is quoted"),
    pytest.param("a=b", "a=b", id="a formula sign inside the text is left alone"),
    pytest.param(None, None, id="an empty cell stays empty"),
])
def test_a_cell_a_spreadsheet_would_run_gets_a_leading_quote(cell: Any, written: Any) -> None:
    assert apis.spreadsheet_safe(cell) == written


@pytest.mark.parametrize("taken, again", [
    pytest.param("Ada", "Ada", id="the same name"),
    pytest.param("Ada", " ada ", id="the same name in other case and spaces"),
])
def test_a_display_name_already_in_the_class_is_refused_naming_name(taken: str, again: str) -> None:
    code = new_workshop(instructor_client())["code"]
    ada = student(code, taken)
    response = APIClient().post(f"/api/workshops/{code}/join/", {"name": again}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "name" and "taken" in response.json()["errors"][0]["message"]
    assert ada.post(f"/api/workshops/{code}/join/", {"name": taken}, format="json").status_code == 201  # rejoining
