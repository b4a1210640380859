"""Issue 28, point 5: run ids are sequential, so a run's number is no link. Who may watch a run of
an unlisted scenario: its owner, the scenario's owner, a session that opened the scenario's link,
a workshop on it; to anyone else it is answered like a run that does not exist."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.runs import selectors
from playground.runs import services as runs
from playground.runs.models import Run
from playground.workshops.models import Participant, Workshop
from tests.playground.scenarios_support import (  # noqa: F401 (fixtures)
    alice,
    as_,
    bob,
    fast_passwords,
    make_node,
    make_scenario,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runs.bus, "announce_run", lambda run_id, bulk: None)


def run_of(owner: User, visibility: str) -> Run:
    return runs.start_run(owner, make_scenario(owner, visibility, objects=[make_node()]))


@pytest.mark.parametrize(("visibility", "visible"), [("public", True), ("unlisted", False), ("private", False)])
def test_a_stranger_sees_only_runs_of_public_scenarios(alice: User, bob: User, visibility: str, visible: bool) -> None:
    run = run_of(alice, visibility)
    assert (selectors.run_for_watcher(bob, run.pk) is not None) is visible


def test_a_hidden_run_answers_exactly_like_a_missing_one(alice: User) -> None:
    run = run_of(alice, "unlisted")
    hidden, missing = APIClient().get(f"/api/runs/{run.pk}/"), APIClient().get(f"/api/runs/{run.pk + 1}/")
    assert (hidden.status_code, missing.status_code) == (404, 404)
    assert hidden.json()["message"].replace(str(run.pk), "N") == missing.json()["message"].replace(str(run.pk + 1), "N")
    assert run.scenario_slug not in hidden.content.decode() and "alice" not in hidden.content.decode()


def test_listing_runs_by_the_slug_holds_the_link_for_the_session(alice: User) -> None:
    run = run_of(alice, "unlisted")
    visitor = APIClient()
    assert visitor.get(f"/api/runs/{run.pk}/").status_code == 404
    assert [r["id"] for r in visitor.get(f"/api/runs/?scenario={run.scenario_slug}").json()["results"]] == [run.pk]
    assert visitor.get(f"/api/runs/{run.pk}/").status_code == 200
    assert APIClient().get(f"/api/runs/{run.pk}/").status_code == 404


def test_a_private_scenarios_runs_stay_hidden_even_with_its_slug(alice: User, bob: User) -> None:
    run = run_of(alice, "private")
    assert as_(bob).get(f"/api/runs/?scenario={run.scenario_slug}").json()["results"] == []
    assert as_(bob).get(f"/api/runs/{run.pk}/").status_code == 404


def test_a_workshop_on_an_unlisted_scenario_opens_its_runs_to_the_class(alice: User, bob: User) -> None:
    run = run_of(alice, "unlisted")
    workshop = Workshop.objects.create(code="ABC123", title="w", instructor=alice, scenario_slug=run.scenario_slug,
                                       run=run)
    assert selectors.run_for_watcher(bob, run.pk) is None
    Participant.objects.create(workshop=workshop, user=bob, name="Bob")
    assert selectors.run_for_watcher(bob, run.pk) is not None


def test_the_runs_own_owner_always_watches_it(alice: User, bob: User) -> None:
    scenario = make_scenario(alice, "unlisted", objects=[make_node()])
    own: Any = runs.start_run(bob, scenario)
    assert selectors.run_for_watcher(bob, own.pk) is not None
    assert selectors.run_for_watcher(alice, own.pk) is not None  # the scenario's owner sees its runs
