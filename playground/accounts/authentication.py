"""How a request says who it is: `Authorization: Token <key>` (or `Bearer <key>`, as kubectl and
client libraries send it) for scripts, the session for browsers."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication, SessionAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from playground.accounts import services

KEYWORD = "Token"
SCHEMES = (KEYWORD, "Bearer")  # the same API token under either scheme


class ApiTokenAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[User, None] | None:
        parts = get_authorization_header(request).split()
        if not parts:
            return None
        scheme = parts[0].decode(errors="replace")
        if scheme.lower() not in {s.lower() for s in SCHEMES}:
            raise AuthenticationFailed(f'the Authorization scheme "{scheme[:20]}" is not supported: '
                                       'send "Authorization: Token <key>" or "Authorization: Bearer <key>"')
        if len(parts) != 2:
            raise AuthenticationFailed(f'use "Authorization: {scheme} <key>" with exactly one key')
        return services.authenticate_token(parts[1].decode(errors="replace")), None

    def authenticate_header(self, request: Request) -> str:
        return KEYWORD  # makes DRF answer 401 (not 403) when credentials are missing


def enforce_csrf(request: Request) -> None:
    """CSRF for session writes that DRF would not check: anonymous ones about to become a guest, login.

    A request authenticated by an API token carries no cookie a third-party page could ride on: no check."""
    if isinstance(getattr(request, "successful_authenticator", None), ApiTokenAuthentication):
        return
    SessionAuthentication().enforce_csrf(request)


class ApiTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "playground.accounts.authentication.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": 'Personal API token: "Token pgt_..." or "Bearer pgt_..." (create one at /api/tokens/)'}


@contextmanager
def acting_user(request: Request, *, one_statement: bool = False) -> Iterator[User]:
    """Who owns what the write in this block creates: the caller, or a new guest for an anonymous browser.

    The guest is made in the write's own transaction and logged in only once the write succeeded:
    a refused write leaves no guest behind. ``one_statement``: the block writes with one statement
    at most (a run start), so the guest (itself one statement) and that write need no transaction
    of their own, and a refusal deletes the guest instead; a class's first clicks save BEGIN and
    COMMIT (docs/benchmarks.md, classroom)."""
    if request.user.is_authenticated:
        yield request.user  # type: ignore[misc]
        return
    enforce_csrf(request)
    anonymous = request.user
    try:
        with nullcontext() if one_statement else transaction.atomic():
            user = services.new_guest(request._request)
            request.user = user
            try:
                yield user
            except BaseException:
                if one_statement:
                    services.delete_user(user)
                raise
    except BaseException:
        request.user = anonymous
        raise
    services.log_in_guest(request._request, user)
