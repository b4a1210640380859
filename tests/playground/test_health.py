"""/healthz: each component reported ok or failing with the reason; 503 when any fails."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
import requests
from django.test import Client

from playground import health, processes
from tests.live import WorkerProcess, claimed_redis_db

COMPONENTS = ["database", "redis", "channel_layer", "celery_worker"]


def passing() -> None:
    return None


def failing_with(message: str) -> Callable[[], None]:
    def check() -> None:
        raise ConnectionError(message)

    return check


@pytest.fixture
def all_passing(monkeypatch: pytest.MonkeyPatch) -> dict[str, Callable[[], None]]:
    checks: dict[str, Callable[[], None]] = dict.fromkeys(COMPONENTS, passing)
    monkeypatch.setattr(health, "CHECKS", checks)
    return checks


def closed_redis_url() -> str:
    return f"redis://127.0.0.1:{processes.free_port()}/0"


def test_healthz_answers_200_when_every_component_is_ok(client: Client, all_passing: dict[str, Any]) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"ok": True, "components": {name: {"ok": True} for name in COMPONENTS}}


@pytest.mark.parametrize("broken", COMPONENTS, ids=lambda name: f"{name} failing")
def test_healthz_answers_503_naming_the_failing_component_and_why(
    client: Client, all_passing: dict[str, Callable[[], None]], broken: str
) -> None:
    all_passing[broken] = failing_with("connection refused")

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["ok"] is False
    assert body["components"][broken] == {"ok": False, "error": "ConnectionError: connection refused"}
    assert all(body["components"][name] == {"ok": True} for name in COMPONENTS if name != broken)


def test_healthz_still_checks_every_component_after_one_fails(all_passing: dict[str, Callable[[], None]]) -> None:
    all_passing["database"] = failing_with("database is locked")
    all_passing["celery_worker"] = failing_with("no worker")

    report = health.check_all()

    assert [name for name, result in report.items() if not result["ok"]] == ["database", "celery_worker"]


@pytest.mark.django_db
def test_database_check_passes_on_a_working_database() -> None:
    health.check_database()


def test_redis_check_fails_fast_with_the_reason_when_redis_is_unreachable(settings: Any) -> None:
    settings.REDIS_URL = closed_redis_url()

    with pytest.raises(Exception, match="Connection refused|connecting to"):
        health.check_redis()


def test_channel_layer_check_fails_when_redis_is_unreachable(settings: Any) -> None:
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [closed_redis_url()]}}
    }

    with pytest.raises(Exception, match="Connect call failed|connecting to|Connection refused"):
        health.check_channel_layer()


class SilentLayer:
    """Accepts messages and never delivers them."""

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        return None

    async def receive(self, channel: str) -> dict[str, Any]:
        await asyncio.sleep(3600)
        return {}


def test_channel_layer_check_times_out_instead_of_hanging(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "get_channel_layer", SilentLayer)
    monkeypatch.setattr(health, "TIMEOUT_SECONDS", 0.1)

    with pytest.raises(TimeoutError):
        health.check_channel_layer()


def test_celery_check_fails_fast_when_the_broker_is_unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    from playground.celery import app

    monkeypatch.setattr(app.conf, "broker_url", closed_redis_url())
    monkeypatch.setattr(app.conf, "broker_write_url", None)

    with pytest.raises(Exception, match="Connection refused|connecting to"):
        health.check_celery_worker()


@pytest.mark.integration
def test_celery_check_fails_when_no_worker_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    from playground.celery import app

    # Not `redis_url`: the session's Celery worker may be listening there already.
    with claimed_redis_db() as empty_redis_url:
        monkeypatch.setattr(app.conf, "broker_url", empty_redis_url)
        monkeypatch.setattr(app.conf, "broker_write_url", None)
        monkeypatch.setattr(health, "TIMEOUT_SECONDS", 0.3)

        with pytest.raises(RuntimeError, match="no Celery worker answered"):
            health.check_celery_worker()


@pytest.mark.integration
def test_celery_check_pings_the_broker_configured_now_not_the_pools_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Celery's control publishes through the app-wide producer pool, bound to the broker of its first
    use: the check must not go through it (a restarted or reconfigured broker, or another test's)."""
    from playground.celery import app

    monkeypatch.setattr(app.conf, "broker_write_url", None)
    monkeypatch.setattr(app.conf, "broker_url", closed_redis_url())
    app.close()
    assert app.amqp.producer_pool is not None  # now bound to the closed port
    try:
        with claimed_redis_db() as empty_redis_url:
            monkeypatch.setattr(app.conf, "broker_url", empty_redis_url)
            monkeypatch.setattr(health, "TIMEOUT_SECONDS", 0.3)

            with pytest.raises(RuntimeError, match="no Celery worker answered"):
                health.check_celery_worker()
    finally:
        app.close()  # the next user of the pool builds it on its own broker


def test_healthz_on_the_live_server_reports_every_component_ok(
    live_server_url: str, celery_worker_process: WorkerProcess
) -> None:
    response = requests.get(f"{live_server_url}/healthz", timeout=15)

    assert response.json() == {"ok": True, "components": {name: {"ok": True} for name in COMPONENTS}}
    assert response.status_code == 200


def test_healthz_opens_in_headless_chromium(page: Any) -> None:
    response = page.goto("/healthz")

    assert response is not None
    assert json.loads(page.locator("body").inner_text())["components"]["database"] == {"ok": True}
