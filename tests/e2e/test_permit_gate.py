"""Lesson 21 in a browser: the pod held at Permit is in the Waiting at Permit lane (its node and timeout
named) and on its node's card (assumed: its CPUs count there), the cycle strip says PermitGate answered
Wait, and the run page offers Allow and Reject for it."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from playground.lessons.tooling import load_lessons

pytestmark = pytest.mark.usefixtures("celery_worker_process")

LESSON = next(lesson for lesson in load_lessons() if lesson.folder.endswith("-permit-gate"))


def test_the_waiting_pod_is_in_its_lane_and_the_strip_says_wait(page: Page) -> None:
    page.goto("/")
    start = page.get_by_role("button", name=f"Start lesson: {LESSON.title}", exact=True)
    expect(start).to_be_visible(timeout=30_000)
    start.click()
    panel = page.get_by_role("region", name=f"Lesson {LESSON.number}: {LESSON.title}")
    total = len(LESSON.main.steps)
    page.get_by_label("Speed").select_option("0")
    panel.get_by_role("button", name="Next step", exact=True).click()  # step 2: permit.waiting of train-1
    expect(panel.get_by_text(f"Step 2 of {total}")).to_be_visible(timeout=30_000)

    lane = page.get_by_role("group", name="Waiting at Permit (1)")
    expect(lane).to_contain_text("train-1", timeout=30_000)
    expect(lane).to_contain_text("on node-1 · PermitGate · times out at t=30s")
    node = page.get_by_role("article", name="Node node-1")  # assumed there: its 3 CPUs count
    expect(node).to_contain_text("waiting at Permit (assumed)")
    expect(node.get_by_role("meter", name="node-1 cpu")).to_have_attribute("aria-valuenow", "3000")
    page.get_by_role("button", name=re.compile(r"^train-1 ")).first.click()
    strip = page.get_by_test_id("cycle-strip")
    expect(strip.locator('[data-point="Permit"] [data-plugin="PermitGate"]')).to_have_attribute("data-status", "Wait")
    expect(strip.locator('[data-point="Bind"] [data-plugin="DefaultBinder"]')).to_have_attribute("data-status", "not yet")
    expect(page.get_by_label("Waiting at Permit", exact=True)).to_have_value("default/train-1")
    expect(page.get_by_role("button", name="Allow", exact=True)).to_be_enabled()
