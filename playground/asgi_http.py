"""Django's ASGI handler with a request's middleware and view in one thread hop.

Django's own ASGIHandler builds its middleware chain for async mode. With any sync-only middleware
in it (ours: the chunked-body check) and sync views (DRF's), a request crosses between the event
loop and its thread three times for the chain alone: the sync middleware calls the async URL
resolution, which calls the sync view, which returns through both. Under a class's load each
crossing waits for the busy event loop (and the GIL). Here the chain is built for sync mode — the
same middleware, `BaseHandler._get_response` at the bottom — and `get_response_async` runs
Django's sync `get_response`, the whole chain, in the request's thread in one crossing, as under
WSGI. Everything else (body reading, signals, sending, streaming responses, disconnects) is
Django's ASGIHandler unchanged; only public methods are overridden.

A request's thread is reused, too. Django gives each request a ThreadSensitiveContext of its own,
for which asgiref starts a new thread and, at the end, another one to join it; `Thread.start()`
waits on the event loop's thread until the new thread runs, which under a class's burst (20
request threads per process holding the GIL in turn) held up every other request of the process
(docs/benchmarks.md, classroom). Here each request borrows a single-thread executor from the
process's free list and gives it back: the same one-request-at-a-time thread, started once.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest
from django.http.response import HttpResponseBase

# Idle request threads kept per process (a burst's peak needs as many as it has requests at once).
KEEP_IDLE_THREADS = 64


class OneHopASGIHandler(ASGIHandler):
    def __init__(self) -> None:
        super().__init__()
        self.idle_threads: list[ThreadPoolExecutor] = []  # touched only on the event loop's thread

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        executor = self.idle_threads.pop() if self.idle_threads else ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="request")
        try:
            # Django's own ThreadSensitiveContext inside finds this one and uses its executor.
            async with ThreadSensitiveContext(executor=executor):
                await super().__call__(scope, receive, send)
        finally:
            if len(self.idle_threads) < KEEP_IDLE_THREADS:
                self.idle_threads.append(executor)
            else:
                executor.shutdown(wait=False)

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)  # the chain for sync mode, as under WSGI

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        # Django's sync get_response (URL conf, the chain, logging an error response), whole, in
        # the request's own thread (ThreadSensitiveContext): the one its request_started /
        # request_finished signals run in, so its database connection is closed.
        response: HttpResponseBase = await sync_to_async(self.get_response, thread_sensitive=True)(request)
        return response


def get_asgi_application() -> OneHopASGIHandler:
    import django

    django.setup(set_prefix=False)
    return OneHopASGIHandler()
