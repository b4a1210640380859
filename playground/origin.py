"""WebSocket Origin check: the page that opens a socket must be this site (scheme, host and port).

Channels' AllowedHostsOriginValidator compares the host name only, so a page served from
http://127.0.0.1:9999 could open a socket to the playground at :8000 and ride a visitor's session.
Here the Origin must equal the socket's own origin (http<->ws, https<->wss, the Host header with
its port, default ports made explicit) or one listed in CSRF_TRUSTED_ORIGINS. A client that sends
no Origin is not a browser (browsers always send it on WebSockets) and holds no session cookie to
misuse: it is let through and must authenticate like any script (a ?ticket=).
"""
from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
HTTP_SCHEME = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def normalise(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    scheme = HTTP_SCHEME.get(scheme.lower(), "")
    if not scheme or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def origin_of(url: str) -> tuple[str, str, int] | None:
    parts = urlsplit(url)
    return normalise(parts.scheme, parts.netloc) if parts.scheme and parts.netloc else None


def allowed(origin: str, scheme: str, host: str) -> bool:
    given = origin_of(origin)
    if given is None:
        return False
    own = normalise(scheme, host)
    trusted = {origin_of(o) for o in settings.CSRF_TRUSTED_ORIGINS}
    return given == own or given in trusted


def header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin1")
    return None


class SameOriginValidator:
    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket":
            origin = header(scope, b"origin")
            if origin is not None and not allowed(origin, scope.get("scheme", "ws"), header(scope, b"host") or ""):
                return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
