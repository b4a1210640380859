"""Lessons finished in the browser: the server applies the lesson's timed commands, the run starts
paused at t=0, "Next step" goes to exactly the next step (waiting for it when it has not happened)
and holds the view at that step's event, and every question is revealed on the way."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from playground.lessons.tooling import Lesson, find_event, load_lessons, run_variant

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LESSONS = {lesson.number: lesson for lesson in load_lessons()}

pytestmark = pytest.mark.usefixtures("celery_worker_process")


def start_lesson(page: Page, lesson: Lesson) -> Locator:
    page.goto("/")
    page.get_by_role("button", name=f"Start lesson: {lesson.title}").click()
    panel = page.get_by_role("region", name=f"Lesson {lesson.number}: {lesson.title}")
    expect(panel.get_by_text(f"Step 1 of {len(lesson.main.steps)}")).to_be_visible()
    return panel


def add_visitor_pod(page: Page) -> None:
    form = page.get_by_role("form", name="Add a pod to the running cluster")
    form.get_by_label("Pod name").fill("visitor")
    form.get_by_label("CPU request").fill("100m")
    form.get_by_role("button", name="Add pod").click()
    expect(form.get_by_label("Pod name")).to_have_value("")  # the server applied it (the view holds at step 1)


@pytest.mark.parametrize(("number", "visitor"), [
    pytest.param(12, False, id="lesson 12 (PDBs), whose second preemption comes from a command at t=60"),
    pytest.param(6, False, id="lesson 6, whose deletion at t=60 lets the pod in"),
    pytest.param(12, True, id="lesson 12 with a pod the student added: the lesson's command still comes"),
])
def test_a_lesson_is_finished_in_the_browser_with_every_step_and_question(page: Page, number: int, visitor: bool) -> None:
    lesson = LESSONS[number]
    variant, total = lesson.main, len(lesson.main.steps)
    expected = run_variant(variant).events
    panel = start_lesson(page, lesson)

    # Paused at t=0 after the snapshot: the first decision is shown before it happens.
    expect(page.locator(".run-status")).to_contain_text("Status: paused")
    expect(page.get_by_test_id("virtual-time")).to_have_text("0.0")
    for question in variant.questions:
        panel.locator(f"#q-{question.id}").select_option(question.answer)
    expect(panel.get_by_role("status")).to_have_count(0)
    if visitor:
        add_visitor_pod(page)
    page.get_by_label("Speed").select_option("20")

    for k in range(2, total + 1):
        panel.get_by_role("button", name="Next step", exact=True).click()
        expect(panel.get_by_text(f"Step {k} of {total}")).to_be_visible(timeout=30_000)
        step = variant.steps[k - 1]
        expect(panel.get_by_role("heading", name=step.title)).to_be_visible()
        if "|---" in step.markdown:  # the PDB lesson's comparison of the candidates is a table, not pipes
            expect(panel.get_by_role("table").first).to_be_visible()
            expect(panel).not_to_contain_text("|---")
        if not visitor:  # the view holds at the step's own event: text and map agree
            seq = find_event(step.at, expected)["seq"]  # type: ignore[index]
            expect(page.locator("label[for=timeline]")).to_contain_text(f"event {seq} of")

    answers = panel.get_by_role("status")
    expect(answers).to_have_count(len(variant.questions))
    for i in range(len(variant.questions)):
        expect(answers.nth(i)).to_contain_text("Right: you said")
    expect(panel.get_by_role("button", name="Go live")).to_be_enabled()
    if visitor:
        panel.get_by_role("button", name="Go live").click()
        expect(page.get_by_role("button", name=re.compile(r"^visitor \b.*\(priority"))).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lesson-{number:02d}{'-visitor' if visitor else ''}-finished.png"), full_page=True)


def test_next_waits_for_a_step_that_has_not_happened_and_says_so_and_the_wait_can_be_skipped(page: Page) -> None:
    lesson = next(x for x in LESSONS.values() if x.slug == "pdbs-steer-but-do-not-forbid")
    panel = start_lesson(page, lesson)
    page.get_by_label("Speed").select_option("1")
    for k in (2, 3):
        panel.get_by_role("button", name="Next step", exact=True).click()
        expect(panel.get_by_text(f"Step {k} of 6")).to_be_visible(timeout=30_000)
    # Step 4 happens at t=60 (the lesson's add_pod, applied by the server): at 1x it is awaited.
    panel.get_by_role("button", name="Next step", exact=True).click()
    waiting = panel.get_by_text(re.compile(r"Waiting for step 4, “A second payment pod”"))
    expect(waiting).to_be_visible()
    expect(panel.get_by_text("Step 3 of 6")).to_be_visible()
    # No waiting a minute: each skip jumps virtual time to the next cycle (batch-1's grace period
    # ends at t=30 and pay-1 is bound; then the lesson's command at t=60 brings pay-2).
    skip = panel.get_by_role("button", name="Skip to the next event")
    skip.click()
    expect(waiting).to_contain_text("the run is at t = 30.0s")
    skip.click()
    expect(panel.get_by_text("Step 4 of 6")).to_be_visible(timeout=30_000)
    expect(panel.get_by_text(re.compile(r"^Waiting for step"))).to_have_count(0)


@pytest.mark.parametrize("number", [pytest.param(n, id=lesson.folder) for n, lesson in LESSONS.items()])
def test_every_lesson_can_be_finished_in_the_browser_with_every_answer_revealed(page: Page, number: int) -> None:
    lesson = LESSONS[number]
    variant, total = lesson.main, len(lesson.main.steps)
    panel = start_lesson(page, lesson)
    page.get_by_label("Speed").select_option("0")  # as fast as possible: Next finds each step already there
    for k in range(2, total + 1):
        panel.get_by_role("button", name="Next step", exact=True).click()
        expect(panel.get_by_text(f"Step {k} of {total}")).to_be_visible(timeout=30_000)
        expect(panel.get_by_role("heading", name=variant.steps[k - 1].title, exact=True)).to_be_visible()
    expect(panel.get_by_role("status")).to_have_count(len(variant.questions))
    expect(panel.get_by_role("button", name="Go live")).to_be_enabled()
