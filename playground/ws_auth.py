"""Channels' AuthMiddlewareStack, with the session's user read in the thread pool.

Channels reads it with `database_sync_to_async`, whose default is thread-sensitive: outside a
request that is one thread per server process, so a class's 40 WebSocket openings read their
sessions and users one after another, each round trip waiting for the GIL behind the others.
The read is independent per socket: here it runs in the thread pool, as the run consumer's own
reads do (playground/runs/consumers.py).
"""
from __future__ import annotations

from typing import Any

from channels import auth
from channels.db import database_sync_to_async
from channels.sessions import CookieMiddleware, SessionMiddleware

_get_user = database_sync_to_async(auth.get_user.func, thread_sensitive=False)


class AuthMiddleware(auth.AuthMiddleware):  # type: ignore[misc]
    async def resolve_scope(self, scope: dict[str, Any]) -> None:
        scope["user"]._wrapped = await _get_user(scope)


def AuthMiddlewareStack(inner: Any) -> Any:
    return CookieMiddleware(SessionMiddleware(AuthMiddleware(inner)))
