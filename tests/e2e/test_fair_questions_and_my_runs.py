"""Issue 36: a lesson's table renders, a wrong prediction is marked wrong ("you said X — the
answer is Y"), and a person refused a fourth run is offered "My runs", where they stop one and
can start again."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from playground.lessons.tooling import load_lessons

pytestmark = pytest.mark.usefixtures("celery_worker_process")
LESSON_1 = load_lessons()[0]
WAIT = 30_000  # a run's page loads its run, its events and the lesson: slow on a loaded machine


def test_a_lesson_table_renders_and_a_wrong_answer_is_marked_wrong(page: Page) -> None:
    page.goto("/")
    page.get_by_role("button", name=f"Start lesson: {LESSON_1.title}").click()
    lesson = page.get_by_role("region", name=f"Lesson 1: {LESSON_1.title}")
    expect(lesson.get_by_text(f"Step 1 of {len(LESSON_1.main.steps)}")).to_be_visible(timeout=WAIT)
    # Step 1's tour of the screen is a GitHub table, drawn as one (not as pipes).
    table = lesson.get_by_role("table").first
    expect(table.get_by_role("columnheader", name="part of the screen")).to_be_visible()
    expect(lesson).not_to_contain_text("|---|")
    # A term's first use links to the glossary, with its definition on hover (the link's description).
    term = lesson.get_by_role("link", name="scheduler").first
    expect(term).to_have_attribute("href", "/glossary#scheduler")
    expect(term).to_have_accessible_description(re.compile(r"^The control-plane component that picks a node"))
    answer = lesson.get_by_label("Your answer (node)").first
    # Every node of the run is offered, and "none of these".
    expect(answer.locator("option")).to_have_text(["choose…", "node-1", "node-2", "node-3", "none of these"])
    answer.select_option("node-3")
    total = len(LESSON_1.main.steps)
    for step in range(2, 6):  # to step 5, where web is bound
        lesson.get_by_role("button", name="Next step", exact=True).click()
        expect(lesson.get_by_text(f"Step {step} of {total}")).to_be_visible(timeout=WAIT)
    verdict = lesson.get_by_role("status").first
    expect(verdict).to_contain_text("Not quite: you said node-3 — the answer is node-2.", timeout=WAIT)
    expect(verdict).to_have_class(re.compile(r"question__result--wrong"))


def test_a_fourth_run_is_refused_next_to_its_button_with_a_way_to_stop_one(page: Page) -> None:
    title = LESSON_1.title
    for _ in range(3):
        page.goto("/")
        page.get_by_role("button", name=f"Start lesson: {title}").click()
        expect(page).to_have_url(re.compile(r"/runs/\d+"), timeout=WAIT)
    page.goto("/")
    page.get_by_role("button", name=f"Start lesson: {title}").click()
    card = page.get_by_role("listitem").filter(has=page.get_by_role("button", name=f"Start lesson: {title}"))
    refusal = card.get_by_role("alert")
    expect(refusal).to_contain_text("you already have 3 active runs (limit 3)", timeout=WAIT)
    expect(refusal).to_be_in_viewport()
    refusal.get_by_role("link", name="Open My runs to stop one").click()

    expect(page.get_by_role("heading", name="My runs")).to_be_visible()
    stops = page.get_by_role("button", name=re.compile(r"^Stop run \d+$"))
    expect(stops).to_have_count(3)
    stops.first.click()
    expect(stops).to_have_count(2)

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Gallery").click()
    page.get_by_role("button", name=f"Start lesson: {title}").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+"))
