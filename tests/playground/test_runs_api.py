"""The runs REST API: start, read, page events, fold state, command, wait, restart."""
from __future__ import annotations

import os
import time
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.runs import bus, conf, recovery, services
from playground.runs.models import Run, RunCommand, RunEvent
from playground.scenarios.models import Scenario
from scheduler_core import Simulation

pytestmark = pytest.mark.django_db

DOCS = [
    {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1"},
     "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}},
    {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web", "namespace": "default"},
     "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}},
]


ANNOUNCE_RUN = bus.announce_run


@pytest.fixture(autouse=True)
def no_worker(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    queued: list[int] = []
    monkeypatch.setattr(bus, "announce_run", lambda run_id, bulk: queued.append(run_id))
    monkeypatch.setattr(bus, "wake", lambda run_id: None)
    monkeypatch.setattr(conf, "COMMAND_REPLY_SECONDS", 0.05)
    return queued


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice")


def client_for(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def scenario_of(owner: User, visibility: str = "public") -> Scenario:
    return Scenario.objects.create(title="s", owner=owner, visibility=visibility, manifests=DOCS,
                                   settings={"seed": 3, "speed": 2})


def run_of(owner: User, visibility: str = "public", **fields: Any) -> Run:
    scenario = scenario_of(owner, visibility)
    run = services.start_run(owner, scenario)
    Run.objects.filter(pk=run.pk).update(**fields)
    run.refresh_from_db()
    return run


def store_simulation(run: Run) -> Simulation:
    sim = Simulation.from_documents(run.documents, seed=run.seed)
    sim.run()
    RunEvent.objects.bulk_create([RunEvent.from_event(run.pk, e) for e in sim.events])
    Run.objects.filter(pk=run.pk).update(last_seq=len(sim.events), status="finished", reason="quiescent")
    return sim


def test_starting_a_run_freezes_the_scenario_and_queues_a_worker(
        alice: User, no_worker: list[int], django_capture_on_commit_callbacks: Any) -> None:
    scenario = scenario_of(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(alice).post("/api/runs/", {"scenario": scenario.slug}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert {k: body[k] for k in ("scenario", "status", "seed", "speed", "lastSeq", "canControl")} == {
        "scenario": scenario.slug, "status": "queued", "seed": 3, "speed": 2.0, "lastSeq": 0, "canControl": True}
    Scenario.objects.filter(pk=scenario.pk).update(manifests=[])
    assert Run.objects.get(pk=body["id"]).documents == DOCS
    assert no_worker == [body["id"]]


def test_an_anonymous_visitor_starting_a_run_becomes_its_guest_owner(alice: User) -> None:
    response = client_for(None).post("/api/runs/", {"scenario": scenario_of(alice).slug, "seed": 9}, format="json")
    assert response.status_code == 201
    run = Run.objects.get(pk=response.json()["id"])
    assert run.owner.username.startswith("guest-") and run.seed == 9


def test_a_private_scenario_s_run_is_404_for_strangers(alice: User) -> None:
    run = run_of(alice, visibility="private")
    bob = User.objects.create_user("bob")
    assert client_for(bob).get(f"/api/runs/{run.pk}/").status_code == 404
    assert client_for(alice).get(f"/api/runs/{run.pk}/").status_code == 200


def test_a_watcher_cannot_control_the_run(alice: User) -> None:
    run = run_of(alice)
    response = client_for(User.objects.create_user("bob")).post(
        f"/api/runs/{run.pk}/commands/", {"type": "pause"}, format="json")
    assert response.status_code == 403
    assert response.json()["message"] == f"only the owner of run {run.pk} can control it"


def test_a_bad_command_is_a_400_naming_the_field_and_value(alice: User) -> None:
    run = run_of(alice)
    response = client_for(alice).post(f"/api/runs/{run.pk}/commands/", {"type": "speed", "speed": -2}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0] | {"message": ""} == {"field": "speed", "value": -2, "message": ""}


def test_a_command_is_recorded_in_order_and_answered_202_while_the_worker_has_not_applied_it(alice: User) -> None:
    run = run_of(alice)
    client = client_for(alice)
    first = client.post(f"/api/runs/{run.pk}/commands/", {"type": "pause"}, format="json")
    second = client.post(f"/api/runs/{run.pk}/commands/", {"type": "delete_pod", "pod": "web"}, format="json")
    assert (first.status_code, second.status_code) == (202, 202)
    assert [(c.seq, c.type, c.status) for c in RunCommand.objects.filter(run=run)] == [
        (1, "pause", "pending"), (2, "delete_pod", "pending")]
    assert second.json()["command"]["payload"] == {"type": "delete_pod", "pod": "default/web"}


def test_every_command_type_fits_its_column_even_the_longest(alice: User) -> None:
    from scheduler_core.commands import COMMAND_FIELDS

    longest = max(COMMAND_FIELDS, key=len)  # remove_scheduling_gates: 23 characters were a 500
    response = client_for(alice).post(f"/api/runs/{run_of(alice).pk}/commands/", {"type": longest, "pod": "web"},
                                      format="json")
    assert response.status_code == 202, response.content
    assert RunCommand.objects.get().type == longest


def test_a_command_the_simulation_rejects_is_a_400_with_its_error(alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    def rejected(command: RunCommand, *waiting: Any, **how: Any) -> RunCommand:
        command.status, command.error = "rejected", {"field": "pod", "value": "default/x", "message": "no pod default/x"}
        return command

    monkeypatch.setattr(services, "_wait_for_verdict", rejected)
    run = run_of(alice)
    response = client_for(alice).post(f"/api/runs/{run.pk}/commands/", {"type": "delete_pod", "pod": "x"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "pod", "value": "default/x", "message": "no pod default/x"}]
    assert response.json()["command"]["seq"] == 1


def test_a_stopped_run_accepts_no_more_commands(alice: User) -> None:
    run = run_of(alice, status="finished", reason="stopped")
    response = client_for(alice).post(f"/api/runs/{run.pk}/commands/", {"type": "resume"}, format="json")
    assert response.status_code == 409


def test_events_are_paged_after_a_seq(alice: User) -> None:
    run = run_of(alice)
    sim = store_simulation(run)
    body = client_for(alice).get(f"/api/runs/{run.pk}/events/?after=2&limit=3").json()
    assert [e["seq"] for e in body["events"]] == [3, 4, 5]
    assert body["events"] == sim.events[2:5] and body["more"] is True


def test_the_state_at_the_last_seq_is_the_simulation_s_state(alice: User) -> None:
    run = run_of(alice)
    sim = store_simulation(run)
    client = client_for(alice)
    assert client.get(f"/api/runs/{run.pk}/state/").json() == sim.state()
    assert client.get(f"/api/runs/{run.pk}/state/?seq=1").json() == sim.events[0]["state"]
    assert client.get(f"/api/runs/{run.pk}/state/?seq=99999").status_code == 400


def test_wait_returns_at_once_for_a_finished_run(alice: User) -> None:
    run = run_of(alice, status="finished", reason="quiescent")
    body = client_for(alice).get(f"/api/runs/{run.pk}/wait/?timeout=30").json()
    assert (body["settled"], body["status"]) == (True, "finished")


def test_restart_starts_a_fresh_run_of_the_same_content_and_stops_the_old_one(alice: User) -> None:
    run = run_of(alice, status="running")
    response = client_for(alice).post(f"/api/runs/{run.pk}/commands/", {"type": "restart"}, format="json")
    assert response.status_code == 201
    fresh = Run.objects.get(pk=response.json()["run"]["id"])
    assert (fresh.restart_of_id, fresh.documents, fresh.seed) == (run.pk, run.documents, run.seed)
    assert list(RunCommand.objects.filter(run=run).values_list("type", flat=True)) == ["restart"]
    assert client_for(alice).get(f"/api/runs/{run.pk}/").json()["restartedAs"] == fresh.pk


def test_a_run_whose_worker_vanished_is_queued_again(
        alice: User, no_worker: list[int], django_capture_on_commit_callbacks: Any) -> None:
    from django.utils import timezone

    run = run_of(alice, status="running", lease_token="host:1:abc", lease_expires_at=timezone.now(), attempts=1)
    no_worker.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert recovery.recover_stale_runs() == [run.pk]
    assert no_worker == [run.pk]
    run.refresh_from_db()
    assert run.lease_token == "queued"


def test_a_run_that_keeps_losing_its_worker_fails_with_the_reason(alice: User) -> None:
    from django.utils import timezone

    run = run_of(alice, status="running", lease_token="h:1:x", lease_expires_at=timezone.now(),
                 attempts=conf.MAX_ATTEMPTS)
    recovery.recover_stale_runs()
    run.refresh_from_db()
    assert run.status == "failed" and "lost" in run.reason


def test_namespace_commands_are_recorded_with_their_normalised_payloads(alice: User) -> None:
    run = run_of(alice)
    client = client_for(alice)
    added = client.post(f"/api/runs/{run.pk}/commands/",
                        {"type": "add_namespace", "yaml": "metadata: {name: shop, labels: {tier: web}}"}, format="json")
    labelled = client.post(f"/api/runs/{run.pk}/commands/",
                           {"type": "set_namespace_labels", "namespace": "shop", "labels": {"tier": "data"}}, format="json")
    bad = client.post(f"/api/runs/{run.pk}/commands/",
                      {"type": "set_namespace_labels", "namespace": "shop", "labels": ["tier"]}, format="json")
    assert (added.status_code, labelled.status_code, bad.status_code) == (202, 202, 400)
    assert [c.payload for c in RunCommand.objects.filter(run=run)] == [
        {"type": "add_namespace", "manifest": {"metadata": {"name": "shop", "labels": {"tier": "web"}},
                                               "kind": "Namespace", "apiVersion": "v1"}},
        {"type": "set_namespace_labels", "namespace": "shop", "labels": {"tier": "data"}},
    ]
    assert bad.json()["errors"][0]["field"] == "labels"


def post_run(user: User | None, body: dict[str, Any], client: APIClient | None = None) -> Any:
    return (client or client_for(user)).post("/api/runs/", body, format="json")


def test_a_run_started_paused_is_queued_to_be_taken_as_paused(alice: User) -> None:
    response = post_run(alice, {"scenario": scenario_of(alice).slug, "paused": True})
    assert response.status_code == 201
    run = Run.objects.get(pk=response.json()["id"])
    assert (run.status, run.start_paused) == ("queued", True)


def test_the_run_json_carries_the_clock_anchor_and_the_server_time(alice: User) -> None:
    run = run_of(alice, status="running", time=12.1, clock_wall=1795472400.123, speed=2.0)
    body = client_for(alice).get(f"/api/runs/{run.pk}/").json()
    assert body["clock"] == {"time": 12.1, "wallTime": 1795472400.123, "speed": 2.0, "running": True}
    assert body["serverTime"] > 1795000000 and body["queuePosition"] is None


@pytest.mark.parametrize("status", ["paused", "settled", "finished"])
def test_the_clock_of_a_run_that_is_not_running_stands_still(alice: User, status: str) -> None:
    run = run_of(alice, status=status, time=12.1, clock_wall=1795472400.0)
    assert client_for(alice).get(f"/api/runs/{run.pk}/").json()["clock"]["running"] is False


def test_a_queued_run_reports_its_position_and_why_it_waits(alice: User) -> None:
    runs = [run_of(alice) for _ in range(3)]
    body = client_for(alice).get(f"/api/runs/{runs[2].pk}/").json()
    assert (body["status"], body["queuePosition"]) == ("queued", 3)
    assert body["reason"] == "waiting for a worker: 2 runs ahead"


def test_the_start_beyond_the_owner_s_active_runs_is_a_429_naming_the_limit(alice: User) -> None:
    slug = scenario_of(alice).slug
    for _ in range(conf.MAX_ACTIVE_PER_OWNER):
        assert post_run(alice, {"scenario": slug}).status_code == 201
    response = post_run(alice, {"scenario": slug})
    assert response.status_code == 429
    assert response["Retry-After"] == str(conf.RETRY_AFTER_SECONDS)
    limit, holding = conf.MAX_ACTIVE_PER_OWNER, list(Run.objects.filter(owner=alice).order_by("id").values_list("id", flat=True))
    named = ", ".join(map(str, holding))
    assert response.json()["errors"] == [{"field": "scenario", "value": limit, "runs": holding, "message":
                                          f"you already have {limit} active runs (limit {limit}): runs {named}; stop one "
                                          'first (POST /api/runs/<id>/commands/ {"type": "stop"})'}]
    assert Run.objects.filter(owner=alice).count() == limit  # nothing half-stored


@pytest.mark.parametrize("fields", [
    pytest.param({"status": "finished", "reason": "stopped"}, id="a stopped run"),
    pytest.param({"status": "failed", "reason": "boom"}, id="a failed run"),
    pytest.param({"status": "paused", "lease_token": ""}, id="a paused run no worker holds"),
])
def test_runs_that_hold_nothing_do_not_count_against_the_limit(alice: User, fields: dict[str, Any]) -> None:
    for _ in range(conf.MAX_ACTIVE_PER_OWNER):
        run_of(alice, **fields)
    assert post_run(alice, {"scenario": scenario_of(alice).slug}).status_code == 201


def test_the_limit_is_per_owner_not_per_address(alice: User) -> None:
    slug = scenario_of(alice).slug
    for _ in range(conf.MAX_ACTIVE_PER_OWNER):
        post_run(alice, {"scenario": slug})
    guests = [post_run(None, {"scenario": slug}) for _ in range(5)]  # five guests behind one address
    assert [r.status_code for r in guests] == [201] * 5


def test_restarting_at_the_limit_replaces_the_run_instead_of_refusing(alice: User) -> None:
    runs = [run_of(alice, status="running") for _ in range(conf.MAX_ACTIVE_PER_OWNER)]
    response = client_for(alice).post(f"/api/runs/{runs[0].pk}/commands/", {"type": "restart"}, format="json")
    assert response.status_code == 201


def test_two_checkouts_share_no_queue_channel_group_or_wake_up_by_default(settings: Any) -> None:
    import hashlib
    import os

    from django.conf import settings as live

    if not os.environ.get("PLAYGROUND_NAMESPACE"):  # derived from the checkout's path
        assert live.PLAYGROUND_NAMESPACE == "pg-" + hashlib.sha1(str(live.BASE_DIR).encode()).hexdigest()[:8]
    namespace = live.PLAYGROUND_NAMESPACE
    assert live.CELERY_TASK_DEFAULT_QUEUE == f"{namespace}.runs"
    assert namespace in live.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    settings.PLAYGROUND_NAMESPACE = "other-checkout"
    assert bus.wake_channel() == "playground:other-checkout:runs:wake"
    assert set(live.RUNS_LANE_QUEUES.values()) == {f"{namespace}.runs", f"{namespace}.runs.bulk"}


@pytest.mark.parametrize(("lanes", "queues"), [
    ("", ["{ns}.runs.bulk", "{ns}.runs"]),  # one worker serves both (tests, small setups)
    ("interactive", ["{ns}.runs"]),
    ("bulk", ["{ns}.runs.bulk"]),
    ("bulk,nonsense", "RUNS_WORKER_LANES must name some of interactive, bulk"),
])
def test_a_worker_consumes_the_queues_of_its_lanes(lanes: str, queues: Any) -> None:
    import subprocess
    import sys

    from django.conf import settings as live

    probe = "from django.conf import settings; print([q.name for q in settings.CELERY_TASK_QUEUES])"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "playground.settings", "RUNS_WORKER_LANES": lanes,
           "PLAYGROUND_NAMESPACE": live.PLAYGROUND_NAMESPACE}
    done = subprocess.run([sys.executable, "-c", "import django; django.setup(); " + probe], env=env,
                          capture_output=True, text=True, cwd=live.BASE_DIR, timeout=60, check=False)
    if isinstance(queues, str):
        assert done.returncode != 0 and queues in done.stderr
    else:
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == str([q.format(ns=live.PLAYGROUND_NAMESPACE) for q in queues])


def test_a_doorbell_rings_its_runs_lane(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.conf import settings as live

    from playground.celery import app

    sent: list[tuple[list[int], str]] = []
    monkeypatch.setattr(app, "send_task", lambda name, args, queue: sent.append((args, queue)))
    bus.ring(7, False)
    bus.ring(8, True)
    assert sent == [([7], live.CELERY_TASK_DEFAULT_QUEUE), ([8], live.RUNS_LANE_QUEUES["bulk"])]


def test_the_doorbell_rings_only_when_no_engine_heard_the_announcement(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the real Redis: a run announced while an engine of its lane listens is claimed by it,
    so Celery is not asked; announced to nobody (no worker up yet), the doorbell rings."""
    rung: list[tuple[int, bool]] = []
    monkeypatch.setattr(bus, "announce_run", ANNOUNCE_RUN)  # not no_worker's stand-in
    monkeypatch.setattr(bus._doorbells, "send", lambda run_id, bulk: rung.append((run_id, bulk)))
    bus.announce_run(41, False)
    listener = bus.redis_client().pubsub()
    listener.subscribe(bus.new_runs_channel("interactive"))
    try:
        assert listener.get_message(timeout=5)["type"] == "subscribe"
        bus.announce_run(42, False)
        assert listener.get_message(timeout=5)["data"] == b"42"
        bus.announce_run(43, True)  # an interactive engine does not hear the bulk lane
    finally:
        listener.close()
    assert rung == [(41, False), (43, True)]


@pytest.mark.django_db(transaction=True)
def test_a_waiting_command_hears_its_verdict_announced_instead_of_polling(
        alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker announces committed verdicts on Redis: the waiting request looks at once. With
    the database re-checked only every 60 s and a 30 s wait, only the announcement can bring the
    verdict in well under 15 s (without it, the wait would end at 30 s)."""
    import threading

    monkeypatch.setattr(conf, "VERDICT_RECHECK_SECONDS", 60)
    run = run_of(alice)
    command = services.submit_command(run, alice, {"type": "pause"})

    def worker() -> None:
        time.sleep(0.3)  # the request is listening by now (and if not, its first look sees it)
        RunCommand.objects.filter(pk=command.pk).update(status=RunCommand.Status.APPLIED, tick=1)
        bus.announce_verdicts(run.pk)

    thread = threading.Thread(target=worker)
    thread.start()
    started = time.monotonic()
    answered = services.await_command(command, timeout=30)
    waited = time.monotonic() - started
    thread.join()
    assert (answered.status, answered.tick) == (RunCommand.Status.APPLIED, 1)
    assert waited < 15, f"the verdict took {waited:.1f} s: the announcement was not heard"
