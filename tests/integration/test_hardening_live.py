"""Issue 14 against the real server (uvicorn, WebSockets, PostgreSQL): the Origin check, tickets
instead of tokens in URLs, Bearer tokens, and a chunked request body."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect


def browser_session(base: str) -> requests.Session:
    http = requests.Session()
    http.get(f"{base}/api/me", timeout=10).raise_for_status()
    http.headers["X-CSRFToken"] = http.cookies["csrftoken"]
    return http


@pytest.fixture
def script(live_server_url: str) -> requests.Session:
    """A script holding only an API token (made by a guest), sent the way kubectl sends it."""
    http = browser_session(live_server_url)
    assert http.post(f"{live_server_url}/api/scenarios/", json={"title": "mine"}, timeout=30).status_code == 201
    key = http.post(f"{live_server_url}/api/tokens/", json={"name": "ci"}, timeout=30).json()["key"]
    bearer = requests.Session()
    bearer.headers["Authorization"] = f"Bearer {key}"
    return bearer


@pytest.fixture
def run_id(live_server_url: str, script: requests.Session) -> Iterator[int]:
    scenario = script.post(f"{live_server_url}/api/scenarios/", json={"title": "t", "visibility": "private"},
                           timeout=30).json()
    created = script.post(f"{live_server_url}/api/runs/", json={"scenario": scenario["slug"]}, timeout=30)
    assert created.status_code == 201, created.text
    assert created.headers["Location"] == f"/api/runs/{created.json()['id']}/"
    yield created.json()["id"]


def ws_url(base: str, path: str) -> str:
    return base.replace("http://", "ws://") + path


def test_a_page_on_another_port_cannot_open_a_socket(live_server_url: str, run_id: int) -> None:
    elsewhere = live_server_url.rsplit(":", 1)[0] + ":9999"
    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url(live_server_url, f"/ws/runs/{run_id}/"), origin=elsewhere, open_timeout=10)
    assert refused.value.response.status_code == 403


def test_a_script_opens_its_run_socket_with_a_single_use_ticket(live_server_url: str, script: requests.Session,
                                                                run_id: int) -> None:
    ticket = script.post(f"{live_server_url}/api/runs/{run_id}/ws-ticket/", timeout=30)
    assert ticket.status_code == 200, ticket.text
    url = ws_url(live_server_url, ticket.json()["url"])
    with connect(url, open_timeout=10) as ws:
        hello: dict[str, Any] = json.loads(ws.recv(timeout=10))
        assert hello["type"] == "hello" and hello["run"]["canControl"] is True
    with connect(url, open_timeout=10) as ws, pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_a_chunked_body_is_read_through_the_real_server(live_server_url: str, script: requests.Session) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"title": '
        yield b'"sent in chunks"}'

    response = script.post(f"{live_server_url}/api/scenarios/", data=chunks(),
                           headers={"Content-Type": "application/json"}, timeout=30)
    assert response.status_code == 201, response.text
    assert response.json()["title"] == "sent in chunks"
