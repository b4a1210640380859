from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from playground import api_docs, views

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("api/version", views.version, name="version"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", api_docs.api_docs, name="api-docs"),  # accessible; Swagger UI is not (issue 35)
    # The split view serves its start-up script as a file of its own: no inline script, as the CSP asks.
    path("api/swagger/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-swagger"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    path("api/", include("playground.accounts.urls")),
    path("api/", include("playground.scenarios.urls")),
    path("api/", include("playground.runs.urls")),
    path("api/", include("playground.lessons.urls")),
    path("api/", include("playground.workshops.urls")),
    path("k8s/", include("playground.k8sapi.urls")),  # each run as a Kubernetes API server (docs/kubectl.md)
    # Django's admin login has no throttle of its own: served only with ADMIN_ENABLED=1.
    *([path("admin/", admin.site.urls)] if settings.ADMIN_ENABLED else []),
    # Everything else is the browser app (client-side routing).
    re_path(r"^(?!api/|k8s/|static/|ws/|admin/).*$", views.app, name="app"),
]

# Unmatched /api/ URLs, oversized bodies and crashes answer with the API's JSON error envelope.
handler400 = "playground.api_errors.handler400"
handler403 = "playground.api_errors.handler403"
handler404 = "playground.api_errors.handler404"
handler500 = "playground.api_errors.handler500"
