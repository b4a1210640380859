from __future__ import annotations

from django.urls import URLPattern, path

from playground.workshops.consumers import WorkshopConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/workshops/<str:code>/", WorkshopConsumer.as_asgi()),
]
