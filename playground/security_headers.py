"""A Content-Security-Policy and the usual security headers on every response.

Scripts come only from the app itself (no `unsafe-inline`, no `eval`): a stored string that got
into the page could not run. What the app needs is allowed by name: its own WebSockets (ws:/wss:
to its own host — 'self' alone does not cover them in every browser), `data:` images (the
workshop's QR code), and inline styles, which the API docs' Swagger UI and Redoc inject (styles
cannot run code). Django's SecurityMiddleware already sends X-Content-Type-Options: nosniff,
Referrer-Policy and Cross-Origin-Opener-Policy; XFrameOptionsMiddleware sends X-Frame-Options.
"""
from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"


def content_security_policy(host: str | None) -> str:
    sockets = f" ws://{host} wss://{host}" if host else ""
    directives = {
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": "'self' 'unsafe-inline'",
        "img-src": "'self' data:",
        "font-src": "'self' data:",
        "connect-src": f"'self'{sockets}",
        "worker-src": "'self' blob:",  # Redoc's search index
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


def security_headers_middleware(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        response.headers.setdefault("Content-Security-Policy", content_security_policy(_host(request)))
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response

    return middleware


def _host(request: HttpRequest) -> str | None:
    try:
        return request.get_host()
    except DisallowedHost:  # answered 400 already; its CSP allows no sockets
        return None
