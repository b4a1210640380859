"""What one click costs the web server: a class's 40 run starts and 120 commands arrive together
(docs/benchmarks.md, classroom). Sessions written once, one Redis pool per process, one verdict
listener per process, the run view in one query."""
from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from playground.accounts import sessions
from playground.redis_pool import RedisCache, SharedConnectionPool
from playground.runs import bus, conf, selectors
from playground.runs.models import Run, RunCommand
from tests.playground.test_runs_api import DOCS, alice, no_worker, run_of, scenario_of  # noqa: F401 (fixtures)


def sql(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries]


@pytest.mark.django_db
def test_a_guests_first_run_start_writes_its_session_once(alice: Any) -> None:
    scenario = scenario_of(alice)
    client = APIClient()
    client.get("/api/me")
    with CaptureQueriesContext(connection) as queries:
        response = client.post("/api/runs/", {"scenario": scenario.slug}, format="json")
    assert response.status_code == 201
    session_sql = [s for s in sql(queries) if "django_session" in s]
    assert len(session_sql) == 1 and session_sql[0].startswith("INSERT"), session_sql  # was SELECT, INSERT, UPDATE
    # A guest made by this request has no runs: no lock on it and no read of its active runs.
    assert not [s for s in sql(queries) if "FOR UPDATE" in s or s.startswith("SELECT") and '"runs_run"."owner_id"' in s]
    # The new guest's last_login comes with its INSERT: no UPDATE of it right after.
    assert not [s for s in sql(queries) if s.startswith('UPDATE "auth_user"')]
    # The guest (user and profile: one statement) and the run's INSERT (carrying its documents), no
    # transaction of their own: no BEGIN/COMMIT (no savepoint inside the test's transaction).
    statements = sql(queries)
    guest = next(i for i, s in enumerate(statements) if 'INSERT INTO "auth_user"' in s)
    assert statements[guest].startswith("WITH u AS") and 'INSERT INTO "accounts_profile"' in statements[guest]
    # The run's INSERT counts the runs queued before it (the view's queue position): no COUNT after it.
    assert statements[guest + 1].startswith('WITH new AS (INSERT INTO "runs_run"'), statements
    assert "COUNT(*)" in statements[guest + 1] and not [s for s in statements[guest + 2:] if "COUNT(*)" in s]
    assert response.json()["queuePosition"] == 1 and response.json()["reason"] == "waiting for a worker: 0 runs ahead"
    assert not [s for s in statements[:guest + 2] if s.startswith(("SAVEPOINT", "RELEASE"))], statements
    assert not [s for s in statements if s.startswith('UPDATE "runs_run"')]
    # The scenario's SELECT, the guest's, the run's and the session's INSERTs (here in a savepoint: the
    # test's transaction). 21, 13, 10, then 7 before (docs/benchmarks.md, classroom).
    assert len(queries) <= 6, "\n".join(statements)
    # The session works: the same guest on the next request, and its run is its own.
    me = client.get("/api/me").json()
    owner = Run.objects.get(pk=response.json()["id"]).owner
    assert me["isGuest"] and owner.username == me["username"] and owner.last_login is not None
    assert Session.objects.count() == 1
    assert owner.profile.is_guest


@pytest.mark.django_db
def test_a_refused_run_start_leaves_no_guest(alice: Any) -> None:
    scenario = scenario_of(alice)
    client = APIClient()
    users = type(alice).objects.count()
    response = client.post("/api/runs/", {"scenario": scenario.slug, "seed": "1"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "seed", response.json()
    assert type(alice).objects.count() == users and client.get("/api/me").json().get("username") in (None, "")


@pytest.mark.django_db
def test_the_session_store_handles_flush_and_a_key_already_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    taken = sessions.SessionStore()
    taken["who"] = "first"
    taken.create()
    taken.save()
    key = taken.session_key
    draws = iter([key, "b" * 32])  # the first draw collides with the stored session
    monkeypatch.setattr(sessions, "get_random_string", lambda *a: next(draws))
    monkeypatch.setattr("django.contrib.sessions.backends.base.get_random_string", lambda *a: next(draws))
    store = sessions.SessionStore()
    store["who"] = "second"
    store.cycle_key()
    store.save()
    assert store.session_key == "b" * 32
    assert sessions.SessionStore(key).load() == {"who": "first"}  # not overwritten
    assert sessions.SessionStore("b" * 32).load() == {"who": "second"}
    store.flush()
    store["who"] = "third"
    monkeypatch.setattr(sessions, "get_random_string", lambda *a: "c" * 32)
    store.save()
    assert sessions.SessionStore("c" * 32).load() == {"who": "third"}


def test_every_threads_cache_client_shares_one_redis_pool_and_client(redis_url: str) -> None:
    """Django builds a cache backend per thread, and each built a pool (a new connection per
    request) and a new redis.Redis per call. The backend brings its pool class itself."""
    pools: list[Any] = []
    clients: list[Any] = []

    def client_pool() -> None:
        cache = RedisCache(redis_url, {})
        pools.append(cache._cache._get_connection_pool(write=True))
        clients.extend([cache._cache.get_client(write=True), cache._cache.get_client()])
        cache.set("shared-pool-test", 1)
        assert cache.get("shared-pool-test") == 1

    threads = [threading.Thread(target=client_pool) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(pools) == 4 and all(pool is pools[0] for pool in pools)
    assert isinstance(pools[0], SharedConnectionPool)
    assert len(clients) == 8 and all(client is clients[0] for client in clients)
    other = RedisCache(redis_url.rsplit("/", 1)[0] + "/0", {})
    assert other._cache._get_connection_pool(write=True) is not pools[0]  # another database, another pool


@pytest.mark.django_db(transaction=True)
def test_verdicts_are_heard_by_one_listener_per_process_for_the_right_run(
        alice: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conf, "VERDICT_RECHECK_SECONDS", 60)
    mine, other = run_of(alice), run_of(alice)
    with bus.verdicts(mine.pk) as heard_mine, bus.verdicts(other.pk) as heard_other:
        bus.announce_verdicts(mine.pk)
        assert heard_mine(5) is True
        assert heard_other(0.3) is False  # another run's verdict does not wake it
        bus.announce_verdicts(other.pk)
        assert heard_other(5) is True
    listeners = dict(bus._verdict_waiters.listeners)
    for _ in range(5):
        with bus.verdicts(mine.pk) as heard:
            assert heard(0.01) is False
    assert bus._verdict_waiters.listeners == listeners  # not a subscription per request
    assert bus.verdict_channel() in listeners
    assert mine.pk not in bus._verdict_waiters.waiting and other.pk not in bus._verdict_waiters.waiting


@pytest.mark.django_db
def test_a_command_reads_the_run_narrowly_and_its_view_without_another_join(
        alice: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_of(alice, status="running")

    def applied(command: RunCommand, *waiting: Any, **how: Any) -> RunCommand:  # the worker, in short
        RunCommand.objects.filter(pk=command.pk).update(status=RunCommand.Status.APPLIED, tick=1)
        Run.objects.filter(pk=command.run_id).update(status="paused")
        command.refresh_from_db()
        return command

    monkeypatch.setattr("playground.runs.services._wait_for_verdict", applied)
    client = APIClient()
    client.force_authenticate(alice)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/api/runs/{run.pk}/commands/", {"type": "pause"}, format="json")
    assert response.status_code == 200, response.json()
    run_reads = [s for s in sql(queries) if s.startswith("SELECT") and 'WHERE "runs_run"."id" = ' in s]
    assert len(run_reads) == 3, run_reads  # who may watch it, its row lock, what the command changed
    assert not [s for s in run_reads if '"runs_run"."documents"' in s], run_reads
    assert not [s for s in sql(queries) if 'WHERE "runs_run"."restart_of_id" =' in s]  # annotated instead
    assert response.json()["run"]["restartedAs"] is None
    assert response.json()["run"]["status"] == "paused"  # read after the command


@pytest.mark.django_db
def test_the_annotated_view_names_the_restart(alice: Any) -> None:
    run = run_of(alice, status="finished", reason="stopped")
    fresh = Run.objects.create(scenario=run.scenario, scenario_slug=run.scenario_slug, owner=alice, restart_of=run)
    with CaptureQueriesContext(connection) as queries:
        view = selectors.run_view(selectors.run_for_watcher(alice, run.pk))
    assert view["restartedAs"] == fresh.pk and view["restartOf"] is None
    assert len(queries) == 1
    assert selectors.run_view(Run.objects.get(pk=run.pk))["restartedAs"] == fresh.pk  # un-annotated: looked up
    assert selectors.run_view(selectors.run_for_watcher(alice, fresh.pk))["restartOf"] == run.pk


@pytest.mark.django_db
def test_a_websocket_command_reads_the_run_once_under_its_lock_without_its_documents(alice: Any) -> None:
    from playground.runs import consumers

    run = run_of(alice, status="running")
    with CaptureQueriesContext(connection) as queries:
        command = consumers._submit(run.pk, alice, alice.pk, {"type": "pause"})
    assert isinstance(command, RunCommand) and command.status == RunCommand.Status.PENDING
    run_reads = [s for s in sql(queries) if s.startswith("SELECT") and 'FROM "runs_run"' in s]
    assert len(run_reads) == 1 and '"runs_run"."documents"' not in run_reads[0], run_reads


@pytest.mark.django_db
def test_stored_events_survive_dumpdata_and_loaddata(alice: Any) -> None:
    """RunEvent.data is JSON text in the database and a value in Python and in fixtures, as a
    JSONField was (not a JSON string of the text)."""
    from django.core import serializers

    from playground.runs.models import RunEvent

    run = run_of(alice)
    event = {"seq": 1, "t": 0.5, "kind": "pod.message", "message": "ü \\ \"x\"", "nested": {"k": [1, None]}}
    RunEvent.objects.create(run=run, seq=1, t=0.5, kind="pod.message", data=event)
    dumped = serializers.serialize("json", RunEvent.objects.filter(run=run))
    assert json.loads(dumped)[0]["fields"]["data"] == event
    RunEvent.objects.filter(run=run).delete()
    for obj in serializers.deserialize("json", dumped):
        obj.save()
    assert RunEvent.objects.get(run=run, seq=1).data == event
    with connection.cursor() as cursor:
        cursor.execute("SELECT data FROM runs_runevent WHERE run_id = %s", [run.pk])
        assert json.loads(cursor.fetchone()[0]) == event  # stored once as JSON text
