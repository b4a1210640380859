"""A workshop in a browser: build a cluster through the forms, force a preemption, watch it live.

Real parts: the ASGI server (REST + WebSocket), a Celery worker running scheduler_core, Chromium.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.sharing import open_shared_link, scenario_of_run

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.usefixtures("celery_worker_process")


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def card(page: Page, kind: str, name: str):
    return page.get_by_role("article", name=f"{kind} {name}")


def build_preemption_scenario(page: Page) -> str:
    """One 2-cpu node; a low-priority pod already running there; a high-priority pod that needs room."""
    page.goto("/scenarios/new")
    page.get_by_label("Title").fill("Preemption in the browser")
    node = card(page, "Node", "node-1")
    node.get_by_label("CPU", exact=True).fill("2")

    web = card(page, "Pod", "web")
    web.get_by_label("CPU request (container app)").fill("1500m")
    web.get_by_label("Placement").select_option("node-1")
    web.get_by_label("Started (seconds relative to run start)").fill("-600")

    page.get_by_role("button", name="Add pod", exact=True).click()
    urgent = card(page, "Pod", "pod-1")
    urgent.get_by_label("Pod name").fill("urgent")
    urgent = card(page, "Pod", "urgent")
    urgent.get_by_label("PriorityClass").select_option("high")
    urgent.get_by_label("CPU request (container app)").fill("1")

    page.get_by_label("Speed").fill("2")
    shoot(page, "editor-forms")
    page.get_by_role("tab", name="YAML").click()
    expect(page.get_by_label(re.compile(r"^Scenario YAML"))).to_contain_text("name: urgent")
    page.get_by_role("tab", name="Forms").click()
    page.get_by_role("button", name="Create scenario").click()
    expect(page).to_have_url(re.compile(r"/scenarios/[\w-]+$"))
    expect(page.get_by_role("status")).to_contain_text("Created")
    match = re.search(r"/scenarios/([\w-]+)$", page.url)
    assert match, page.url
    return match.group(1)


def test_a_high_priority_pod_preempts_and_the_run_view_explains_it(page: Page, browser: Browser, live_server_url: str) -> None:
    build_preemption_scenario(page)
    page.get_by_role("button", name="▶ Run").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Run")

    # The victim is evicted with a countdown while the preemptor waits, nominated, as a ghost.
    victim = page.get_by_role("button", name=re.compile(r"^web low .*\(priority 100, terminating\)$"))
    expect(victim).to_be_visible(timeout=20_000)
    expect(victim).to_contain_text("evicting in")
    ghost = page.get_by_role("button", name=re.compile(r"^urgent high .*\(priority 1000, nominated\)$"))
    expect(ghost).to_be_visible()
    shoot(page, "run-view-preemption-in-progress")

    log = page.get_by_role("table", name="Kubernetes events, newest first")
    expect(log).to_contain_text(re.compile(r"Preempted by pod \S+ on node node-1"))
    expect(log).to_contain_text("0/1 nodes are available: 1 Insufficient cpu.")

    # A second viewer of the same run sees the same story.
    other = browser.new_context(base_url=live_server_url, viewport={"width": 1280, "height": 800})
    try:
        watcher = other.new_page()
        open_shared_link(watcher, scenario_of_run(page, page.url.rsplit("/", 1)[1]))
        watcher.goto(page.url)
        expect(watcher.get_by_text("only the run's owner can control it")).to_be_visible()
        watcher_log = watcher.get_by_role("table", name="Kubernetes events, newest first")
        expect(watcher_log).to_contain_text(re.compile(r"Preempted by pod \S+ on node node-1"))

        # Then the victim is gone and the preemptor is bound where the victim was.
        bound = page.get_by_role("article", name="Node node-1").get_by_role("button", name=re.compile(r"^urgent high .*\(priority 1000\)$"))
        expect(bound).to_be_visible(timeout=30_000)
        expect(page.get_by_role("button", name=re.compile(r"^web low \("))).to_have_count(0)
        expect(log).to_contain_text("Successfully assigned default/urgent to node-1")
        expect(watcher_log).to_contain_text("Successfully assigned default/urgent to node-1")
        expect(watcher_log.locator("tbody tr")).to_have_count(log.locator("tbody tr").count())
    finally:
        other.close()

    # Rewinding to the start refolds the events: the victim is back, running; then back to live.
    timeline = page.get_by_label(re.compile(r"^Timeline"))
    timeline.focus()
    timeline.press("Home")
    expect(page.get_by_role("button", name=re.compile(r"^web low \(priority 100\)$"))).to_be_visible()
    page.get_by_role("button", name="Back to live").click()
    expect(page.get_by_role("button", name=re.compile(r"^web low \("))).to_have_count(0)

    # The decision panel names the victim and why node-1 was picked.
    page.get_by_label("Filter events by pod").fill("urgent")
    bound.click()
    decision = page.get_by_role("region", name=re.compile("^Decision"))
    decision.get_by_label("Scheduling attempt").select_option(label="attempt 1 (cycle 1)")
    candidates = decision.get_by_role("table", name="Preemption candidates")
    expect(candidates).to_contain_text("web (low, priority 100)")
    expect(decision).to_contain_text("Picked node-1 because it was the only candidate node.")
    expect(decision.get_by_role("table", name="Filter results per node")).to_contain_text("Insufficient cpu: needs 1, 500m free")
    shoot(page, "run-view-decision-panel")
