from __future__ import annotations

from django.urls import URLPattern, path

from playground.runs.consumers import RunConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/runs/<int:run_id>/", RunConsumer.as_asgi()),
]
