"""GET /api/runs/<id>/outcome/ says what each built-in lesson says happens, and /wait/ cannot be
mistaken: a timeout is a 504, a pod that will never reach its phase a 409."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from playground.lessons.tooling import Lesson, load_lessons, run_variant
from playground.runs.models import Run, RunEvent
from scheduler_core.outcome import outcome_of
from tests.playground.test_runs_api import client_for, run_of, store_simulation

pytestmark = pytest.mark.django_db

LESSONS = [pytest.param(lesson, id=lesson.folder) for lesson in load_lessons()]


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice")


def stored_lesson_run(owner: User, lesson: Lesson) -> tuple[Run, list[dict[str, Any]]]:
    """The lesson's run as the worker stores it, and its events up to the lesson's ``until``."""
    events = run_variant(lesson.main).events
    run = run_of(owner)
    RunEvent.objects.bulk_create([RunEvent.from_event(run.pk, e) for e in events])
    Run.objects.filter(pk=run.pk).update(last_seq=len(events), status="finished", reason="quiescent")
    until = lesson.main.until
    return run, [e for e in events if until is None or e["t"] <= until]


def disagreements(expect: dict[str, Any], outcome: dict[str, Any]) -> list[str]:
    """What the outcome says against the lesson's expect block: final nodes, victims, deciders."""
    pods = {pod["key"]: pod for pod in outcome["pods"]}
    done = outcome["preemptions"]
    victims = {v for p in done for v in p["victims"]}
    problems = [f"bound {key}: {pods.get(key, {}).get('node')!r} != {node!r}"
                for key, node in expect.get("bound", {}).items() if pods.get(key, {}).get("node") != node]
    problems += [f"pending {key}: {pods.get(key)}" for key in expect.get("pending", [])
                 if pods.get(key, {}).get("phase") != "Pending" or pods[key]["node"] is not None]
    if "preempted" in expect and victims != set(expect["preempted"]):
        problems.append(f"victims {sorted(victims)} != {sorted(expect['preempted'])}")
    problems += [f"{key} was a victim" for key in expect.get("notPreempted", []) if key in victims]
    if "criterion" in expect and (not done or done[0]["criterion"] != expect["criterion"]):
        problems.append(f"first criterion {done[0]['criterion'] if done else None!r} != {expect['criterion']!r}")
    if "preemptions" in expect:
        got = [{"pod": p["preemptor"], "chosen": p["node"], "criterion": p["criterion"], "victims": sorted(p["victims"])}
               for p in done]
        want = [{**w, "victims": sorted(w["victims"])} for w in expect["preemptions"]]
        if got != want:
            problems.append(f"preemptions {got} != {want}")
    return problems


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_outcome_of_each_lessons_run_is_what_the_lesson_says_happens(alice: User, lesson: Lesson) -> None:
    run, events = stored_lesson_run(alice, lesson)
    response = client_for(alice).get(f"/api/runs/{run.pk}/outcome/?seq={events[-1]['seq']}")
    assert response.status_code == 200, response.json()
    outcome = response.json()
    assert disagreements(dict(lesson.main.expect), outcome) == []
    assert {k: outcome[k] for k in ("run", "seq", "status", "settled")} == {
        "run": run.pk, "seq": events[-1]["seq"], "status": "finished", "settled": True}
    assert {k: v for k, v in outcome.items() if k not in ("run", "seq", "status", "settled")} == outcome_of(events)


def test_a_lesson_that_names_its_victims_is_checked_against_them() -> None:
    """The comparison above can fail: a wrong victim or node is reported."""
    lesson = next(lesson for lesson in load_lessons() if lesson.slug == "pdbs-steer-but-do-not-forbid")
    outcome = outcome_of(run_variant(lesson.main).events)
    wrong = {"preempted": ["default/web-1"], "bound": {"default/pay-1": "node-a"}}
    assert len(disagreements(wrong, outcome)) == 2


def test_the_outcome_counts_attempts_failures_pdb_violations_and_allocation(alice: User) -> None:
    lesson = next(lesson for lesson in load_lessons() if lesson.slug == "pdbs-steer-but-do-not-forbid")
    run, _ = stored_lesson_run(alice, lesson)
    outcome = client_for(alice).get(f"/api/runs/{run.pk}/outcome/").json()
    pay_2 = next(pod for pod in outcome["pods"] if pod["key"] == "default/pay-2")
    assert (pay_2["attempts"], pay_2["lastFailedScheduling"]) == (2, "0/2 nodes are available: 2 Insufficient cpu.")
    assert [p["pdbViolations"] for p in outcome["preemptions"]] == [0, 1]  # pay-2's only candidate breaks web's PDB
    assert [(d["pod"], d["reason"]) for d in outcome["deleted"]] == [("default/batch-1", "Preempted"),
                                                                    ("default/web-1", "Preempted")]
    node_a = next(node for node in outcome["nodes"] if node["name"] == "node-a")
    assert node_a["pods"] == ["default/pay-2"] and node_a["requested"]["pods"] == 1
    assert node_a["requested"]["cpu"] <= node_a["allocatable"]["cpu"]
    assert outcome["time"] == max(e.t for e in RunEvent.objects.filter(run=run))


def test_the_outcome_of_a_run_without_events_is_a_404_and_a_seq_past_the_end_a_400(alice: User) -> None:
    run = run_of(alice)
    assert client_for(alice).get(f"/api/runs/{run.pk}/outcome/").status_code == 404
    store_simulation(run)
    assert client_for(alice).get(f"/api/runs/{run.pk}/outcome/?seq=99999").status_code == 400


def test_a_wait_that_times_out_is_a_504_with_the_run_as_it_is(alice: User) -> None:
    run = run_of(alice)  # queued, and no worker takes it
    response = client_for(alice).get(f"/api/runs/{run.pk}/wait/?timeout=0")
    body = response.json()
    assert response.status_code == 504
    assert (body["settled"], body["status"], body["errors"]) == (False, "queued", [])
    assert body["message"] == f"timed out after 0 s waiting for run {run.pk} to settle (it is queued)"


def test_a_wait_for_a_pod_answers_when_it_is_in_that_phase(alice: User) -> None:
    run = run_of(alice, status="running")  # not settled: the pod's phase alone answers
    store_simulation(run)
    Run.objects.filter(pk=run.pk).update(status="running")
    response = client_for(alice).get(f"/api/runs/{run.pk}/wait/?pod=web&phase=Running&timeout=5")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["settled"], body["pod"]["key"], body["pod"]["nodeName"]) == (False, "default/web", "n1")


def test_a_wait_for_a_phase_a_settled_run_will_not_reach_is_a_409(alice: User) -> None:
    run = run_of(alice)
    store_simulation(run)
    response = client_for(alice).get(f"/api/runs/{run.pk}/wait/?pod=default/web&phase=Succeeded&timeout=5")
    assert response.status_code == 409
    assert response.json()["message"] == (f"run {run.pk} settled (finished) and default/web is Running on n1: "
                                          "it will not be Succeeded without a command")


def test_a_wait_for_a_pod_still_to_come_times_out_as_a_504(alice: User) -> None:
    run = run_of(alice, status="running")
    response = client_for(alice).get(f"/api/runs/{run.pk}/wait/?pod=default/later&phase=Running&timeout=0")
    assert response.status_code == 504 and response.json()["pod"] is None


@pytest.mark.parametrize(("query", "field"), [("phase=Running", "pod"), ("pod=web&phase=Bound", "phase"),
                                              ("pod=web", "phase")])
def test_a_wait_condition_needs_a_pod_and_a_known_phase(alice: User, query: str, field: str) -> None:
    run = run_of(alice)
    response = client_for(alice).get(f"/api/runs/{run.pk}/wait/?{query}&timeout=0")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == field
