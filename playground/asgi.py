"""ASGI entry point: HTTP through Django, WebSockets through Channels."""
from __future__ import annotations

import os

from playground.asgi_http import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playground.settings")
os.environ.setdefault("PLAYGROUND_WEB_SERVER", "1")  # pooled connections, a shared cache (settings.py)
django_asgi_app = get_asgi_application()

# The imports below need Django set up, which get_asgi_application() just did.
from channels.routing import ProtocolTypeRouter, URLRouter

from playground.origin import SameOriginValidator
from playground.routing import websocket_urlpatterns
from playground.ws_auth import AuthMiddlewareStack

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
