"""People: guests on first write, sign-up converts them in place, login/logout, API tokens."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from rest_framework.test import APIClient

from playground.accounts import services
from playground.accounts.models import ApiToken
from tests.playground.scenarios_support import (  # noqa: F401 (fixtures)
    alice,
    anon,
    as_,
    bob,
    fast_passwords,
    make_user,
    small_cluster,
)

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def _fresh_throttle() -> None:
    cache.clear()  # auth endpoints are throttled per client; tests must not share the budget


def create_scenario(client: APIClient, title: str = "mine") -> Any:
    return client.post("/api/scenarios/", {"title": title, "objects": small_cluster()}, format="json")


def test_anonymous_me_says_not_authenticated_and_sets_the_csrf_cookie(anon: APIClient) -> None:
    response = anon.get("/api/me")
    assert response.json() == {"authenticated": False, "id": None, "username": None, "isGuest": False,
                               "language": None}
    assert "csrftoken" in response.cookies


def test_anonymous_first_write_creates_a_guest_who_owns_the_scenario(anon: APIClient) -> None:
    created = create_scenario(anon)
    me = anon.get("/api/me").json()
    assert created.status_code == 201
    assert me["isGuest"] is True and me["authenticated"] is True
    assert created.json()["owner"] == {"username": me["username"], "isGuest": True}
    assert created.json()["canEdit"] is True


def test_a_guest_keeps_the_same_user_across_writes(anon: APIClient) -> None:
    create_scenario(anon, "one")
    create_scenario(anon, "two")
    assert User.objects.filter(profile__is_guest=True).count() == 1
    assert anon.get("/api/scenarios/?scope=mine").json()["count"] == 2
    assert not User.objects.get(profile__is_guest=True).has_usable_password()  # nobody can log in as it


def test_reading_does_not_create_a_guest(anon: APIClient) -> None:
    anon.get("/api/scenarios/")
    anon.get("/api/me")
    assert not User.objects.exists()


def test_signing_up_converts_the_guest_in_place_and_keeps_its_scenarios(anon: APIClient) -> None:
    slug = create_scenario(anon).json()["slug"]
    guest_id = anon.get("/api/me").json()["id"]
    response = anon.post("/api/auth/signup/", {"username": "carol", "password": PASSWORD}, format="json")
    assert response.status_code == 201
    assert response.json() == {"authenticated": True, "id": guest_id, "username": "carol", "isGuest": False,
                               "language": None}
    assert anon.get(f"/api/scenarios/{slug}/").json()["owner"] == {"username": "carol", "isGuest": False}


def test_signing_up_without_a_guest_creates_a_new_logged_in_user(anon: APIClient) -> None:
    response = anon.post("/api/auth/signup/", {"username": "dave", "password": PASSWORD}, format="json")
    assert response.status_code == 201
    assert anon.get("/api/me").json()["username"] == "dave"
    assert User.objects.get(username="dave").check_password(PASSWORD)


@pytest.mark.parametrize(("body", "field", "message"), [
    pytest.param({"username": "alice", "password": PASSWORD}, "username", '"alice" is already taken',
                 id="a taken username is refused"),
    pytest.param({"username": "playground", "password": PASSWORD}, "username", '"playground" is reserved',
                 id="the system user's name is reserved"),
    pytest.param({"username": "guest-123", "password": PASSWORD}, "username", '"guest-123" is reserved',
                 id="guest names are reserved"),
    pytest.param({"username": "erin", "password": "short"}, "password", "This password is too short",
                 id="a short password is refused"),
    pytest.param({"username": "has space", "password": PASSWORD}, "username", "may contain only",
                 id="a username with a space is refused"),
])
def test_signup_errors_name_the_field(anon: APIClient, alice: User, body: dict[str, str], field: str,
                                      message: str) -> None:
    response = anon.post("/api/auth/signup/", body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == field
    assert message in response.json()["message"]


def test_a_signed_up_user_cannot_sign_up_again(alice: User) -> None:
    response = as_(alice).post("/api/auth/signup/", {"username": "zed", "password": PASSWORD}, format="json")
    assert response.status_code == 400
    assert "already signed up" in response.json()["message"]


def test_login_and_logout_with_the_session(alice: User, anon: APIClient) -> None:
    login = anon.post("/api/auth/login/", {"username": "alice", "password": PASSWORD}, format="json")
    assert login.json()["username"] == "alice"
    assert anon.post("/api/auth/logout/").status_code == 204
    assert anon.get("/api/me").json()["authenticated"] is False


def test_login_with_a_wrong_password_says_so_without_saying_which(alice: User, anon: APIClient) -> None:
    response = anon.post("/api/auth/login/", {"username": "alice", "password": "nope-nope"}, format="json")
    assert response.status_code == 400
    assert response.json() == {"message": "username or password is wrong",
                               "errors": [{"field": "non_field_errors", "message": "username or password is wrong"}]}


def test_anonymous_writes_need_the_csrf_token_from_me(db: Any) -> None:
    browser = APIClient(enforce_csrf_checks=True)
    refused = create_scenario(browser)
    token = browser.get("/api/me").cookies["csrftoken"].value
    browser.credentials(HTTP_X_CSRFTOKEN=token)
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["message"]
    assert create_scenario(browser).status_code == 201
    assert User.objects.count() == 1


def test_a_token_is_shown_once_and_only_its_hash_is_stored(alice: User) -> None:
    created = as_(alice).post("/api/tokens/", {"name": "ci"}, format="json").json()
    listed = as_(alice).get("/api/tokens/").json()
    assert created["key"].startswith("pgt_") and created["prefix"] == created["key"][:8]
    assert listed == [{k: v for k, v in created.items() if k != "key"}]
    assert ApiToken.objects.get().key_hash == services.hash_key(created["key"])
    assert not ApiToken.objects.filter(key_hash=created["key"]).exists()


def test_a_token_authenticates_scripts_without_csrf(alice: User) -> None:
    key = as_(alice).post("/api/tokens/", {"name": "ci"}, format="json").json()["key"]
    script = APIClient(enforce_csrf_checks=True)
    script.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert script.get("/api/me").json()["username"] == "alice"
    assert create_scenario(script).json()["owner"]["username"] == "alice"
    assert ApiToken.objects.get().last_used_at is not None


def test_a_user_may_hold_several_named_tokens_and_revoke_one(alice: User) -> None:
    keys = [as_(alice).post("/api/tokens/", {"name": n}, format="json").json() for n in ("ci", "laptop")]
    assert as_(alice).delete(f"/api/tokens/{keys[0]['id']}/").status_code == 204
    revoked, kept = APIClient(), APIClient()
    revoked.credentials(HTTP_AUTHORIZATION=f"Token {keys[0]['key']}")
    kept.credentials(HTTP_AUTHORIZATION=f"Token {keys[1]['key']}")
    assert revoked.get("/api/me").status_code == 401
    assert kept.get("/api/me").json()["username"] == "alice"
    assert [t["name"] for t in as_(alice).get("/api/tokens/").json()] == ["laptop"]


def test_nobody_revokes_someone_elses_token(alice: User, bob: User) -> None:
    token_id = as_(alice).post("/api/tokens/", {"name": "ci"}, format="json").json()["id"]
    assert as_(bob).delete(f"/api/tokens/{token_id}/").status_code == 404
    assert ApiToken.objects.filter(pk=token_id).exists()


def test_tokens_need_a_logged_in_user(anon: APIClient) -> None:
    response = anon.post("/api/tokens/", {"name": "ci"}, format="json")
    assert response.status_code == 401
    assert response.json()["message"] == "Authentication credentials were not provided."


def test_the_system_user_is_created_once_and_cannot_log_in(db: Any) -> None:
    first, second = services.get_or_create_system_user(), services.get_or_create_system_user()
    assert first.pk == second.pk and first.username == "playground"
    assert not first.has_usable_password()
    assert services.is_guest(first) is False


def test_wrong_passwords_make_the_client_wait_with_the_error_envelope(alice: User, anon: APIClient) -> None:
    for _ in range(5):
        anon.post("/api/auth/login/", {"username": "alice", "password": "wrong-wrong"}, format="json")
    response = anon.post("/api/auth/login/", {"username": "alice", "password": PASSWORD}, format="json")
    assert response.status_code == 429
    assert response.json()["message"].startswith("too many failed logins for 'alice'")
    assert response.json()["errors"] == []
    assert int(response.headers["Retry-After"]) > 0


def test_a_user_created_elsewhere_without_a_profile_is_not_a_guest(db: Any) -> None:
    user = User.objects.create_user("admin", password=PASSWORD)
    assert as_(user).get("/api/me").json()["isGuest"] is False
    assert make_user("frank").profile.is_guest is False


def test_becoming_a_guest_keeps_the_csrf_token_valid_for_the_next_write(db: Any) -> None:
    browser = APIClient(enforce_csrf_checks=True)
    browser.credentials(HTTP_X_CSRFTOKEN=browser.get("/api/me").cookies["csrftoken"].value)
    assert create_scenario(browser, "first").status_code == 201
    assert create_scenario(browser, "second").status_code == 201


def test_the_app_shell_sets_the_csrf_cookie_so_a_first_click_can_write(client: Any, settings: Any,
                                                                        tmp_path: Any) -> None:
    """A visitor who clicks "Start lesson" before the app's first API call answered still has a
    CSRF token: the page itself sets the cookie."""
    (tmp_path / "frontend" / "dist").mkdir(parents=True)
    (tmp_path / "frontend" / "dist" / "index.html").write_text("<!doctype html><div id=root></div>")
    settings.BASE_DIR = tmp_path
    response = client.get("/runs/1")
    assert response.status_code == 200
    assert response.cookies["csrftoken"].value
