"""Issue 28: an owner deletes their own run — stopped if active, its events and commands gone, its bytes
out of their storage quota. Nobody else may: 404 for whoever cannot watch it (as a run that does not
exist), 403 for whoever can; a run a workshop in progress uses stays until the workshop ends."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.accounts import services as accounts
from playground.jsontext import encode_json
from playground.runs.models import Run, RunCommand, RunEvent
from playground.scenarios import quotas
from playground.scenarios.models import Scenario
from playground.workshops.models import Workshop
from tests.playground.scenarios_support import as_, make_node
from tests.playground.test_runs_api import no_worker  # noqa: F401 (fixture)
from tests.playground.test_runs_engine import (  # noqa: F401  (fixtures are found by name)
    Harness,
    clock,
    command,
    committed,
    harness,
    k8s_node,
    make_run,
)

pytestmark = pytest.mark.django_db


def priority_class(name: str, value: int) -> dict[str, Any]:
    return {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name}, "value": value}


def pod(name: str, priority: str, grace: int = 0) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"},
            "spec": {"priorityClassName": priority, "terminationGracePeriodSeconds": grace,
                     "containers": [{"name": "c", "resources": {"requests": {"cpu": "1500m"}}}]}}


def a_run(owner: User, visibility: str = "public", events: int = 1) -> Run:
    scenario = Scenario.objects.create(title="s", owner=owner, visibility=visibility, manifests=[make_node("n")])
    run = Run.objects.create(scenario=scenario, scenario_slug=scenario.slug, owner=owner, status="paused",
                             documents=[make_node("n")], last_seq=events, log_bytes=events * 20)
    RunEvent.objects.bulk_create([RunEvent(run=run, seq=s, t=0.0, kind="x", data={"seq": s, "kind": "x"})
                                  for s in range(1, events + 1)])
    return run


def delete(client: APIClient, run: Run | int) -> Any:
    return client.delete(f"/api/runs/{getattr(run, 'pk', run)}/")


def test_the_owner_deletes_their_run_its_events_and_commands_and_frees_its_bytes(no_worker: list[int]) -> None:
    owner = accounts.create_guest()
    run = a_run(owner, visibility="private", events=3)
    RunCommand.objects.create(run=run, seq=1, type="cordon", payload={"type": "cordon", "node": "n"})
    before = quotas.stored_bytes(owner)
    assert delete(as_(owner), run).status_code == 204
    assert not Run.objects.filter(pk=run.pk).exists()
    assert not RunEvent.objects.filter(run_id=run.pk).exists() and not RunCommand.objects.filter(run_id=run.pk).exists()
    assert before - quotas.stored_bytes(owner) == len(encode_json([make_node("n")])) + 3 * 20  # documents and log
    assert as_(owner).get(f"/api/runs/{run.pk}/").status_code == 404
    assert delete(as_(owner), run).status_code == 404


@pytest.mark.parametrize("visibility, status", [
    pytest.param("public", 403, id="one who may watch it but does not own it is forbidden"),
    pytest.param("private", 404, id="one who may not watch it is told it does not exist, as for no run"),
])
def test_nobody_but_the_owner_deletes_a_run(visibility: str, status: int, no_worker: list[int]) -> None:
    run = a_run(User.objects.create_user("owner"), visibility=visibility)
    stranger = User.objects.create_user("stranger")
    for client in (as_(stranger), APIClient()):
        response = delete(client, run)
        assert response.status_code == status, response.content
    assert delete(as_(stranger), 10**9).status_code == 404
    assert Run.objects.filter(pk=run.pk).exists()


def test_a_run_a_workshop_in_progress_uses_stays_until_it_ends(no_worker: list[int]) -> None:
    alice = User.objects.create_user("alice")
    teacher = as_(alice)
    slug = Scenario.objects.create(title="s", owner=alice, visibility="public", manifests=[make_node("n")]).slug
    workshop = teacher.post("/api/workshops/", {"scenario": slug}, format="json").json()
    class_run = workshop["runId"]
    RunEvent.objects.create(run_id=class_run, seq=1, t=0.0, kind="cluster.snapshot", data={"seq": 1, "kind": "x"})
    Run.objects.filter(pk=class_run).update(last_seq=1)
    student = APIClient()
    assert student.post(f"/api/workshops/{workshop['code']}/join/", {"name": "Ada"}, format="json").status_code == 201
    own = student.post(f"/api/workshops/{workshop['code']}/try/").json()["id"]

    assert delete(student, class_run).status_code == 403  # a student on the class run
    refused = delete(teacher, class_run)
    assert refused.status_code == 409 and workshop["code"] in refused.json()["message"], refused.content
    assert delete(student, own).status_code == 409  # the student's own try, which the instructor sees
    Workshop.objects.filter(code=workshop["code"]).update(status=Workshop.Status.ENDED)
    assert delete(student, own).status_code == 204
    assert delete(teacher, class_run).status_code == 204
    assert Workshop.objects.get(code=workshop["code"]).run_id is None  # the workshop and its roster stay


@pytest.mark.django_db(transaction=True)
def test_deleting_a_run_a_worker_executes_stops_it(harness: Harness) -> None:
    # A preemption whose victim takes its 30 s grace period: the run is still running at t=1.
    run = make_run([priority_class("low", 100), priority_class("high", 1000), k8s_node("n1", "2"),
                    pod("a", "low", grace=30)])
    harness.start(run)
    harness.run(until=1, script=[(0.5, command(run, {"type": "add_pod", "manifest": pod("urgent", "high")}))])
    assert Run.objects.get(pk=run.pk).status == "running"
    assert delete(as_(run.owner), run).status_code == 204
    harness.run(until=60)  # its next commit finds no row: the engine lets it go
    assert run.pk not in harness.engine.drivers
    assert not RunEvent.objects.filter(run_id=run.pk).exists()
