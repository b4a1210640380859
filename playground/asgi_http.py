"""Django's ASGI handler with a request's middleware and view in one thread hop.

Django's own ASGIHandler builds its middleware chain for async mode. With any sync-only middleware
in it (ours: the chunked-body check) and sync views (DRF's), a request crosses between the event
loop and its thread three times for the chain alone: the sync middleware calls the async URL
resolution, which calls the sync view, which returns through both. Under a class's load each
crossing waits for the busy event loop (and the GIL). Here the chain is built for sync mode — the
same middleware, `BaseHandler._get_response` at the bottom — and the whole of it runs in the
request's thread in one crossing, as under WSGI. Everything else (body reading, signals, sending,
streaming responses, disconnects) is Django's ASGIHandler unchanged.
"""
from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class OneHopASGIHandler(ASGIHandler):
    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)
        chain: Any = self._middleware_chain  # type: ignore[has-type]
        # thread_sensitive: the request's own thread (ThreadSensitiveContext), the one its
        # request_started / request_finished signals run in, so its database connection is closed.
        self._middleware_chain = sync_to_async(chain, thread_sensitive=True)


def get_asgi_application() -> OneHopASGIHandler:
    import django

    django.setup(set_prefix=False)
    return OneHopASGIHandler()
