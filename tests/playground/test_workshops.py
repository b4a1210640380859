"""Workshops through their REST API: create, join as guests, predict, reveal, lock, try it myself,
push, end, export. The run worker is not started (runs stay queued); forks are checked in
test_workshops_fork.py against the real engine."""
from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.accounts.models import Profile
from playground.lessons.services import sync_lesson_scenarios
from playground.runs import bus as run_bus
from playground.runs.models import Run, RunEvent
from playground.workshops import broadcast, services
from playground.workshops.models import Answer, Participant, Workshop

pytestmark = pytest.mark.django_db(transaction=True)

LESSON = "basic-preemption"


@pytest.fixture(autouse=True)
def no_worker_no_sockets(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """What would reach the sockets, in order (announced on commit: these tests really commit)."""
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(run_bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(broadcast, "send", lambda group, payload: sent.append((group, payload)))
    sync_lesson_scenarios()
    return sent


def instructor_client(username: str = "teacher") -> APIClient:
    user = User.objects.create_user(username, password="correct horse battery")
    Profile.objects.create(user=user, is_guest=False)
    client = APIClient()
    client.force_authenticate(user)
    return client


def new_workshop(client: APIClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/workshops/", body or {"lesson": LESSON}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def student(code: str, name: str) -> APIClient:
    client = APIClient()  # anonymous: joining makes it a guest on its own session
    response = client.post(f"/api/workshops/{code}/join/", {"name": name}, format="json")
    assert response.status_code == 201, response.json()
    return client


def give_events(run_id: int, count: int) -> None:
    RunEvent.objects.bulk_create([RunEvent(run_id=run_id, seq=s, t=float(s), kind="cycle.started",
                                           data={"seq": s, "t": float(s), "kind": "cycle.started"})
                                  for s in range(1, count + 1)])
    Run.objects.filter(pk=run_id).update(last_seq=count)


def test_a_signed_in_instructor_gets_a_short_code_a_link_and_a_run_of_the_lesson() -> None:
    workshop = new_workshop(instructor_client())
    assert len(workshop["code"]) == 6 and workshop["link"] == f"/w/{workshop['code']}"
    run = Run.objects.get(pk=workshop["runId"])
    assert (run.scenario_slug, workshop["lesson"], workshop["title"]) == ("lesson05", LESSON,
                                                                           "Lesson 5: Basic preemption")
    assert workshop["position"] == {"view": "run", "runId": run.pk, "seq": None, "step": 0, "compare": None}
    assert run.pool == f"workshop:{workshop['code']}"  # not the instructor's own allowance


@pytest.mark.parametrize("body, field", [
    pytest.param({"lesson": "no-such-lesson"}, "lesson", id="an unknown lesson is named"),
    pytest.param({}, "lesson", id="neither lesson nor scenario is refused"),
    pytest.param({"lesson": LESSON, "scenario": "lesson05"}, "scenario", id="both lesson and scenario are refused"),
])
def test_creating_from_bad_material_is_a_400_naming_the_field(body: dict[str, Any], field: str) -> None:
    response = instructor_client().post("/api/workshops/", body, format="json")
    assert response.status_code == 400
    assert field in [e["field"] for e in response.json()["errors"]]
    assert not Workshop.objects.exists()


def test_a_guest_cannot_lead_a_workshop() -> None:
    client = APIClient()
    client.post("/api/workshops/X/join/", {"name": "x"}, format="json")  # any write makes no account
    user = User.objects.create_user("guest-abc")
    Profile.objects.create(user=user, is_guest=True)
    client.force_authenticate(user)
    assert client.post("/api/workshops/", {"lesson": LESSON}, format="json").status_code == 403


def test_sixty_students_behind_one_address_each_join_as_their_own_guest() -> None:
    code = new_workshop(instructor_client())["code"]
    for i in range(60):
        student(code, f"student {i}")
    participants = Participant.objects.filter(workshop__code=code)
    assert participants.count() == 60
    assert len(set(participants.values_list("user_id", flat=True))) == 60
    assert all(p.user.profile.is_guest for p in participants.select_related("user__profile"))


@pytest.mark.parametrize("name", [
    pytest.param("", id="an empty name"),
    pytest.param("   ", id="a blank name"),
    pytest.param("x" * 41, id="a name over 40 characters"),
    pytest.param(42, id="a number instead of a name"),
])
def test_a_bad_display_name_is_refused_naming_the_name_field(name: Any) -> None:
    code = new_workshop(instructor_client())["code"]
    response = APIClient().post(f"/api/workshops/{code}/join/", {"name": name}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "name"
    assert not Participant.objects.exists()


def test_joining_is_case_insensitive_about_the_code_and_rejoining_keeps_one_participant() -> None:
    code = new_workshop(instructor_client())["code"]
    client = student(code.lower(), "Ada")
    assert client.post(f"/api/workshops/{code}/join/", {"name": "Ada L."}, format="json").status_code == 201
    assert list(Participant.objects.values_list("name", flat=True)) == ["Ada L."]
    me = client.get(f"/api/workshops/{code}/").json()
    assert (me["role"], me["me"]["name"]) == ("student", "Ada L.")


def test_students_answer_the_instructor_sees_the_tally_and_the_reveal_reaches_everyone(
        no_worker_no_sockets: list[tuple[str, dict[str, Any]]]) -> None:
    teacher = instructor_client()
    workshop = new_workshop(teacher)
    code, pk = workshop["code"], Workshop.objects.get(code=workshop["code"]).pk
    assert teacher.post(f"/api/workshops/{code}/questions/", {"question": "victim"}, format="json").status_code == 201
    choices = ["default/batch-1", "default/batch-1", "default/web-1"]
    students = [student(code, f"s{i}") for i in range(3)]
    for client, choice in zip(students, choices, strict=True):
        assert client.post(f"/api/workshops/{code}/questions/victim/answer/", {"choice": choice},
                           format="json").status_code == 200
    host_tallies = [p["question"]["tally"] for g, p in no_worker_no_sockets
                    if g == broadcast.host(pk) and p["type"] == "question"]
    assert host_tallies[-1] == {"counts": {"default/batch-1": 2, "default/web-1": 1}, "answered": 3}
    student_views = [p["question"] for g, p in no_worker_no_sockets if g == broadcast.students(pk)]
    assert all("tally" not in q and "answer" not in q for q in student_views)  # nothing before the reveal

    assert teacher.post(f"/api/workshops/{code}/questions/victim/reveal/").status_code == 200
    revealed = [p["question"] for g, p in no_worker_no_sockets if g == broadcast.students(pk)][-1]
    assert (revealed["revealed"], revealed["answer"], revealed["tally"]["answered"]) == (True, "default/batch-1", 3)
    late = students[0].post(f"/api/workshops/{code}/questions/victim/answer/", {"choice": "default/web-1"},
                            format="json")
    assert late.status_code == 409
    assert Answer.objects.filter(choice="default/batch-1").count() == 2


def test_a_student_cannot_reveal_and_cannot_answer_a_question_never_asked() -> None:
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]
    client = student(code, "Bo")
    never_asked = client.post(f"/api/workshops/{code}/questions/victim/answer/", {"choice": "x"}, format="json")
    assert (never_asked.status_code, never_asked.json()["errors"][0]["field"]) == (404, "question")
    teacher.post(f"/api/workshops/{code}/questions/", {"question": "victim"}, format="json")
    assert client.post(f"/api/workshops/{code}/questions/victim/reveal/").status_code == 403


def test_try_it_myself_forks_from_the_instructors_published_point_and_back_to_class_follows_again() -> None:
    teacher = instructor_client()
    workshop = new_workshop(teacher)
    code, run_id = workshop["code"], workshop["runId"]
    give_events(run_id, 30)
    host = Workshop.objects.get(code=code)
    services.publish_position(host, host.instructor, {"runId": run_id, "seq": 12, "step": 2})
    client = student(code, "Cy")
    response = client.post(f"/api/workshops/{code}/try/")
    assert response.status_code == 201
    fork = Run.objects.get(pk=response.json()["id"])
    assert (fork.last_seq, fork.status, fork.documents) == (12, "paused", Run.objects.get(pk=run_id).documents)
    assert fork.owner == Participant.objects.get(name="Cy").user
    assert Participant.objects.get(name="Cy").mode == "own"
    assert client.post(f"/api/workshops/{code}/back/").status_code == 204
    assert Participant.objects.get(name="Cy").mode == "following"


def test_locking_brings_everyone_back_and_refuses_try_it_myself_until_unlocked() -> None:
    teacher = instructor_client()
    workshop = new_workshop(teacher)
    code = workshop["code"]
    give_events(workshop["runId"], 5)
    client = student(code, "Di")
    assert client.post(f"/api/workshops/{code}/try/").status_code == 201
    assert teacher.post(f"/api/workshops/{code}/lock/", {"locked": True}, format="json").json()["locked"] is True
    assert Participant.objects.get(name="Di").mode == "following"
    assert client.post(f"/api/workshops/{code}/try/").status_code == 409
    teacher.post(f"/api/workshops/{code}/lock/", {"locked": False}, format="json")
    assert client.post(f"/api/workshops/{code}/try/").status_code == 201


@pytest.mark.parametrize("position, field", [
    pytest.param({"runId": 999999, "seq": 1}, "position.runId", id="a run that does not exist"),
    pytest.param({"runId": None}, "position.runId", id="no run"),
    pytest.param({"seq": -1}, "position.seq", id="a negative seq"),
    pytest.param({"seq": "two"}, "position.seq", id="a seq that is not a number"),
])
def test_a_bad_position_is_refused_naming_the_field(position: dict[str, Any], field: str) -> None:
    teacher = instructor_client()
    workshop = new_workshop(teacher)
    host = Workshop.objects.get(code=workshop["code"])
    from playground.api_errors import InvalidDocuments

    with pytest.raises(InvalidDocuments) as raised:
        services.publish_position(host, host.instructor, {"runId": workshop["runId"], **position})
    assert raised.value.errors[0]["field"] == field
    host.refresh_from_db()
    assert host.position["seq"] is None


def test_pushing_a_scenario_starts_a_fresh_run_on_every_following_screen(
        no_worker_no_sockets: list[tuple[str, dict[str, Any]]]) -> None:
    teacher = instructor_client()
    workshop = new_workshop(teacher)
    pushed = teacher.post(f"/api/workshops/{workshop['code']}/push/", {"scenario": "lesson04"}, format="json").json()
    assert pushed["runId"] != workshop["runId"] and pushed["scenario"] == "lesson04" and pushed["lesson"] is None
    announced = [p for _, p in no_worker_no_sockets if p["type"] == "workshop"][-1]["workshop"]
    assert announced["position"]["runId"] == pushed["runId"]


def test_pushing_a_comparison_puts_both_runs_on_the_screens() -> None:
    teacher = instructor_client()
    workshop = new_workshop(teacher)
    other = new_workshop(teacher, scenario="lesson04")["runId"]
    pushed = teacher.post(f"/api/workshops/{workshop['code']}/push/",
                          {"compare": {"a": workshop["runId"], "b": other}}, format="json").json()
    assert pushed["position"]["view"] == "compare"
    assert pushed["position"]["compare"] == {"a": workshop["runId"], "b": other}


def test_ending_keeps_the_results_and_refuses_new_joins() -> None:
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]
    student(code, "Eve")
    assert teacher.post(f"/api/workshops/{code}/end/").json()["status"] == "ended"
    assert APIClient().post(f"/api/workshops/{code}/join/", {"name": "Late"}, format="json").status_code == 409
    assert [r["name"] for r in teacher.get(f"/api/workshops/{code}/roster/").json()] == ["Eve"]


def test_the_export_has_one_row_per_student_and_question_with_correctness_in_csv_and_json() -> None:
    teacher = instructor_client()
    code = new_workshop(teacher)["code"]
    teacher.post(f"/api/workshops/{code}/questions/", {"question": "victim"}, format="json")
    right, wrong = student(code, "Fay"), student(code, "Gus")
    student(code, "Hal")  # never answers
    right.post(f"/api/workshops/{code}/questions/victim/answer/", {"choice": "default/batch-1"}, format="json")
    wrong.post(f"/api/workshops/{code}/questions/victim/answer/", {"choice": "default/web-1"}, format="json")
    response = teacher.get(f"/api/workshops/{code}/export.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["name"], r["answer"], r["correct"]) for r in rows] == [
        ("Fay", "default/batch-1", "True"), ("Gus", "default/web-1", "False"), ("Hal", "", "")]
    exported = teacher.get(f"/api/workshops/{code}/export.json").json()
    assert exported["questions"][0]["tally"] == {"counts": {"default/batch-1": 1, "default/web-1": 1}, "answered": 2}
    assert [p["answers"] for p in exported["participants"]] == [
        {"victim": "default/batch-1"}, {"victim": "default/web-1"}, {}]


def test_only_the_instructor_sees_the_roster_and_the_export() -> None:
    code = new_workshop(instructor_client())["code"]
    client = student(code, "Ivy")
    for url in ("roster/", "export.csv", "export.json"):
        assert client.get(f"/api/workshops/{code}/{url}").status_code == 403
