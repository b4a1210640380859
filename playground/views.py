"""Project-level views: the browser app shell, /healthz, /api/version."""
from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import ensure_csrf_cookie

from playground import health
from scheduler_core.version import MODEL_VERSION


@ensure_csrf_cookie  # a click before the app's first API call must not meet "CSRF cookie not set"
def app(request: HttpRequest) -> HttpResponse:
    index = settings.BASE_DIR / "frontend" / "dist" / "index.html"
    if not index.exists():
        return HttpResponse(
            "The browser app is not built yet: run `make run` (or `cd frontend && npm run build`).",
            status=503,
            content_type="text/plain",
        )
    return HttpResponse(index.read_text(), content_type="text/html")


def healthz(request: HttpRequest) -> JsonResponse:
    report = health.check_all()
    ok = all(c["ok"] for c in report.values())
    return JsonResponse({"ok": ok, "components": report}, status=200 if ok else 503)


def version(request: HttpRequest) -> JsonResponse:
    return JsonResponse(MODEL_VERSION)
