"""Rate limits that stop abuse without stopping a class (docs/api.md "Limits").

A class of 60 students shares one IP address (the school's NAT), so what a person does is counted
per person: per owner (the signed-in or guest user), per client and username (failed logins,
playground/accounts/logins.py). Only what has no
person yet (creating a guest, signing up, logging in) is counted per IP, as a backstop generous
enough for a whole class. The rates are settings.THROTTLE_RATES ("<n>/<s|min|hour|day>", or None
for no limit); each refusal is a 429 with Retry-After in the common error envelope.

Counts live in Django's cache: in Redis for the web server (one count for all its processes, see
playground/settings.py), the per-process local-memory cache elsewhere (tests, manage.py).
"""
from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from rest_framework.exceptions import APIException, Throttled
from rest_framework.throttling import SimpleRateThrottle

# What each scope limits, for the 429 message.
WHAT = {
    "guest": "new guest accounts from this network",
    "signup": "sign-ups from this network",
    "login": "login attempts from this network",
    "token": "API tokens created",
    "run_start": "runs started",
    "run_command": "run commands sent",
}


class KeyedThrottle(SimpleRateThrottle):
    """DRF's sliding-window counter, for one scope and one key chosen by the caller."""

    def __init__(self, scope: str, key: str) -> None:
        self.scope = scope
        self.ident = key
        self.rate = settings.THROTTLE_RATES.get(scope)
        super().__init__()

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.ident}


class TooManyRequests(Throttled):
    """429 with Retry-After, saying its wait once: DRF's Throttled appends "Expected available in N
    seconds." to a message that already names the wait."""

    def __init__(self, wait: float, detail: str) -> None:
        self.wait = math.ceil(wait)
        APIException.__init__(self, detail)


def hit(scope: str, key: Any) -> None:
    """Count one request against `scope` for `key`; 429 (Throttled) when over the rate."""
    if settings.THROTTLE_RATES.get(scope) is None:
        return  # the limit is off (an empty THROTTLE_<SCOPE>); DRF's throttle would look for a default rate
    throttle = KeyedThrottle(scope, str(key))
    if not throttle.allow_request(None, None):
        wait = throttle.wait() or 1.0
        raise TooManyRequests(wait, message(scope, throttle.rate, wait))


def message(scope: str, rate: str | None, wait: float | None) -> str:
    seconds = max(1, math.ceil(wait or 1))
    return f"too many {WHAT.get(scope, scope)} (limit {rate}): try again in {seconds} s"


def per_owner(request: Any, scope: str) -> None:
    """A limit on what one person does; anonymous callers are limited when they become a guest."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        hit(scope, f"user-{user.pk}")


def per_ip(request: Any, scope: str) -> None:
    hit(scope, f"ip-{client_ip(request)}")


def client_ip(request: Any) -> str:
    """REMOTE_ADDR, or — only for a request that came through one of settings.TRUSTED_PROXIES — the
    nearest address in X-Forwarded-For that is not a trusted proxy (anyone else can forge the header)."""
    meta = getattr(request, "META", {})
    remote = str(meta.get("REMOTE_ADDR") or "unknown")
    if remote not in settings.TRUSTED_PROXIES:
        return remote
    forwarded = [a.strip() for a in str(meta.get("HTTP_X_FORWARDED_FOR", "")).split(",") if a.strip()]
    return next((a for a in reversed(forwarded) if a not in settings.TRUSTED_PROXIES), remote)


def now() -> float:
    return KeyedThrottle.timer()
