"""Hundreds of nodes stay usable; a shared link opens read-only with "Fork to edit" and "Watch"."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.sharing import open_shared_link

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.usefixtures("celery_worker_process")


def big_cluster_yaml(nodes: int, pods: int) -> str:
    docs = [
        "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: batch}\nvalue: 10\n",
        "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: web}\nvalue: 1000\n",
    ]
    docs += [
        f"apiVersion: v1\nkind: Node\nmetadata: {{name: node-{i:03d}, labels: {{zone: z{i % 3}}}}}\n"
        f"status: {{allocatable: {{cpu: '4', memory: 16Gi, pods: '110'}}}}\n"
        for i in range(nodes)
    ]
    docs += [
        f"apiVersion: v1\nkind: Pod\nmetadata: {{name: pod-{i:04d}}}\nspec:\n  priorityClassName: {'web' if i % 4 == 0 else 'batch'}\n"
        f"  containers: [{{name: c, resources: {{requests: {{cpu: 500m, memory: 1Gi}}}}}}]\n"
        for i in range(pods)
    ]
    return "---\n".join(docs)


def import_scenario(page: Page, yaml: str, title: str, speed: float = 1) -> str:
    page.goto("/")
    page.request.get("/api/me")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    response = page.request.post(
        "/api/scenarios/import/",
        data={"yaml": yaml, "title": title, "visibility": "unlisted", "settings": {"speed": speed}},
        headers={"X-CSRFToken": token},
    )
    assert response.status == 201, response.text()
    return str(response.json()["slug"])


def test_three_hundred_nodes_render_compactly_and_can_be_searched(page: Page) -> None:
    slug = import_scenario(page, big_cluster_yaml(300, 40), "Three hundred nodes", speed=1000)
    page.goto(f"/scenarios/{slug}")
    page.get_by_role("button", name="▶ Run").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+$"), timeout=30_000)
    expect(page.get_by_role("heading", name="Cluster (300 nodes)")).to_be_visible(timeout=30_000)
    log = page.get_by_role("table", name="Kubernetes events, newest first")
    expect(log.get_by_text("Successfully assigned default/pod-0039")).to_be_visible(timeout=90_000)
    page.screenshot(path=str(ARTIFACTS / "run-view-300-nodes.png"))

    page.get_by_label("Find node or pod").fill("node-299")
    expect(page.get_by_role("article", name=re.compile(r"^Node node-"))).to_have_count(1)
    expect(page.get_by_role("article", name="Node node-299")).to_be_visible()

    # Unfiltered, the map draws only the cards in view; scrolling it brings the last ones.
    page.get_by_label("Find node or pod").fill("")
    cards = page.get_by_role("article", name=re.compile(r"^Node node-"))
    expect(page.get_by_role("article", name="Node node-000")).to_be_visible()
    assert 0 < cards.count() < 150, cards.count()
    grid = page.get_by_label(re.compile(r"^Nodes 1–\d+ of 300"))
    grid.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    expect(page.get_by_role("article", name="Node node-299")).to_be_visible()
    expect(page.get_by_role("article", name="Node node-000")).to_have_count(0)


def test_a_shared_link_is_read_only_and_can_be_forked_or_watched(page: Page, browser: Browser, live_server_url: str) -> None:
    slug = import_scenario(page, big_cluster_yaml(2, 3), "Shared cluster")
    page.goto(f"/scenarios/{slug}")
    page.get_by_role("button", name="▶ Run").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+$"))
    run_url = page.url

    visitor = browser.new_context(base_url=live_server_url, viewport={"width": 1280, "height": 800})
    try:
        other = visitor.new_page()
        other.goto(f"/s/{slug}")
        expect(other.get_by_role("heading", level=1)).to_have_text("Shared cluster")
        expect(other.get_by_role("article", name="Node node-000").get_by_label("CPU", exact=True)).not_to_be_editable()
        expect(other.get_by_role("button", name="Save")).to_have_count(0)

        other.get_by_role("link", name=re.compile(r"^Watch run \d+")).first.click()
        expect(other).to_have_url(run_url)
        expect(other.get_by_text("only the run's owner can control it")).to_be_visible()

        other.goto(f"/s/{slug}")
        other.get_by_role("button", name="Fork to edit").click()
        expect(other).to_have_url(re.compile(r"/scenarios/[\w-]+$"))
        expect(other.get_by_role("status")).to_contain_text("Forked")
        expect(other.get_by_role("article", name="Node node-000").get_by_label("CPU", exact=True)).to_be_editable()
    finally:
        visitor.close()


def test_a_late_viewer_gets_a_long_run_s_backlog_as_gzip_frames_and_sees_its_end(page: Page, browser: Browser,
                                                                               live_server_url: str) -> None:
    """Whole backlog pages (1,000 events) come as binary gzip frames that Chromium inflates with
    DecompressionStream; the view then shows the run's last events like a viewer who watched."""
    slug = import_scenario(page, big_cluster_yaml(40, 320), "A long run", speed=1000)
    page.goto(f"/scenarios/{slug}")
    page.get_by_role("button", name="▶ Run").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+$"), timeout=30_000)
    run_id = page.url.rsplit("/", 1)[1]
    for _ in range(30):
        run = page.request.get(f"/api/runs/{run_id}/wait/?timeout=20").json()
        if run["status"] in ("finished", "settled"):
            break
    assert run["lastSeq"] > 2000, run

    late = browser.new_page(base_url=live_server_url)
    frames: list[bytes | str] = []
    late.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    open_shared_link(late, slug)
    late.goto(f"/runs/{run_id}")
    log = late.get_by_role("table", name="Kubernetes events, newest first")
    expect(log.get_by_text("Successfully assigned default/pod-0319")).to_be_visible(timeout=30_000)
    binary = [f for f in frames if isinstance(f, bytes)]
    assert len(binary) == run["lastSeq"] // 1000, [type(f) for f in frames][:10]
    assert binary[0].split(b"\n", 1)[0].startswith(b'{"type":"events","encoding":"gzip","first":1,')
    late.close()
