"""The cycle strip in a browser: a lesson's run held at one cycle names every extension point with
each plugin's status, the two Filter passes with a nominated pod, and the binding side (Reserve … PostBind)
as the model runs it, VolumeBinding named for what it would do."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from playground.lessons.tooling import load_lessons

pytestmark = pytest.mark.usefixtures("celery_worker_process")

LESSON = next(lesson for lesson in load_lessons() if lesson.folder.endswith("-the-nominated-node"))


def plugin(strip, point: str, name: str):
    return strip.locator(f'[data-point="{point}"] [data-plugin="{name}"]')


def test_the_strip_shows_one_cycle_through_every_extension_point(page: Page) -> None:
    page.goto("/")
    start = page.get_by_role("button", name=f"Start lesson: {LESSON.title}", exact=True)
    expect(start).to_be_visible(timeout=30_000)
    start.click()
    panel = page.get_by_role("region", name=f"Lesson {LESSON.number}: {LESSON.title}")
    total = len(LESSON.main.steps)
    page.get_by_label("Speed").select_option("0")
    for k in (2, 3):  # step 3: scavenger-1's cycle, held at its cycle.filtered
        panel.get_by_role("button", name="Next step", exact=True).click()
        expect(panel.get_by_text(f"Step {k} of {total}")).to_be_visible(timeout=30_000)

    strip = page.get_by_test_id("cycle-strip")
    expect(strip.locator("[data-point]")).to_have_count(13)
    points = strip.locator("[data-point]").evaluate_all("els => els.map(e => e.dataset.point)")
    assert points == ["PreEnqueue", "QueueSort", "PreFilter", "Filter", "PostFilter", "PreScore", "Score",
                      "NormalizeScore", "Reserve", "Permit", "PreBind", "Bind", "PostBind"]
    expect(plugin(strip, "PreEnqueue", "SchedulingGates")).to_have_attribute("data-status", "Success")
    expect(plugin(strip, "PreFilter", "PodTopologySpread")).to_have_attribute("data-status", "Skip")
    expect(plugin(strip, "Filter", "NodeResourcesFit")).to_have_attribute("data-status", "Unschedulable")
    expect(plugin(strip, "Filter", "TaintToleration")).to_have_attribute("data-status", "Success")
    # etl-mid (priority 500) is nominated to node-1: scavenger-1 (50) is filtered with it added first.
    expect(strip.locator('[data-point="Filter"]')).to_contain_text("Two passes on node-1 (+ etl-mid)")
    expect(plugin(strip, "PostFilter", "DefaultPreemption")).to_have_attribute("data-status", "not yet")
    expect(plugin(strip, "Reserve", "DynamicResources")).to_have_attribute("data-status", "not yet")
    expect(strip.locator('[data-point="Reserve"]')).to_contain_text("VolumeBinding")
    expect(strip.locator('[data-point="Permit"]')).to_contain_text("No Permit plugin in this profile")
    expect(strip.locator('[data-point="PostBind"]')).to_contain_text("No PostBind plugin in this profile")
    expect(strip.locator('[data-status="not modelled"]')).to_have_count(0)

    bound_step = 1 + next(i for i, step in enumerate(LESSON.main.steps) if step.at.get("event") == "pod.bound")
    for k in range(4, bound_step + 1):
        panel.get_by_role("button", name="Next step", exact=True).click()
        expect(panel.get_by_text(f"Step {k} of {total}")).to_be_visible(timeout=30_000)
    # Held at pay-high's pod.bound: its nominated node fits alone, so nothing is scored.
    expect(plugin(strip, "Bind", "DefaultBinder")).to_have_attribute("data-status", "Success", timeout=30_000)
    expect(plugin(strip, "Score", "NodeResourcesFit")).to_have_attribute("data-status", "not run")
    expect(plugin(strip, "PostFilter", "DefaultPreemption")).to_have_attribute("data-status", "not run")
    expect(plugin(strip, "Reserve", "DynamicResources")).to_have_attribute("data-status", "Success")
    expect(plugin(strip, "PreBind", "DynamicResources")).to_have_attribute("data-status", "Success")
