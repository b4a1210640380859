"""Every WebSocket path of the playground, in one list (playground.asgi serves it)."""
from __future__ import annotations

from django.urls import URLPattern, re_path

from playground.runs.consumers import NoSuchSocket
from playground.runs.routing import websocket_urlpatterns as run_websockets
from playground.workshops.routing import websocket_urlpatterns as workshop_websockets

# Any other path closes with 4404 (NoSuchSocket), not a 500 at the handshake: it must come last.
websocket_urlpatterns: list[URLPattern] = [*run_websockets, *workshop_websockets, re_path(r"", NoSuchSocket.as_asgi())]
