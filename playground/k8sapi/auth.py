"""Who is asking: a kubeconfig's run credential or an API token (`Authorization: Bearer <key>` or
`Token <key>`, or in the URL path over plain http), else anonymous."""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from rest_framework.exceptions import AuthenticationFailed

from playground.accounts import services as accounts
from playground.k8sapi import status as st
from playground.runs.selectors import User
from playground.workshops import selectors as workshops

SCHEMES = (b"bearer", b"token")


@dataclass(frozen=True)
class Caller:
    user: User
    credential_run: int | None = None  # a run credential's run: it opens that run and its restarts only


def authenticate(request: HttpRequest, path_token: str | None = None) -> Caller:
    """The key in the URL (kubeconfig over plain http, see kubeconfig.server_path) or the header."""
    key = path_token or header_key(request)
    if key is None:
        return Caller(AnonymousUser())
    if key.startswith(accounts.RUN_CREDENTIAL_PREFIX):
        return _run_credential(key)
    return Caller(account_user(key))


def header_key(request: HttpRequest) -> str | None:
    parts = request.META.get("HTTP_AUTHORIZATION", "").encode("latin-1", errors="replace").split()
    if not parts or parts[0].lower() not in SCHEMES:
        return None
    if len(parts) != 2:
        raise st.unauthorized()
    return parts[1].decode(errors="replace")


def account_user(key: str) -> User:
    """An API token's user; a run credential is no API token (it mints nothing, opens no REST API)."""
    try:
        return accounts.authenticate_token(key)
    except AuthenticationFailed as exc:
        raise st.unauthorized() from exc


def _run_credential(key: str) -> Caller:
    try:
        credential = accounts.authenticate_run_credential(key)
    except AuthenticationFailed as exc:
        raise st.unauthorized() from exc
    if credential.workshop_id is not None and workshops.has_ended(credential.workshop_id):
        raise st.unauthorized()
    return Caller(credential.user, credential.run_id)


def username(user: User) -> str:
    return user.get_username() if user.is_authenticated else "system:anonymous"
