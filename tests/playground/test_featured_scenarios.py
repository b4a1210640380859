"""The gallery's Featured list: public scenarios the instance's staff chose; nobody else may choose."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.playground.scenarios_support import alice, as_, bob, fast_passwords, make_scenario, make_user  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(db: object) -> User:
    user = make_user("staff")
    user.is_staff = True
    user.save()
    return user


def feature(user: User, slug: str, featured: bool = True) -> tuple[int, dict]:  # type: ignore[type-arg]
    response = as_(user).put(f"/api/scenarios/{slug}/featured/", {"featured": featured}, format="json")
    return response.status_code, response.json()


def featured_slugs(user: User) -> list[str]:
    return [s["slug"] for s in as_(user).get("/api/scenarios/?scope=featured").json()["results"]]


def test_staff_feature_a_public_scenario_and_the_gallery_lists_it(staff: User, alice: User) -> None:
    chosen = make_scenario(alice, "public", title="Chosen")
    make_scenario(alice, "public", title="Ordinary")
    status, body = feature(staff, chosen.slug)
    assert (status, body["featured"], body["version"]) == (200, True, chosen.version)  # not an edit of the scenario
    assert featured_slugs(alice) == [chosen.slug]
    assert feature(staff, chosen.slug, False)[0] == 200
    assert featured_slugs(alice) == []


def test_only_staff_may_feature_even_the_owner_may_not(alice: User) -> None:
    mine = make_scenario(alice, "public")
    assert feature(alice, mine.slug)[0] == 403
    assert featured_slugs(alice) == []


def test_a_scenario_that_is_not_public_is_not_featured(staff: User, alice: User) -> None:
    unlisted = make_scenario(alice, "unlisted")
    status, body = feature(staff, unlisted.slug)
    assert status == 400
    assert body["errors"][0]["field"] == "featured" and "is unlisted" in body["errors"][0]["message"]


def test_an_owner_who_unlists_a_featured_scenario_takes_it_off_the_list(staff: User, alice: User) -> None:
    chosen = make_scenario(alice, "public")
    feature(staff, chosen.slug)
    response = as_(alice).patch(f"/api/scenarios/{chosen.slug}/", {"visibility": "unlisted", "version": chosen.version}, format="json")
    assert response.status_code == 200
    assert featured_slugs(alice) == []
    assert chosen.slug not in [s["slug"] for s in as_(alice).get("/api/scenarios/?scope=public").json()["results"]]


def test_all_shared_lists_what_the_lessons_and_featured_lists_do_not_newest_first(staff: User, alice: User) -> None:
    from playground.accounts.services import get_or_create_system_user

    lesson = make_scenario(get_or_create_system_user(), "public", title="A lesson's cluster")
    chosen = make_scenario(alice, "public", title="Chosen")
    older = make_scenario(alice, "public", title="Older")
    newer = make_scenario(alice, "public", title="Newer")
    make_scenario(alice, "unlisted", title="By link only")
    feature(staff, chosen.slug)
    shared = [s["slug"] for s in as_(alice).get("/api/scenarios/?scope=shared").json()["results"]]
    assert shared == [newer.slug, older.slug]
    everything = {s["slug"] for s in as_(alice).get("/api/scenarios/?scope=public").json()["results"]}
    assert {lesson.slug, chosen.slug} <= everything
