"""Keyboard only (issue 35, "Done when"): with Tab, Shift+Tab, Enter and the arrow keys alone, build
a scenario in the editor (its tabs by the arrows), go to the gallery, start a lesson, step it,
answer its question and open the decision panel for a pod. After every key press the focus is on
a visible element of the page, never on <body>."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from playground.lessons.tooling import load_lessons

LESSON = next(lesson for lesson in load_lessons() if lesson.slug == "basic-preemption")
QUESTION = LESSON.main.questions[0]  # "which pod is the victim?", asked at step 1
MAX_TABS = 120

pytestmark = pytest.mark.usefixtures("celery_worker_process")

# The focused element, named as a screen reader would start (aria-label, its label, its text), and
# whether it is drawn; null when focus is on <body> (or nowhere).
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return null;
  const r = e.getBoundingClientRect();
  const name = e.getAttribute('aria-label') || (e.labels && e.labels[0] && e.labels[0].textContent) || e.textContent || '';
  return { tag: e.tagName, role: e.getAttribute('role') || '', name: name.replace(/\\s+/g, ' ').trim().slice(0, 100),
           visible: e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && r.width > 0 && r.height > 0 };
}"""


def focus_after(page: Page, key: str) -> dict[str, str]:
    """Press `key`; the focus lands on a visible element (a route change may take a moment)."""
    page.keyboard.press(key)
    page.wait_for_function(f"(() => {{ const f = ({FOCUSED})(); return f && f.visible; }})()", timeout=15_000)
    focused: dict[str, str] = page.evaluate(FOCUSED)
    return focused


def tab_to(page: Page, name: str | re.Pattern[str], *, back: bool = False, role: str | None = None) -> dict[str, str]:
    """Tab (or Shift+Tab) until the focused element's name matches, checking the focus at every stop."""
    seen = []
    for _ in range(MAX_TABS):
        focused = focus_after(page, "Shift+Tab" if back else "Tab")
        seen.append(focused["name"][:30])
        matches = focused["name"] == name if isinstance(name, str) else name.search(focused["name"])
        if matches and (role is None or focused["role"] == role or focused["tag"].lower() == role):
            return focused
    raise AssertionError(f"{name!r} not reached in {MAX_TABS} key presses: {seen}")


def test_a_keyboard_builds_a_scenario_starts_steps_and_answers_a_lesson_and_opens_a_decision(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("button", name=f"Start lesson: {LESSON.title}")).to_be_visible(timeout=15_000)

    # The editor: a title, the tabs by their arrow keys, a node and a pod added, created.
    tab_to(page, "New scenario")
    focus_after(page, "Enter")
    expect(page.get_by_role("heading", level=1, name="New scenario")).to_be_focused()
    tab_to(page, "Title")
    page.keyboard.type("Built by keyboard")
    tab_to(page, "Forms", role="tab")
    assert focus_after(page, "ArrowRight")["name"] == "YAML"
    expect(page.get_by_role("tabpanel", name="YAML")).to_be_visible()
    assert focus_after(page, "End")["name"] == "Import"
    assert focus_after(page, "Home")["name"] == "Forms"
    expect(page.get_by_role("tab", name="Forms")).to_have_attribute("aria-selected", "true")
    nodes = page.get_by_role("article", name=re.compile("^Node "))
    pods = page.get_by_role("article", name=re.compile("^Pod "))
    node_count, pod_count = nodes.count(), pods.count()
    tab_to(page, "Add node")
    focus_after(page, "Enter")
    expect(nodes).to_have_count(node_count + 1)
    tab_to(page, "Add pod")
    focus_after(page, "Enter")
    expect(pods).to_have_count(pod_count + 1)
    tab_to(page, "Create scenario", back=True)
    focus_after(page, "Enter")
    expect(page).to_have_url(re.compile(r"/scenarios/[\w-]+$"))
    expect(page.get_by_role("heading", level=1, name="Edit: Built by keyboard")).to_be_focused()

    # The gallery, then the lesson.
    tab_to(page, "Gallery", back=True)
    focus_after(page, "Enter")
    expect(page.get_by_role("heading", level=1)).to_be_focused()
    tab_to(page, f"Start lesson: {LESSON.title}")
    focus_after(page, "Enter")
    expect(page).to_have_url(re.compile(r"/runs/\d+\?lesson="))
    expect(page.get_by_role("heading", level=1)).to_be_focused()
    panel = page.get_by_role("region", name=f"Lesson {LESSON.number}: {LESSON.title}")
    total = len(LESSON.main.steps)
    expect(panel.get_by_text(f"Step 1 of {total}", exact=True)).to_be_visible(timeout=15_000)

    # Step it, predict the victim (the select moves by the arrow keys), step on to the reveal.
    tab_to(page, "Next step")
    focus_after(page, "Enter")
    expect(panel.get_by_text(f"Step 2 of {total}", exact=True)).to_be_visible(timeout=30_000)
    answer = panel.get_by_label(re.compile(r"^Your answer"))
    tab_to(page, re.compile(r"^Your answer"), role="select")
    for _ in range(8):
        if answer.input_value() == QUESTION.answer:
            break
        focus_after(page, "ArrowDown")
    assert answer.input_value() == QUESTION.answer
    tab_to(page, "Next step", back=True)
    result = panel.get_by_role("status").filter(has_text="Right: you said")
    for k in range(3, total + 1):
        focus_after(page, "Enter")
        expect(panel.get_by_text(f"Step {k} of {total}", exact=True)).to_be_visible(timeout=30_000)
        if result.count():
            break
    expect(result).to_contain_text(QUESTION.answer.split("/")[-1])

    # The decision panel: a pod chip chosen with Enter, its scheduling decision shown, its table reached.
    tab_to(page, re.compile(r"^web-high high\b"), back=True)
    chip = page.locator(":focus")
    # Its accessible name starts with the text it shows (WCAG 2.5.3), then what only its colour and border say.
    shown = chip.evaluate("(c) => [...c.children].filter((s) => !s.matches('.sr-only')).map((s) => s.textContent).join(' ')")
    expect(chip).to_have_accessible_name(re.compile(rf"^{re.escape(shown)} \(priority 1000\b"))
    focus_after(page, "Enter")
    expect(chip).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("heading", level=2, name=re.compile(r"^Decision: web-high"))).to_be_visible()
    tab_to(page, re.compile("^(Filter results per node|Preemption candidates)$"), role="region")
