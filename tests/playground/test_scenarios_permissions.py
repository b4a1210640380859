"""Who may read, edit, delete and fork a scenario, for every visibility."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.accounts import services as accounts
from playground.scenarios.models import Scenario
from tests.playground.scenarios_support import fast_passwords, make_scenario, make_user  # noqa: F401

OK = {"read": 200, "edit": 200, "delete": 204, "fork": 201}


def session_of(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def token_of(user: User) -> APIClient:
    _, key = accounts.create_token(user, "script")
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


ACTORS: dict[str, Callable[[User], APIClient]] = {
    "the owner": session_of,
    "the owner's API token": token_of,
    "another user": lambda owner: session_of(make_user("mallory")),
    "another user's API token": lambda owner: token_of(make_user("mallory")),
    "a guest": lambda owner: session_of(accounts.create_guest()),
    "an anonymous visitor": lambda owner: APIClient(),
}
OWNERS = ("the owner", "the owner's API token")


def do(action: str, client: APIClient, slug: str) -> Any:
    url = f"/api/scenarios/{slug}/"
    if action == "read":
        return client.get(url)
    if action == "edit":
        return client.patch(url, {"title": "changed", "version": 1}, format="json")
    if action == "delete":
        return client.delete(url)
    return client.post(f"{url}fork/", {}, format="json")


def expected(actor: str, action: str, visibility: str) -> int:
    if actor in OWNERS:
        return OK[action]
    if visibility == "private":
        return 404
    return OK[action] if action in ("read", "fork") else 403


def matrix() -> list[Any]:
    cases = []
    for visibility in ("private", "unlisted", "public"):
        for actor in ACTORS:
            for action in ("read", "edit", "delete", "fork"):
                code = expected(actor, action, visibility)
                verdict = "can" if code < 400 else "cannot"
                cases.append(pytest.param(actor, action, visibility, code,
                                          id=f"{actor} {verdict} {action} a {visibility} scenario ({code})"))
    return cases


@pytest.mark.parametrize(("actor", "action", "visibility", "status"), matrix())
def test_permissions(db: Any, actor: str, action: str, visibility: str, status: int) -> None:
    owner = make_user("owner")
    scenario = make_scenario(owner, visibility)
    response = do(action, ACTORS[actor](owner), scenario.slug)
    assert response.status_code == status, response.content
    if status >= 400:
        assert set(response.json()) == {"message", "errors"}
        assert Scenario.objects.get(pk=scenario.pk).title == "Preemption 101"


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_a_fork_is_owned_by_whoever_forked_it_and_remembers_its_source(db: Any, visibility: str) -> None:
    source = make_scenario(make_user("owner"), visibility, settings={"seed": 7})
    visitor = APIClient()
    fork = visitor.post(f"/api/scenarios/{source.slug}/fork/", {}, format="json").json()
    assert fork["owner"]["isGuest"] is True
    assert fork["forkedFrom"] == source.slug
    assert fork["slug"] != source.slug and fork["version"] == 1
    assert fork["title"] == "Preemption 101 (fork)" and fork["visibility"] == "private"
    assert (fork["objects"], fork["settings"]) == (source.manifests, source.settings)
    assert visitor.patch(f"/api/scenarios/{fork['slug']}/", {"title": "mine now", "version": 1},
                         format="json").status_code == 200


def test_editing_a_fork_leaves_the_source_alone(db: Any) -> None:
    source = make_scenario(make_user("owner"), "public")
    forker = session_of(make_user("forker"))
    slug = forker.post(f"/api/scenarios/{source.slug}/fork/", {"title": "copy"}, format="json").json()["slug"]
    forker.delete(f"/api/scenarios/{slug}/pods/web/")
    assert len(Scenario.objects.get(pk=source.pk).manifests) == 5


def test_an_unlisted_link_is_shared_but_not_in_the_gallery(db: Any) -> None:
    owner = make_user("owner")
    unlisted, public = make_scenario(owner, "unlisted", "link only"), make_scenario(owner, "public", "for all")
    gallery = APIClient().get("/api/scenarios/?scope=public").json()
    assert [s["slug"] for s in gallery["results"]] == [public.slug]
    assert APIClient().get(f"/api/scenarios/{unlisted.slug}/").status_code == 200


def test_the_owner_sees_all_their_scenarios_under_scope_mine(db: Any) -> None:
    owner = make_user("owner")
    mine = {make_scenario(owner, v, v).slug for v in ("private", "unlisted", "public")}
    make_scenario(make_user("other"), "public")
    listed = session_of(owner).get("/api/scenarios/?scope=mine").json()["results"]
    assert {s["slug"] for s in listed} == mine
    assert APIClient().get("/api/scenarios/?scope=mine").json()["count"] == 0


@pytest.mark.parametrize(("actor", "status"), [
    pytest.param("the owner", 201, id="the owner can add a pod"),
    pytest.param("another user", 403, id="another user cannot add a pod to a public scenario"),
    pytest.param("an anonymous visitor", 403, id="an anonymous visitor cannot add a pod"),
])
def test_object_writes_are_owner_only(db: Any, actor: str, status: int) -> None:
    owner = make_user("owner")
    scenario = make_scenario(owner, "public")
    body = {"metadata": {"name": "extra"}, "spec": {"containers": [{"name": "c"}]}}
    response = ACTORS[actor](owner).post(f"/api/scenarios/{scenario.slug}/pods/", body, format="json")
    assert response.status_code == status


def test_objects_of_a_private_scenario_are_hidden_from_others(db: Any) -> None:
    scenario = make_scenario(make_user("owner"), "private")
    assert APIClient().get(f"/api/scenarios/{scenario.slug}/pods/").status_code == 404
    assert APIClient().get(f"/api/scenarios/{scenario.slug}/export/").status_code == 404
