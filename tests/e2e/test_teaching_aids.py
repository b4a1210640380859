"""Teaching aids on the run view: key-event markers that jump, keyboard shortcuts, the preemptor
named next to upstream's "Preempted by pod <UID>"."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_compare import CLUSTER

pytestmark = pytest.mark.usefixtures("celery_worker_process")



def start(page: Page, yaml: str, speed: float) -> int:
    page.goto("/")
    page.request.get("/api/me")
    headers = {"X-CSRFToken": next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")}
    slug = page.request.post("/api/scenarios/import/", data={"yaml": yaml, "title": "aids", "visibility": "unlisted"},
                             headers=headers).json()["slug"]
    run = page.request.post("/api/runs/", data={"scenario": slug, "speed": speed}, headers=headers).json()
    return int(run["id"])


def test_markers_jump_to_key_events_and_arrows_move_one_event(page: Page) -> None:
    run = start(page, CLUSTER, 0)
    assert page.request.get(f"/api/runs/{run}/wait/?timeout=60").json()["settled"]
    page.goto(f"/runs/{run}")
    keys = page.get_by_role("group", name="Key events")
    jump = keys.get_by_role("button", name=re.compile(r"^Jump to urgent preempts on node-1 \(event \d+\)"))
    seq = int(re.search(r"event (\d+)", jump.get_attribute("aria-label") or "").group(1))  # type: ignore[union-attr]
    jump.click()
    expect(page.get_by_text(re.compile(rf"^Timeline \(event {seq} of"))).to_be_visible()
    page.locator("body").press("ArrowLeft")
    expect(page.get_by_text(re.compile(rf"^Timeline \(event {seq - 1} of"))).to_be_visible()
    page.locator("body").press("ArrowRight")
    expect(page.get_by_text(re.compile(rf"^Timeline \(event {seq} of"))).to_be_visible()
    keys.get_by_role("button", name="Next key event ▶").click()
    expect(page.get_by_text(re.compile(rf"^Timeline \(event {seq} of"))).not_to_be_visible()
    page.get_by_role("button", name="Back to live").click()
    events = page.get_by_role("table", name="Kubernetes events, newest first")
    expect(events.get_by_role("cell", name=re.compile(r"^Preempted by pod \S+ on node node-1 \(pod urgent\)$"))).to_be_visible()


def test_space_pauses_and_resumes_and_question_mark_lists_the_shortcuts(page: Page) -> None:
    run = start(page, CLUSTER, 1)  # the victim's 30 s graceful termination keeps it running
    page.goto(f"/runs/{run}")
    status = page.locator(".run-status")
    expect(status).to_contain_text("Status: running", timeout=20_000)
    page.locator("body").press("Space")
    expect(status).to_contain_text("Status: paused")
    page.locator("body").press("Space")
    expect(status).to_contain_text("Status: running")
    page.locator("body").press("?")
    help_ = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(help_).to_contain_text("pause / resume the run")
    page.locator("body").press("?")
    expect(help_).to_be_hidden()
    page.request.post(f"/api/runs/{run}/commands/", data={"type": "stop"}, headers={
        "X-CSRFToken": next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")})


def test_describe_and_yaml_of_a_pod_follow_the_timeline_and_the_preemption_table_fits_at_200_percent(page: Page) -> None:
    run = start(page, CLUSTER, 0)
    assert page.request.get(f"/api/runs/{run}/wait/?timeout=60").json()["settled"]
    page.set_viewport_size({"width": 640, "height": 900})  # 1280 CSS pixels at 200 % zoom
    page.goto(f"/runs/{run}")
    page.get_by_role("group", name="Key events").get_by_role(
        "button", name=re.compile(r"^Jump to urgent preempts on node-1")).click()
    table = page.get_by_role("table", name="Preemption candidates")
    expect(table).to_contain_text("web")
    assert table.evaluate("t => t.scrollWidth <= t.closest('.preemption').clientWidth")

    inspect = page.get_by_role("region", name="Inspect")
    inspect.get_by_label("Object").select_option("pod/default/urgent")
    described = inspect.get_by_label("kubectl describe pod/default/urgent")
    expect(described).to_contain_text(re.compile(r"Node:\s+<none>"))
    page.get_by_role("button", name="Back to live").click()
    expect(described).to_contain_text(re.compile(r"Node:\s+node-1"))
    inspect.get_by_role("radio", name="YAML").click()
    expect(inspect.get_by_label("YAML of pod/default/urgent")).to_contain_text("nodeName: node-1")


def test_a_form_built_scenario_warns_about_no_field_the_form_added_itself(page: Page) -> None:
    page.goto("/scenarios/new")
    page.get_by_label("Title").fill("Form only")
    page.get_by_role("button", name="Add pod", exact=True).click()
    page.get_by_role("button", name="Create scenario").click()
    expect(page.get_by_role("status")).to_contain_text("Created")
    expect(page.get_by_text(re.compile("accepted but not modelled"))).to_have_count(0)
