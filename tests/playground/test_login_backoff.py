"""Issue 28, point 4: failed logins slow down the client guessing (per client and username, a
growing Retry-After), say their wait once, and never lock the account's owner out."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground import throttles
from playground.accounts.logins import DEVICE_COOKIE
from tests.playground.scenarios_support import alice, fast_passwords  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [1_000_000.0]
    monkeypatch.setattr(throttles.KeyedThrottle, "timer", staticmethod(lambda: now[0]))
    return now


def log_in(client: APIClient, password: str, username: str = "alice") -> Any:
    return client.post("/api/auth/login/", {"username": username, "password": password}, format="json")


def test_the_wait_doubles_with_each_failure_beyond_the_free_ones(alice: User, clock: list[float]) -> None:
    guesser = APIClient()
    assert [log_in(guesser, "wrong-wrong").status_code for _ in range(5)] == [400] * 5
    waits = []
    for _ in range(3):
        refused = log_in(guesser, "wrong-wrong")
        assert refused.status_code == 429
        waits.append(int(refused.headers["Retry-After"]))
        clock[0] += waits[-1]
        assert log_in(guesser, "wrong-wrong").status_code == 400
    assert waits == [1, 2, 4]


def test_the_message_says_its_wait_once(alice: User, clock: list[float]) -> None:
    guesser = APIClient()
    for _ in range(5):
        log_in(guesser, "wrong-wrong")
    message = log_in(guesser, PASSWORD).json()["message"]
    assert message == "too many failed logins for 'alice' from this browser or network: try again in 1 s"


def test_the_wait_is_capped(alice: User, clock: list[float], settings: Any) -> None:
    settings.LOGIN_LOCKOUT_SECONDS = 8
    guesser = APIClient()
    for _ in range(12):
        clock[0] += 100
        log_in(guesser, "wrong-wrong")
    assert int(log_in(guesser, "wrong-wrong").headers["Retry-After"]) == 8


def test_the_owner_on_a_browser_they_logged_in_from_is_never_locked_out(alice: User, clock: list[float]) -> None:
    owner = APIClient()
    assert log_in(owner, PASSWORD).status_code == 200
    assert DEVICE_COOKIE in owner.cookies
    owner.post("/api/auth/logout/")
    guesser = APIClient()
    for _ in range(20):
        log_in(guesser, "wrong-wrong")
    assert log_in(guesser, PASSWORD).status_code == 429
    assert log_in(owner, PASSWORD).status_code == 200


def test_another_username_from_the_same_network_is_not_slowed(alice: User, clock: list[float]) -> None:
    User.objects.create_user("bob", password=PASSWORD)
    guesser = APIClient()
    for _ in range(6):
        log_in(guesser, "wrong-wrong")
    assert log_in(APIClient(), PASSWORD, "bob").status_code == 200
    assert log_in(APIClient(), PASSWORD).status_code == 429  # the same address, no session: the same client


def test_a_forged_device_cookie_is_just_another_client(alice: User, clock: list[float]) -> None:
    guesser = APIClient()
    for _ in range(6):
        log_in(guesser, "wrong-wrong")
    guesser.cookies[DEVICE_COOKIE] = "forged"
    assert log_in(guesser, PASSWORD).status_code == 429
