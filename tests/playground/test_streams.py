"""Issue 28, point 3: at most STREAMS_MAX_PER_CLIENT long-polls and watches per client, a client being
the session or credential (the address only for neither, X-Forwarded-For only from a trusted proxy)."""
from __future__ import annotations

import json
import time
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from rest_framework.test import APIClient

from playground import streams, throttles
from playground.runs import services as runs
from tests.integration.test_runs_live import node
from tests.playground.scenarios_support import as_, fast_passwords, make_scenario  # noqa: F401 (fixtures)
from tests.playground.test_k8sapi import alice, collect, stored_run  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def two_streams(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.STREAMS_MAX_PER_CLIENT = 2
    monkeypatch.setattr(runs.bus, "announce_run", lambda run_id, bulk: None)


def test_a_client_beyond_its_streams_gets_a_429_until_one_ends() -> None:
    first, second = streams.acquire("ip-1"), streams.acquire("ip-1")
    with pytest.raises(throttles.TooManyRequests) as refused:
        streams.acquire("ip-1")
    assert refused.value.wait == streams.RETRY_AFTER_SECONDS and "limit 2 at once" in str(refused.value.detail)
    assert streams.acquire("ip-2")  # someone else
    first.release()
    assert streams.acquire("ip-1")
    second.release()


@pytest.mark.parametrize(("remote", "forwarded", "trusted", "seen"), [
    pytest.param("10.0.0.9", "203.0.113.7", [], "10.0.0.9", id="X-Forwarded-For from anyone is ignored"),
    pytest.param("10.0.0.9", "203.0.113.7", ["10.0.0.9"], "203.0.113.7", id="from a trusted proxy it names the client"),
    pytest.param("10.0.0.9", "198.51.100.1, 203.0.113.7, 10.0.0.8", ["10.0.0.9", "10.0.0.8"], "203.0.113.7",
                 id="the nearest address that is not a trusted proxy, not a forged first one"),
])
def test_the_address_comes_from_x_forwarded_for_only_through_a_trusted_proxy(
        settings: Any, remote: str, forwarded: str, trusted: list[str], seen: str) -> None:
    settings.TRUSTED_PROXIES = trusted
    request = RequestFactory().get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert throttles.client_ip(request) == seen


def test_a_client_is_its_session_else_its_credential_else_its_address() -> None:
    factory = RequestFactory()
    by_token = factory.get("/", HTTP_AUTHORIZATION="Bearer pgt_x", REMOTE_ADDR="10.1.1.1")
    by_address = factory.get("/", REMOTE_ADDR="10.1.1.1")
    assert streams.client_of(by_token).startswith("credential-")
    assert streams.client_of(by_address) == "ip-10.1.1.1"
    assert streams.client_of(by_address, "pgt_in_the_path").startswith("credential-")


def test_a_long_poll_beyond_the_cap_is_a_429_with_retry_after(alice: User) -> None:
    run = runs.start_run(alice, make_scenario(alice, "public", objects=[node("n1")]))
    held = [streams.acquire("ip-127.0.0.1") for _ in range(2)]
    refused = APIClient().get(f"/api/runs/{run.pk}/wait/?timeout=0")
    assert refused.status_code == 429 and refused["Retry-After"] == "5"
    assert "long-polls or watches" in refused.json()["message"]
    for slot in held:
        slot.release()
    assert APIClient().get(f"/api/runs/{run.pk}/wait/?timeout=0").status_code == 504  # waited: it stays queued


def test_a_watch_beyond_the_cap_is_a_too_many_requests_status(alice: User) -> None:
    run = stored_run(alice, [node("n1")])
    held = [streams.acquire("ip-127.0.0.1") for _ in range(2)]
    refused = Client().get(f"/k8s/runs/{run.pk}/api/v1/pods?watch=1&timeoutSeconds=1")
    assert refused.status_code == 429 and refused["Retry-After"] == "5"
    assert refused.json()["reason"] == "TooManyRequests" and refused.json()["details"]["retryAfterSeconds"] == 5
    held[0].release()
    watched = Client().get(f"/k8s/runs/{run.pk}/api/v1/pods?watch=1&timeoutSeconds=1")
    assert watched.status_code == 200
    async_to_sync(collect)(watched.streaming_content)  # the watch ends at its timeout and gives its slot back
    assert streams.acquire("ip-127.0.0.1")


def test_a_watch_asking_for_more_than_the_maximum_ends_cleanly_at_the_maximum(
        alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    from playground.k8sapi import handlers

    monkeypatch.setattr(handlers, "WATCH_TIMEOUT", 1)  # 1,800 s in earnest
    run = stored_run(alice, [node("n1")])
    started = time.monotonic()
    watched = Client().get(f"/k8s/runs/{run.pk}/api/v1/pods?watch=1&resourceVersion={run.last_seq}"
                           "&timeoutSeconds=3600&allowWatchBookmarks=true")
    frames = b"".join(async_to_sync(collect)(watched.streaming_content)).splitlines()
    assert 1 <= time.monotonic() - started < 5
    assert [json.loads(f)["type"] for f in frames] == ["BOOKMARK"]  # then the stream closes, no error
    assert [streams.acquire("ip-127.0.0.1") for _ in range(2)]  # its slot is free again
