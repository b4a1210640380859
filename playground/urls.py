from __future__ import annotations

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from playground import views

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("api/version", views.version, name="version"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("playground.accounts.urls")),
    path("api/", include("playground.scenarios.urls")),
    path("api/", include("playground.runs.urls")),
    path("api/", include("playground.lessons.urls")),
    path("admin/", admin.site.urls),
    # Everything else is the browser app (client-side routing).
    re_path(r"^(?!api/|static/|ws/|admin/).*$", views.app, name="app"),
]

# Unmatched /api/ URLs, oversized bodies and crashes answer with the API's JSON error envelope.
handler400 = "playground.api_errors.handler400"
handler403 = "playground.api_errors.handler403"
handler404 = "playground.api_errors.handler404"
handler500 = "playground.api_errors.handler500"
