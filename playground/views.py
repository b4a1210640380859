"""Project-level views: the browser app shell, /healthz, /api/version."""
from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.html import escape
from django.views.decorators.csrf import ensure_csrf_cookie

from playground import health, languages
from scheduler_core.version import MODEL_VERSION

# What the gallery (the first page) asks the API for, exactly as the app's fetch() asks for it (same
# URL, CORS mode, same-origin credentials), so the browser fetches it while the bundle downloads and
# the app's own request reuses it (issue 35). frontend/src/features/gallery/api.ts, lib/session.ts.
GALLERY_DATA = (
    "/api/lessons/?lang={language}",
    "/api/scenarios/?scope=featured&search=&page=1",
    "/api/scenarios/?scope=mine&search=&page=1",
    "/api/me",
    "/api/version",
)


def preloads(request: HttpRequest) -> str:
    language = languages.of_request(request)
    urls = [url.format(language=language) for url in GALLERY_DATA] if request.path == "/" else []
    return "".join(f'<link rel="preload" as="fetch" crossorigin href="{escape(url)}">' for url in urls)


@ensure_csrf_cookie  # a click before the app's first API call must not meet "CSRF cookie not set"
def app(request: HttpRequest) -> HttpResponse:
    index = settings.BASE_DIR / "frontend" / "dist" / "index.html"
    if not index.exists():
        return HttpResponse(
            "The browser app is not built yet: run `make run` (or `cd frontend && npm run build`).",
            status=503,
            content_type="text/plain",
        )
    html = index.read_text().replace("</head>", f"{preloads(request)}</head>", 1)
    response = HttpResponse(html, content_type="text/html")
    # Revalidated on every visit: it names the current build's hashed assets (cached for a year).
    patch_cache_control(response, no_cache=True)
    return response


def healthz(request: HttpRequest) -> JsonResponse:
    report = health.check_all()
    ok = all(c["ok"] for c in report.values())
    return JsonResponse({"ok": ok, "components": report}, status=200 if ok else 503)


def version(request: HttpRequest) -> JsonResponse:
    return JsonResponse(MODEL_VERSION)
