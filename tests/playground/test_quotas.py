"""Issue 28, point 1: an owner's scenarios may take so many bytes — a guest far fewer than a
signed-up user; beyond it a write is a 413 naming the quota and the use, and nothing is stored."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.accounts import services as accounts
from playground.scenarios import quotas
from playground.scenarios.models import Scenario
from playground.workshops.models import Participant, Workshop
from tests.playground.scenarios_support import alice, as_, fast_passwords, make_node  # noqa: F401 (fixtures)

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
