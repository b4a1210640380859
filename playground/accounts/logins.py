"""Failed logins slow down the one client guessing, never the account's owner.

Usernames are public (scenario owners, workshop instructors), so locking an *account* after a few
wrong passwords let anyone lock anyone out. Failures are counted per (client, username) instead:
from the LOGIN_MAX_FAILURES-th on, each failure makes the client wait, twice as long as the last
time (1 s, 2 s, 4 s, … at most LOGIN_LOCKOUT_SECONDS); a try meanwhile is a 429 with Retry-After. A browser that has logged in as that user
before carries a signed device cookie (OWASP's "device cookies"): it is a client of its own, so a
student guessing the instructor's password never locks the instructor out.

The client is the device cookie, else the session, else the address (throttles.client_ip).
"""
from __future__ import annotations

import math
import secrets
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from playground import throttles

DEVICE_COOKIE = "playground_device"
DEVICE_SALT = "playground.accounts.logins.device"
DEVICE_MAX_AGE = 365 * 24 * 3600
MAX_REMEMBERED_USERS = 20  # shared computers: the last few people who logged in on this browser


def refuse_if_waiting(request: HttpRequest, username: str) -> None:
    """429 with Retry-After while this client must wait before trying this username again."""
    wait = _state(request, username).get("until", 0.0) - throttles.now()
    if wait > 0:
        seconds = math.ceil(wait)
        raise throttles.TooManyRequests(seconds, f"too many failed logins for {username!r} from this browser or "
                                                 f"network: try again in {seconds} s")


def failed(request: HttpRequest, username: str) -> None:
    state = _state(request, username)
    failures = int(state.get("failures", 0)) + 1
    beyond = failures - settings.LOGIN_MAX_FAILURES
    until = throttles.now() + min(2.0**beyond, settings.LOGIN_LOCKOUT_SECONDS) if beyond >= 0 else 0.0
    cache.set(_key(request, username), {"failures": failures, "until": until}, _memory_seconds())


def succeeded(request: HttpRequest, response: HttpResponse, username: str) -> None:
    """Forget this client's failures and remember the browser as one this user logs in from."""
    cache.delete(_key(request, username))
    device, users = _device(request)
    users = [u for u in users if u != username.lower()][-(MAX_REMEMBERED_USERS - 1):] + [username.lower()]
    response.set_cookie(DEVICE_COOKIE, signing.dumps({"d": device or secrets.token_urlsafe(12), "u": users},
                                                     salt=DEVICE_SALT),
                        max_age=DEVICE_MAX_AGE, httponly=True, samesite="Lax", secure=request.is_secure())


def _memory_seconds() -> int:
    """Failures are forgotten a while after the longest wait would have ended."""
    return int(settings.LOGIN_LOCKOUT_SECONDS * 2)


def _state(request: HttpRequest, username: str) -> dict[str, Any]:
    return dict(cache.get(_key(request, username)) or {})


def _key(request: HttpRequest, username: str) -> str:
    return f"login_failures:{_client(request, username)}:{username.lower()}"


def _client(request: HttpRequest, username: str) -> str:
    device, users = _device(request)
    if device and username.lower() in users:
        return f"device-{device}"
    session_key = getattr(getattr(request, "session", None), "session_key", None)
    return f"session-{session_key}" if session_key else f"ip-{throttles.client_ip(request)}"


def _device(request: HttpRequest) -> tuple[str, list[str]]:
    try:
        data = signing.loads(request.COOKIES.get(DEVICE_COOKIE, ""), salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE)
    except signing.BadSignature:
        return "", []
    return str(data.get("d", "")), [str(u) for u in data.get("u", [])]
