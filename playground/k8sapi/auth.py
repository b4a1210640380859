"""Who is asking: `Authorization: Bearer <API token>` (kubeconfig), `Token <key>` too, else anonymous."""
from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from rest_framework.exceptions import AuthenticationFailed

from playground.accounts import services as accounts
from playground.k8sapi import status as st
from playground.runs.selectors import User

SCHEMES = (b"bearer", b"token")


def authenticate(request: HttpRequest, path_token: str | None = None) -> User:
    """The token in the URL (kubeconfig over plain http, see kubeconfig.server_path) or the header."""
    if path_token:
        return _user_of(path_token)
    parts = request.META.get("HTTP_AUTHORIZATION", "").encode("latin-1", errors="replace").split()
    if not parts or parts[0].lower() not in SCHEMES:
        return AnonymousUser()
    if len(parts) != 2:
        raise st.unauthorized()
    return _user_of(parts[1].decode(errors="replace"))


def _user_of(token: str) -> User:
    try:
        return accounts.authenticate_token(token)
    except AuthenticationFailed as exc:
        raise st.unauthorized() from exc


def username(user: User) -> str:
    return user.get_username() if user.is_authenticated else "system:anonymous"
