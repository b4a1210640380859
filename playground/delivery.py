"""What keeps the app light on a class's shared Wi-Fi (issue 35): cache headers for the built
assets, and compressed JSON from the API.

The built assets (frontend/dist) come with brotli and gzip twins made by the Vite build
(frontend/vite.config.ts); whitenoise serves the twin the browser accepts. Vite names every file
under assets/ after a hash of its content, so those are cached for a year and never revalidated;
index.html (the app's view, playground/views.py) is `no-cache`, so a new build is picked up at once.

API JSON is gzipped (no maintained brotli library is among the dependencies) with Django's
GZipMiddleware, but only where BREACH cannot apply: that attack needs a page on another site to
make the victim's browser send requests that carry the victim's cookies (and to observe the
compressed sizes). A request without cookies carries no credentials, so its response holds
nothing of the user's; a browser request with `Sec-Fetch-Site: same-origin` was made by the app
itself. Anything else (a cross-site or an old browser's request with cookies) goes uncompressed.
"""
from __future__ import annotations

import re
from wsgiref.headers import Headers

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

YEAR = 365 * 24 * 60 * 60
IMMUTABLE = f"public, max-age={YEAR}, immutable"
# Vite's output: assets/<name>-<8-character hash>.<ext> (its default `[name]-[hash]`).
HASHED_ASSET = re.compile(r"^/static/assets/[^/]+-[\w-]{8}\.\w+$")


def asset_headers(headers: Headers, path: str, url: str) -> None:
    """WHITENOISE_ADD_HEADERS_FUNCTION: hashed assets immutable for a year (whitenoise's own
    immutable setting says ten years; a year is HTTP's customary maximum)."""
    if HASHED_ASSET.match(url):
        headers["Cache-Control"] = IMMUTABLE


def may_compress(request: HttpRequest, response: HttpResponseBase) -> bool:
    if not request.path.startswith("/api/") or "json" not in response.get("Content-Type", ""):
        return False
    return not request.COOKIES or request.headers.get("Sec-Fetch-Site") == "same-origin"


class ApiJsonGZipMiddleware(GZipMiddleware):
    """GZipMiddleware for API JSON that no other site can make a browser fetch with its cookies."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if not may_compress(request, response):
            return response
        return super().process_response(request, response)
