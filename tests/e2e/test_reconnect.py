"""A dropped connection comes back by itself and resumes after the last event, without a reload."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.usefixtures("celery_worker_process")

SCENARIO = """\
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: first}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}}}]
"""


def test_the_run_view_reconnects_and_keeps_its_state(page: Page) -> None:
    page.goto("/")
    page.request.get("/api/me")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    headers = {"X-CSRFToken": token}
    slug = page.request.post("/api/scenarios/import/", data={"yaml": SCENARIO, "title": "Reconnect"}, headers=headers).json()["slug"]
    run = page.request.post("/api/runs/", data={"scenario": slug}, headers=headers).json()
    # Every run socket goes through this proxy, so the test can cut the connection like a network drop.
    sockets = []

    def proxy(ws):  # type: ignore[no-untyped-def]
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws/runs/"), proxy)
    page.goto(f"/runs/{run['id']}")
    log = page.get_by_role("table", name="Kubernetes events, newest first")
    expect(log).to_contain_text("Successfully assigned default/first to node-1")
    page.evaluate("() => { window.__marker = 'same page'; }")

    sockets[-1].close(code=4000, reason="network drop")
    # While the socket is down the run goes on: a pod added through the API.
    page.request.post(
        f"/api/runs/{run['id']}/commands/",
        data={"type": "add_pod", "manifest": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "second"},
                                               "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}},
        headers=headers,
    )
    expect(log).to_contain_text("Successfully assigned default/second to node-1", timeout=30_000)
    assert len(sockets) >= 2, "the events after the drop came through a new connection"
    expect(page.get_by_text(re.compile(r"connection: open"))).to_be_visible()
    expect(log.get_by_text("Successfully assigned default/first to node-1")).to_have_count(1)
    assert page.evaluate("() => window.__marker") == "same page"
