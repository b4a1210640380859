"""A whole session in Chromium: an instructor and three students (separate browser contexts); three
lessons pushed one after another, each asked, answered and revealed with a fresh tally; the
instructor reloads mid-lesson and every screen stays on its step; "Try it myself" opens at the
class's step and Play moves it; a student on a 390 px phone does not scroll sideways; the CSV
export has every lesson's answers, safely."""
from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.e2e.test_workshop import sign_up

pytestmark = pytest.mark.usefixtures("celery_worker_process")

NAMES = ["Ada", "=Bea", "Cyd"]  # "=Bea" would be a formula in a spreadsheet
WAIT = 15_000  # ms: what a socket message may take to show on a machine shared with other test suites


@pytest.fixture
def contexts(browser: Browser, live_server_url: str) -> Iterator[list[BrowserContext]]:
    made = [browser.new_context(base_url=live_server_url, viewport={"width": 1280, "height": 900}) for _ in range(4)]
    for context in made:
        context.set_default_timeout(WAIT)
    yield made
    for context in made:
        context.close()


def lesson_panel(page: Page, number: int) -> Locator:
    return page.get_by_role("region", name=re.compile(rf"^Lesson {number}:"))


def on_step(page: Page, number: int, step: int, total: int) -> None:
    expect(lesson_panel(page, number).get_by_text(f"Step {step} of {total}")).to_be_visible(timeout=WAIT)


def at_event(page: Page, seq: int) -> None:
    expect(page.get_by_text(re.compile(rf"^Timeline \(event {seq} of"))).to_be_visible(timeout=WAIT)


def event_shown(page: Page) -> int:
    label = page.get_by_text(re.compile(r"^Timeline \(event \d+ of")).inner_text()
    return int(label.split()[2])


def predict(host: Page, students: list[Page], key: str, choices: list[str], answer: str) -> None:
    """Ask, answer from every screen, see a tally of exactly this question's answers, reveal."""
    question = host.get_by_role("group", name=f"Question {key}")
    question.get_by_role("button", name="Ask the class").click()
    tally = host.get_by_role("figure", name=f"Live tally: {key}")
    expect(tally).to_contain_text("0 answered", timeout=WAIT)  # fresh, whatever an earlier lesson's "victim" had
    for page, choice in zip(students, choices, strict=True):
        page.get_by_label(re.compile(r"^Your prediction")).select_option(choice)
        page.get_by_role("button", name="Send my answer").click()
        expect(page.get_by_text(re.compile("^You answered"))).to_be_visible(timeout=WAIT)
    expect(tally).to_contain_text("3 answered", timeout=WAIT)
    question.get_by_role("button", name=re.compile("^Reveal to everyone")).click()
    short = answer.split("/")[-1]
    for page, choice in zip(students, choices, strict=True):
        verdict = "you got it" if choice == answer else "you said"
        expect(page.get_by_role("status").filter(has_text=f"Answer: {short}")).to_contain_text(verdict, timeout=WAIT)


def class_step_everywhere(host: Page, code: str, step: int) -> None:
    """The class's step as the server gives it to every reader: the dashboard's roster (a following
    student's row), the workshop JSON and the roster JSON (a push stores 0, before its run's first event)."""
    for row in host.get_by_role("table", name="Roster").get_by_role("row").all()[1:]:
        expect(row.get_by_role("cell").nth(2)).to_have_text(str(step), timeout=WAIT)
    assert host.request.get(f"/api/workshops/{code}/").json()["position"]["step"] == step
    assert {p["step"] for p in host.request.get(f"/api/workshops/{code}/roster/").json()} == {step}


def push_lesson(host: Page, students: list[Page], label: str, number: int, total: int) -> None:
    push = host.get_by_role("form", name="Push to everyone")
    push.get_by_label("Lesson").select_option(label=label)
    push.get_by_role("button", name="Push to everyone").click()
    for page in (host, *students):
        on_step(page, number, 1, total)
        expect(page.get_by_role("status").filter(has_text=re.compile("^Answer:"))).to_have_count(0)
    class_step_everywhere(host, host.get_by_label("Join code").inner_text(), 1)


def test_a_ninety_minute_session_runs_without_a_hitch(contexts: list[BrowserContext]) -> None:
    host, *students = [c.new_page() for c in contexts]
    sign_up(host, "session-e2e")
    host.goto("/w/new")
    host.get_by_label("Lesson").select_option(label="5. Basic preemption")
    host.get_by_role("button", name="Start the workshop").click()
    code = host.get_by_label("Join code").inner_text()
    for page, name in zip(students, NAMES, strict=True):
        page.goto(f"/w/{code}")
        page.get_by_label(re.compile("^Your name")).fill(name)
        page.get_by_role("button", name="Join the workshop").click()
        on_step(page, 5, 1, 7)
        # The map and the lesson, without the run owner's controls.
        expect(page.get_by_role("button", name="▶ Play")).to_have_count(0)
        expect(page.get_by_role("button", name=re.compile("kubeconfig", re.IGNORECASE))).to_have_count(0)

    # A student on a phone: no horizontal scroll, the map before the lesson.
    phone = contexts[0].browser.new_context(  # type: ignore[union-attr]
        base_url=host.url.split("/w/")[0], viewport={"width": 390, "height": 844})
    small = phone.new_page()
    small.goto(f"/w/{code}")
    small.get_by_label(re.compile("^Your name")).fill("Pho")
    small.get_by_role("button", name="Join the workshop").click()
    on_step(small, 5, 1, 7)
    wide = small.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > 390.5)
        .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 8)""")
    assert small.evaluate("document.documentElement.scrollWidth") <= 390, wide
    small.reload()  # a fresh page: the first Tab reaches the skip link
    on_step(small, 5, 1, 7)
    small.keyboard.press("Tab")
    expect(small.get_by_role("link", name="Skip to the content")).to_be_focused()
    map_top = small.get_by_role("region", name=re.compile(r"^Cluster")).bounding_box()
    lesson_top = lesson_panel(small, 5).bounding_box()
    assert map_top and lesson_top and map_top["y"] < lesson_top["y"]
    phone.close()

    # Lesson 5 (basic preemption).
    predict(host, students, "victim", ["default/batch-1", "default/batch-1", "default/web-1"], "default/batch-1")

    # Lesson 7 shares the question id "victim": asked afresh, its own prompt and tally.
    push_lesson(host, students, "7. Minimal victims and reprieve", 7, 4)
    predict(host, students, "victim", ["default/analytics-mid", "default/cache-low", "default/analytics-mid"],
            "default/analytics-mid")
    # Mid-lesson: the instructor goes to step 3, then reloads; every screen stays on step 3.
    host.get_by_label("Speed").select_option("20")
    for step in (2, 3):
        lesson_panel(host, 7).get_by_role("button", name="Next step", exact=True).click()
        on_step(host, 7, step, 4)
    seq = event_shown(host)
    for page in students:
        on_step(page, 7, 3, 4)
    host.reload()
    on_step(host, 7, 3, 4)
    at_event(host, seq)
    for page in students:
        on_step(page, 7, 3, 4)
        at_event(page, seq)
    class_step_everywhere(host, code, 3)
    projector = host.context.new_page()  # the instructor's second tab: it shows the class, never moves it
    projector.goto(f"/w/{code}/present")
    expect(projector.get_by_role("region", name="Where the class is")).to_contain_text("Step 3 of 4", timeout=WAIT)

    # Try it myself: Ada's own run opens at the class's event and step; Play moves it on.
    ada = students[0]
    ada.get_by_role("button", name="Try it myself").click()
    expect(ada.get_by_role("status").filter(has_text="On your own run")).to_be_visible()
    on_step(ada, 7, 3, 4)
    opened = event_shown(ada)  # the class's event (and the fork's run.status events after it)
    assert seq <= opened < seq + 3
    ada.get_by_role("button", name="▶ Play").focus()
    ada.keyboard.press("Enter")  # from the keyboard: the focus stays on the control pressed
    on_step(ada, 7, 4, 4)
    assert ada.evaluate("document.activeElement.textContent") in ("▶ Play", "Pause")
    ada.keyboard.press("?")
    help_dialog = ada.get_by_role("dialog", name="Keyboard shortcuts")
    expect(help_dialog.get_by_role("button", name="Close")).to_be_focused()
    ada.keyboard.press("Escape")
    expect(help_dialog).to_have_count(0)
    assert event_shown(ada) > opened
    for page in students[1:]:
        on_step(page, 7, 3, 4)  # the class did not move
    ada.get_by_role("button", name="Back to the class").click()
    on_step(ada, 7, 3, 4)

    # Lesson 12 (PDBs): the class follows its run live; the projector reads the step there (not the 0 stored at the push).
    push_lesson(host, students, "12. PodDisruptionBudgets steer the choice, they do not forbid", 12, 6)
    expect(projector.get_by_role("region", name="Where the class is")).to_contain_text("Step 1 of 6", timeout=WAIT)
    projector.close()
    predict(host, students, "first-node", ["node-b", "node-a", "node-b"], "node-b")

    exported = host.request.get(f"/api/workshops/{code}/export.csv").text()
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert {r["name"] for r in rows} == {"Ada", "'=Bea", "Cyd", "Pho"}
    answers = {(r["name"], r["lesson"], r["question"]): (r["answer"], r["correct"]) for r in rows}
    assert answers[("'=Bea", "basic-preemption", "victim")] == ("default/batch-1", "True")
    assert answers[("'=Bea", "minimal-victims-and-reprieve", "victim")] == ("default/cache-low", "False")
    assert answers[("Cyd", "pdbs-steer-but-do-not-forbid", "first-node")] == ("node-b", "True")
    assert {r["step"] for r in rows} == {"1"}  # everyone follows lesson 12 at its first step

    host.get_by_role("button", name="End the workshop", exact=True).click()
    host.get_by_role("button", name="Yes, end the workshop").click()
    expect(students[1].get_by_text("The workshop has ended.")).to_be_visible()
    late = contexts[1].browser.new_context(base_url=host.url.split("/w/")[0])  # type: ignore[union-attr]
    stranger = late.new_page()
    stranger.goto(f"/w/{code}")
    expect(stranger.get_by_role("status")).to_contain_text("has ended")
    expect(stranger.get_by_label(re.compile("^Your name"))).to_have_count(0)
    late.close()
