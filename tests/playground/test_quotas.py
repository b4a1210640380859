"""Issue 28, point 1: an owner's scenarios and runs may take so many bytes — a guest far fewer than a
signed-up user; beyond it a write or a run start is a 413 naming the quota and the use, and nothing is
stored; a workshop's class never stops on it."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from playground.accounts import services as accounts
from playground.runs.models import Run, RunEvent
from playground.scenarios import quotas
from playground.scenarios.models import Scenario
from playground.workshops.models import Participant, Workshop
from tests.playground.scenarios_support import alice, as_, fast_passwords, make_node  # noqa: F401 (fixtures)
from tests.playground.test_k8sapi import stored_run
from tests.playground.test_runs_api import no_worker  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db
NOTE = "x" * 40_000


@pytest.fixture(autouse=True)
def small_quotas(settings: Any) -> None:
    settings.SCENARIO_QUOTA_BYTES_GUEST = 100_000
    settings.SCENARIO_QUOTA_BYTES_USER = 1_000_000


def annotated_node(name: str) -> dict[str, Any]:
    node = make_node(name)
    node["metadata"]["annotations"] = {"note": NOTE}
    return node


def create(client: APIClient, *names: str) -> Any:
    return client.post("/api/scenarios/", {"title": "t", "objects": [annotated_node(n) for n in names]}, format="json")


def test_a_guest_beyond_the_quota_gets_a_413_naming_the_quota_and_the_use(db: Any) -> None:
    guest = accounts.create_guest()
    assert create(as_(guest), "a", "b").status_code == 201
    refused = create(as_(guest), "c", "d")
    assert refused.status_code == 413, refused.content
    message = refused.json()["message"]
    assert "quota of guests is 100,000 bytes" in message and "you store 80," in message and "sign up" in message
    assert Scenario.objects.filter(owner=guest).count() == 1


def test_a_signed_up_user_may_store_far_more(alice: User) -> None:
    for _ in range(5):
        assert create(as_(alice), "a", "b").status_code == 201
    assert quotas.stored_bytes(alice) > 400_000


def test_rewriting_a_scenario_counts_its_new_size_not_both(db: Any) -> None:
    guest = accounts.create_guest()
    slug = create(as_(guest), "a", "b").json()["slug"]
    replaced = as_(guest).put(f"/api/scenarios/{slug}/", {"title": "t", "version": 1,
                                                         "objects": [annotated_node("c"), annotated_node("d")]},
                              format="json")
    assert replaced.status_code == 200, replaced.content
    grown = as_(guest).post(f"/api/scenarios/{slug}/nodes/", annotated_node("e"), format="json")
    assert grown.status_code == 413 and Scenario.objects.get(slug=slug).version == 2


def test_deleting_a_scenario_frees_its_bytes(db: Any) -> None:
    guest = accounts.create_guest()
    slug = create(as_(guest), "a", "b").json()["slug"]
    assert as_(guest).delete(f"/api/scenarios/{slug}/").status_code == 204
    assert create(as_(guest), "c", "d").status_code == 201


def test_a_guest_in_an_open_workshop_is_covered_by_it(alice: User) -> None:
    guest = accounts.create_guest()
    workshop = Workshop.objects.create(code="Q1", title="w", instructor=alice, scenario_slug="x")
    Participant.objects.create(workshop=workshop, user=guest, name="Student")
    assert [create(as_(guest), "a", "b").status_code for _ in range(3)] == [201] * 3
    workshop.status = Workshop.Status.ENDED
    workshop.save()
    assert create(as_(guest), "a", "b").status_code == 413


# ---- runs: each keeps a frozen copy of its scenario's objects, counted in its owner's quota ----

def start(client: APIClient, slug: str) -> Any:
    return client.post("/api/runs/", {"scenario": slug}, format="json")


def test_a_guest_filling_its_quota_with_runs_gets_a_413_and_nothing_is_stored(no_worker: list[int]) -> None:
    anonymous = APIClient()
    slug = create(anonymous, "a").json()["slug"]  # the guest's first write makes it: ~40 KB
    guest = User.objects.get(scenarios__slug=slug)
    with CaptureQueriesContext(connection) as queries:
        assert start(anonymous, slug).status_code == 201  # ~80 KB of the guest's 100,000 bytes
    asked = [q["sql"] for q in queries.captured_queries if "octet_length" in q["sql"]]
    assert len(asked) == 1 and "accounts_profile" in asked[0] and "workshops_workshop" in asked[0], asked
    users, runs = User.objects.count(), Run.objects.count()
    refused = start(anonymous, slug)
    assert refused.status_code == 413, refused.content
    error = refused.json()["errors"][0]
    assert error["field"] == "scenario" and error["value"] > 40_000, error
    assert ("storage quota of guests is 100,000 bytes (scenarios and runs): you store 80," in error["message"]
            and "this run would make it 0.1 MiB" in error["message"] and "sign up" in error["message"]), error
    assert (User.objects.count(), Run.objects.count()) == (users, runs)
    # The runs count for scenario writes too, and a restart or a fork of a run is one more copy.
    assert create(anonymous, "b").status_code == 413
    run = Run.objects.get(owner=guest)
    restart = anonymous.post(f"/api/runs/{run.pk}/commands/", {"type": "restart"}, format="json")
    assert restart.status_code == 413 and restart.json()["errors"][0]["field"] == "type", restart.content
    RunEvent.objects.create(run=run, seq=1, t=0.0, kind="cluster.snapshot", data={"seq": 1, "kind": "x"})
    Run.objects.filter(pk=run.pk).update(last_seq=1)
    fork = anonymous.post(f"/api/runs/{run.pk}/fork/", {"seq": 1}, format="json")
    assert fork.status_code == 413 and fork.json()["errors"][0]["field"] == "run", fork.content
    assert Run.objects.count() == runs
    # Signed up, the same owner has room: the quota is the owner's, read at each start.
    guest.profile.is_guest = False
    guest.profile.save()
    assert start(anonymous, slug).status_code == 201


def test_a_workshops_class_runs_and_forks_are_never_refused(alice: User, no_worker: list[int],
                                                            settings: Any) -> None:
    settings.SCENARIO_QUOTA_BYTES_GUEST = settings.SCENARIO_QUOTA_BYTES_USER = 1  # nobody has room
    teacher = as_(alice)
    slug = Scenario.objects.create(title="s", owner=alice, visibility="public", manifests=[make_node("n")]).slug
    assert start(teacher, slug).status_code == 413  # the instructor's own run, before the class
    workshop = teacher.post("/api/workshops/", {"scenario": slug}, format="json")
    assert workshop.status_code == 201, workshop.content  # the class run, in the workshop's pool
    code, run_id = workshop.json()["code"], workshop.json()["runId"]
    RunEvent.objects.create(run_id=run_id, seq=1, t=0.0, kind="cluster.snapshot", data={"seq": 1, "kind": "x"})
    Run.objects.filter(pk=run_id).update(last_seq=1)
    assert teacher.post(f"/api/runs/{run_id}/fork/", {"seq": 1}, format="json").status_code == 201  # the pool's
    student = APIClient()
    assert student.post(f"/api/workshops/{code}/join/", {"name": "Ada"}, format="json").status_code == 201
    assert student.post(f"/api/workshops/{code}/try/").status_code == 201  # a fork of the class run
    assert start(student, slug).status_code == 201  # a run of the student's own
    assert start(teacher, slug).status_code == 201  # the instructor's, while the class is open
    Workshop.objects.filter(code=code).update(status=Workshop.Status.ENDED)
    assert start(student, slug).status_code == 413  # after the class, a guest again


# ---- runs' event logs: counted with the rest (Run.log_bytes); a command beyond the quota is refused ----

def command(client: APIClient, run_id: int, body: dict[str, Any]) -> Any:
    return client.post(f"/api/runs/{run_id}/commands/", body, format="json")


def test_a_runs_event_log_counts_so_a_start_or_a_command_beyond_the_quota_is_a_413_but_stop_is_not(
        no_worker: list[int]) -> None:
    anonymous = APIClient()
    slug = create(anonymous, "a").json()["slug"]  # ~40 KB
    run_id = start(anonymous, slug).json()["id"]  # ~80 KB of 100,000
    assert command(anonymous, run_id, {"type": "cordon", "node": "a"}).status_code == 202  # no worker here
    Run.objects.filter(pk=run_id).update(log_bytes=25_000)  # as the worker's ticks count what they log

    refused = command(anonymous, run_id, {"type": "uncordon", "node": "a"})
    assert refused.status_code == 413, refused.content
    error = refused.json()["errors"][0]
    assert error["field"] == "type" and "storage quota of guests is 100,000 bytes" in error["message"], error
    assert "you store 0.1 MiB, and this command would make it" in error["message"], error
    assert list(Run.objects.get(pk=run_id).commands.values_list("type", flat=True)) == ["cordon"]
    assert start(anonymous, slug).status_code == 413
    assert create(anonymous, "b").status_code == 413
    assert command(anonymous, run_id, {"type": "pause"}).status_code in (200, 202)  # bringing a run to rest
    assert command(anonymous, run_id, {"type": "stop"}).status_code in (200, 202)  # never refused

    Run.objects.filter(pk=run_id).update(log_bytes=0)  # retention dropped the log (test_run_logs.py)
    assert create(anonymous, "b").status_code == 413 and start(anonymous, slug).status_code == 413  # 80 KB + 40 KB
    assert create(anonymous, "tiny").status_code == 413  # 40 KB of annotations each: still beyond


def test_the_kubernetes_api_refuses_a_write_beyond_the_quota_as_resource_quota_admission_does(
        alice: User, no_worker: list[int]) -> None:
    run = stored_run(alice, [make_node("n")])
    Run.objects.filter(pk=run.pk).update(log_bytes=2_000_000)
    _, key = accounts.create_token(alice, "kubectl")
    response = Client().post(f"/k8s/runs/{run.pk}/api/v1/namespaces/default/pods", {
        "apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web"},
        "spec": {"containers": [{"name": "c"}]}}, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert response.status_code == 403, response.content
    status = response.json()
    assert status["reason"] == "Forbidden" and status["message"].startswith(
        'pods "web" is forbidden: exceeded quota: storage quota of signed-up users is 1.0 MiB'), status


def test_a_fork_counts_the_events_it_copies(alice: User, no_worker: list[int], settings: Any) -> None:
    settings.SCENARIO_QUOTA_BYTES_GUEST = 5_000
    scenario = Scenario.objects.create(title="t", owner=alice, visibility="public", manifests=[make_node("n")])
    run = Run.objects.create(scenario=scenario, scenario_slug=scenario.slug, owner=alice, documents=[], last_seq=2)
    for seq, size in ((1, 100), (2, 6_000)):
        RunEvent.objects.create(run=run, seq=seq, t=0.0, kind="x", data={"seq": seq, "kind": "x", "pad": "p" * size})
    student = accounts.create_guest()
    assert as_(student).post(f"/api/runs/{run.pk}/fork/", {"seq": 1}, format="json").status_code == 201
    refused = as_(student).post(f"/api/runs/{run.pk}/fork/", {"seq": 2}, format="json")
    assert refused.status_code == 413 and refused.json()["errors"][0]["value"] > 6_000, refused.content


def test_commands_in_a_workshops_class_are_never_refused(alice: User, no_worker: list[int], settings: Any) -> None:
    settings.SCENARIO_QUOTA_BYTES_GUEST = settings.SCENARIO_QUOTA_BYTES_USER = 1  # nobody has room
    teacher = as_(alice)
    slug = Scenario.objects.create(title="s", owner=alice, visibility="public", manifests=[make_node("n")]).slug
    workshop = teacher.post("/api/workshops/", {"scenario": slug}, format="json").json()
    RunEvent.objects.create(run_id=workshop["runId"], seq=1, t=0.0, kind="cluster.snapshot", data={"seq": 1, "kind": "x"})
    Run.objects.filter(pk=workshop["runId"]).update(last_seq=1)
    assert command(teacher, workshop["runId"], {"type": "cordon", "node": "n"}).status_code == 202  # the pool's run
    student = APIClient()
    assert student.post(f"/api/workshops/{workshop['code']}/join/", {"name": "Ada"}, format="json").status_code == 201
    tried = student.post(f"/api/workshops/{workshop['code']}/try/")
    assert tried.status_code == 201, tried.content
    own = tried.json()["id"]
    assert command(student, own, {"type": "cordon", "node": "n"}).status_code == 202  # the class covers it
