"""The gallery lists the built-in lessons; a lesson runs with its steps and a predict-then-reveal question."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.usefixtures("celery_worker_process")


def test_a_lesson_reveals_its_answer_when_the_moment_comes(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("heading", name="Lessons")).to_be_visible()
    expect(page.locator("header").get_by_text("kube-scheduler model v1.34")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "gallery.png"), full_page=True)

    page.get_by_role("button", name="Start lesson: Basic preemption").click()
    lesson = page.get_by_role("region", name="Lesson 5: Basic preemption")
    expect(lesson.get_by_text("Step 1 of 7")).to_be_visible()
    expect(lesson.get_by_role("heading", name="A full node")).to_be_visible()

    # Predict before the moment comes; the lesson holds the view at the step, not the run.
    lesson.get_by_label("Your answer (pod)").select_option("default/batch-1")
    expect(lesson.get_by_role("status")).to_have_count(0)
    page.get_by_label("Speed").select_option("20")

    for step in range(2, 8):
        next_button = lesson.get_by_role("button", name="Next step", exact=True)
        expect(next_button).to_be_enabled(timeout=20_000)
        next_button.click()
        expect(lesson.get_by_text(f"Step {step} of 7")).to_be_visible()
    expect(lesson.get_by_role("status")).to_contain_text("Right: you said batch-1.")
    expect(lesson.get_by_role("heading", name="Bound where it was nominated")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "lesson-run.png"), full_page=True)


def test_the_score_table_shows_each_plugin_with_its_weight(page: Page) -> None:
    page.goto("/")
    page.get_by_role("button", name="Start lesson: Filters and scores").click()
    page.get_by_label("Speed").select_option("20")
    lesson = page.get_by_role("region", name=re.compile(r"^Lesson 2"))
    for _ in range(10):
        button = lesson.get_by_role("button", name=re.compile(r"^(Next step|Go live)"))
        expect(button).to_be_enabled(timeout=30_000)
        if button.inner_text().startswith("Go live"):
            break
        button.click()
    scores = page.get_by_role("table", name="Scores per node and plugin")
    expect(scores.first).to_contain_text("NodeResourcesFit ×1")
    expect(scores.first).to_contain_text("TaintToleration ×3")
    page.screenshot(path=str(ARTIFACTS / "run-view-scores.png"), full_page=True)
