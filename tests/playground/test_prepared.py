"""playground.prepared: a queryset's SQL built once gives the same objects as the queryset."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.exceptions import NotFound

from playground.accounts import backends
from playground.accounts.sessions import SessionStore
from playground.prepared import Placeholder, Prepared
from playground.runs import selectors
from playground.runs.models import Run
from playground.scenarios import selectors as scenarios
from playground.scenarios.models import Scenario

pytestmark = pytest.mark.django_db


def same(a: Any, b: Any) -> None:
    """Same row, same loaded fields, same related objects and annotations."""
    assert type(a) is type(b) and a.pk == b.pk
    assert a.get_deferred_fields() == b.get_deferred_fields()
    loaded = {f.attname for f in a._meta.concrete_fields} - a.get_deferred_fields()
    assert {n: getattr(a, n) for n in loaded} == {n: getattr(b, n) for n in loaded}
    assert a._state.fields_cache.keys() == b._state.fields_cache.keys()


def a_run() -> Run:
    owner = User.objects.create_user("owner")
    scenario = Scenario.objects.create(title="t", owner=owner, visibility="public", settings={"seed": 3},
                                       counts={"pods": 1})
    first = Run.objects.create(scenario=scenario, scenario_slug=scenario.slug, owner=owner, status="finished",
                               documents=[{"kind": "Pod"}], timed_commands=[{"at": 1}])
    Run.objects.create(scenario=scenario, scenario_slug=scenario.slug, owner=owner, restart_of=first)
    return first


def test_a_watched_run_is_the_same_as_from_its_queryset() -> None:
    run = a_run()
    expected = selectors.viewable(Run.objects.select_related("scenario").defer(*selectors.HEAVY_FIELDS)).get(
        pk=run.pk)
    got = selectors.run_for_watcher(run.owner, run.pk)
    same(got, expected)
    same(got.scenario, expected.scenario)
    same(got.owner, expected.owner)
    assert got.restarted_as_pk == expected.restarted_as_pk is not None
    Run.objects.filter(pk=run.pk).update(clock_wall=1795661596.0)  # a stored anchor: no "now" in the view
    got, expected = selectors.run_for_watcher(run.owner, run.pk), selectors.refresh_live(expected)
    assert selectors.run_view(got, run.owner) | {"serverTime": 0} == selectors.run_view(expected, run.owner) | {
        "serverTime": 0}
    assert selectors.run_for_watcher(run.owner, run.pk + 1000) is None


def test_the_prepared_read_compiles_once_and_runs_one_query_each_time() -> None:
    run = a_run()
    selectors.run_for_watcher(run.owner, run.pk)
    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            selectors.run_for_watcher(run.owner, run.pk)
    assert len(queries) == 3 and len({q["sql"] for q in queries}) == 1


def test_a_scenario_read_for_a_run_start_is_the_same_without_its_manifests() -> None:
    run = a_run()
    expected = Scenario.objects.select_related("owner__profile").defer("manifests").get(pk=run.scenario_id)
    got = scenarios.readable_scenario(run.owner, run.scenario_slug, defer_manifests=True)
    same(got, expected)
    assert got.forked_from_slug is None and "manifests" in got.get_deferred_fields()


def test_a_scenario_read_for_a_run_start_has_what_a_start_reads() -> None:
    run = a_run()
    expected = Scenario.objects.only(*scenarios.START_FIELDS).get(pk=run.scenario_id)
    with CaptureQueriesContext(connection) as queries:
        got = scenarios.scenario_to_start(run.owner, run.scenario_slug)
        assert (got.settings, got.counts, got.visibility, got.owner_id) == ({"seed": 3}, {"pods": 1}, "public",
                                                                              run.owner.pk)
    same(got, expected)
    assert len(queries) == 1 and "manifests" in got.get_deferred_fields()
    Scenario.objects.filter(pk=run.scenario_id).update(visibility="private")
    with pytest.raises(NotFound):
        scenarios.scenario_to_start(AnonymousUser(), run.scenario_slug)  # private: as if it did not exist
    assert scenarios.scenario_to_start(run.owner, run.scenario_slug).pk == run.scenario_id


def test_the_sessions_user_comes_with_its_profile_in_one_query() -> None:
    from playground.accounts.services import create_guest

    guest = create_guest()
    with CaptureQueriesContext(connection) as queries:
        user = backends.ModelBackend().get_user(guest.pk)
        assert user.profile.is_guest is True
    assert len(queries) == 1
    assert backends.ModelBackend().get_user(guest.pk + 1000) is None


def test_a_live_session_is_read_and_an_expired_one_is_not() -> None:
    store = SessionStore()
    store["x"] = 1
    store.save()
    assert SessionStore(store.session_key)["x"] == 1
    Session.objects.filter(session_key=store.session_key).update(expire_date=timezone.now() - timedelta(seconds=5))
    expired = SessionStore(store.session_key)
    assert expired.get("x") is None and expired.session_key is None


def test_a_placeholder_must_appear_exactly_once() -> None:
    twice = Prepared(lambda v: User.objects.filter(pk=v, id=v)[:1], Placeholder(-5))
    with pytest.raises(ValueError, match="2 times"):
        twice.first(1)


def stored(run: Run) -> dict[str, Any]:
    """The row as the database has it, but for the id and the times of the INSERT."""
    row = Run.objects.filter(pk=run.pk).values().get()
    return {k: v for k, v in row.items() if k not in ("id", "created_at", "updated_at", "lease_expires_at")}


def test_a_run_started_through_the_prepared_insert_is_the_row_the_orm_saves() -> None:
    from playground.runs import services

    first = a_run()  # finished: not queued
    queued = Run.objects.create(scenario=first.scenario, scenario_slug="x", owner=first.owner)  # queued, older
    started = services.start_run(first.owner, first.scenario, 5, 2, lesson=None, paused=True)
    assert started.pk is not None and not started._state.adding and started.queued_ahead == 1 + Run.objects.filter(
        status="queued", pk__lt=queued.pk).count()
    assert "documents" in started.get_deferred_fields()  # copied in the database, not loaded
    by_orm = Run(scenario=first.scenario, scenario_slug=started.scenario_slug, owner=first.owner, seed=5, speed=2.0,
                 documents=Scenario.objects.get(pk=first.scenario_id).manifests, settings={"seed": 3},
                 start_paused=True, lease_token=started.lease_token, lease_expires_at=started.lease_expires_at,
                 bulk=started.bulk)
    by_orm.save()
    assert stored(started) == stored(by_orm)
    assert Run.objects.get(pk=started.pk).created_at == started.created_at  # auto_now_add set as the ORM does
    view = selectors.run_view(started, first.owner)
    assert view["queuePosition"] == started.queued_ahead + 1 and view["status"] == "queued"


def test_a_session_saved_through_the_prepared_insert_reads_back() -> None:
    store = SessionStore()
    store["who"] = "a guest"
    store.create()
    with CaptureQueriesContext(connection) as queries:
        store.save()
    assert [q["sql"].split(" ")[0] for q in queries] == ["SAVEPOINT", "INSERT", "RELEASE"]  # the test's transaction
    assert SessionStore(store.session_key)["who"] == "a guest"
