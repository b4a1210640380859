"""playground.asgi_http: Django's ASGI handler with the middleware chain in one thread hop."""
from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from asgiref.testing import ApplicationCommunicator
from django.http import HttpRequest, HttpResponse
from django.urls import path

from playground.asgi_http import OneHopASGIHandler

seen_threads: list[tuple[str, int]] = []


def record_middleware(get_response: Any) -> Any:
    def middleware(request: HttpRequest) -> HttpResponse:
        seen_threads.append(("middleware", threading.get_ident()))
        return get_response(request)

    return middleware


def view(request: HttpRequest) -> HttpResponse:
    seen_threads.append(("view", threading.get_ident()))
    return HttpResponse(json.dumps({"ok": True}), content_type="application/json")


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("boom")


urlpatterns = [path("hop/", view), path("broken/", broken)]


async def get(handler: OneHopASGIHandler, url: str) -> tuple[int, bytes]:
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "path": url,
             "raw_path": url.encode(), "query_string": b"", "headers": [(b"host", b"testserver")],
             "server": ("testserver", 80), "client": ("127.0.0.1", 1234), "scheme": "http"}
    communicator = ApplicationCommunicator(handler, scope)
    await communicator.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await communicator.receive_output(5)
    body = await communicator.receive_output(5)
    await communicator.wait(5)
    return start["status"], body["body"]


@pytest.fixture
def handler(settings: Any, monkeypatch: pytest.MonkeyPatch) -> OneHopASGIHandler:
    async def async_path(self: Any, request: HttpRequest) -> HttpResponse:
        raise AssertionError("the async response path: a hop back to the event loop per request")

    # Django's own ASGIHandler resolves the URL on the event loop, between the sync middleware
    # and the sync view: with it this test fails.
    monkeypatch.setattr(OneHopASGIHandler, "_get_response_async", async_path)
    settings.ROOT_URLCONF = __name__
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, f"{__name__}.record_middleware"]
    seen_threads.clear()
    return OneHopASGIHandler()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_middleware_and_the_view_run_in_one_thread(handler: OneHopASGIHandler) -> None:
    status, body = await get(handler, "/hop/")
    assert (status, json.loads(body)) == (200, {"ok": True})
    assert [kind for kind, _ in seen_threads] == ["middleware", "view"]
    assert len({ident for _, ident in seen_threads}) == 1  # no hop back to the event loop between them
    assert threading.get_ident() not in {ident for _, ident in seen_threads}  # not on the loop's thread


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_an_exception_in_a_view_is_still_a_500_response(handler: OneHopASGIHandler, settings: Any) -> None:
    settings.DEBUG_PROPAGATE_EXCEPTIONS = False
    status, _ = await get(handler, "/broken/")
    assert status == 500


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_requests_reuse_their_threads_instead_of_starting_new_ones(
        handler: OneHopASGIHandler, monkeypatch: pytest.MonkeyPatch) -> None:
    """asgiref starts a thread per request and another to join it, each start waiting on the event
    loop's thread; here one request after another runs in the same thread, and no thread starts
    once the first is up. With Django's own handler this fails (a new thread per request)."""
    await get(handler, "/hop/")
    started: list[str] = []
    original = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start", lambda self: (started.append(self.name), original(self))[1])
    for _ in range(3):
        assert (await get(handler, "/hop/"))[0] == 200
    assert started == []
    assert len({ident for kind, ident in seen_threads if kind == "view"}) == 1
