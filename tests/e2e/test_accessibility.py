"""WCAG 2.1 AA on the run page where teaching happens (issue 35): reflow at a phone's 390 px and at
200 % zoom (640 px), focus moved to the heading on a route change and never dropped to <body>,
lesson steps in a live region, and a focus ring of at least 3:1 against its background."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from playground.lessons.tooling import load_lessons

PREEMPTION_LESSON = next(lesson for lesson in load_lessons() if lesson.slug == "pdbs-steer-but-do-not-forbid")
APP = "Kubernetes Scheduling Playground"
WIDTHS = (390, 640)  # a phone; a 1280 px window at 200 % zoom

pytestmark = pytest.mark.usefixtures("celery_worker_process")


def horizontal_overflow(page: Page) -> int:
    """How many CSS pixels the page scrolls sideways (0: it reflows); printed with what overflows."""
    overflow = int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))
    if overflow:
        print("overflowing:", page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
            .map(e => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`).slice(-12)"""))
    return overflow


def focused(page: Page) -> str:
    return str(page.evaluate("(() => { const e = document.activeElement; return e ? `${e.tagName} ${e.textContent?.trim().slice(0, 60)}` : 'none'; })()"))


def relative_luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def parse_rgb(css: str) -> tuple[int, int, int]:
    r, g, b = (int(float(x)) for x in re.findall(r"[\d.]+", css)[:3])
    return r, g, b


RING_AND_BACKGROUND = """(el) => {
  const ring = getComputedStyle(el).outlineColor;
  let node = el.parentElement, bg = 'rgb(255, 255, 255)';
  for (; node; node = node.parentElement) {
    const c = getComputedStyle(node).backgroundColor;
    if (c && c !== 'transparent' && !c.startsWith('rgba(0, 0, 0, 0')) { bg = c; break; }
  }
  return [ring, getComputedStyle(el).outlineStyle, bg, getComputedStyle(el).boxShadow];
}"""


GHOST_TEXT_COLOURS = """(card) => {
  const chip = document.createElement('button');
  chip.className = 'pod-chip pod-chip--ghost';
  chip.style.animation = 'none';  // its arrival fades in from 0
  for (const part of ['name', 'class', 'note']) {
    const span = document.createElement('span'); span.className = `pod-chip__${part}`; span.textContent = part; chip.append(span);
  }
  card.append(chip);
  const out = Array.from(chip.children).map((span) =>
    [getComputedStyle(span).color, getComputedStyle(chip).backgroundColor, getComputedStyle(chip).opacity]);
  chip.remove();
  return out;
}"""


def test_the_run_page_reflows_moves_focus_announces_steps_and_rings_focus_visibly(page: Page) -> None:
    lesson, total = PREEMPTION_LESSON, len(PREEMPTION_LESSON.main.steps)
    page.goto("/")
    expect(page).to_have_title(re.compile(rf"^.+ — {APP}$"))
    page.get_by_role("button", name=f"Start lesson: {lesson.title}").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+"))
    run_id = re.search(r"/runs/(\d+)", page.url).group(1)  # type: ignore[union-attr]

    # A route change: focus on the new page's heading, and the tab named after it.
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_be_focused()
    expect(page).to_have_title(re.compile(rf"^Run {run_id}\b.* — {APP}$"))
    expect(page.get_by_role("main")).to_have_count(1)

    panel = page.get_by_role("region", name=f"Lesson {lesson.number}: {lesson.title}")
    announcer = panel.get_by_test_id("lesson-announcement")
    step_of = panel.get_by_text(f"Step 1 of {total}", exact=True)
    expect(step_of).to_have_attribute("aria-live", "polite")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_contain_text(f"{lesson.main.steps[0].title}.")

    # To the preemption: the decision panel shows the candidates table.
    page.get_by_label("Speed").select_option("0")
    candidates = page.get_by_role("region", name="Preemption candidates")
    for k in range(2, total + 1):
        panel.get_by_role("button", name="Next step", exact=True).click()
        expect(panel.get_by_text(f"Step {k} of {total}")).to_be_visible(timeout=30_000)
        if candidates.count():
            break
    expect(candidates).to_be_visible()
    expect(announcer).to_contain_text(f"{lesson.main.steps[k - 1].title}.")
    expect(announcer).to_contain_text(re.sub(r"[*_`]", "", lesson.main.steps[k - 1].markdown.split()[0]))

    # A nominated pod's ghost chip on a node card (drawn here with the app's CSS): its text reads at 4.5:1.
    for text_colour, background, opacity in page.locator(".node-card").first.evaluate(GHOST_TEXT_COLOURS):
        ratio = contrast(parse_rgb(text_colour), parse_rgb(background))
        assert float(opacity) == 1 and ratio >= 4.5, f"ghost chip text {text_colour} on {background} (opacity {opacity}): {ratio:.2f}:1"

    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        expect(candidates).to_be_visible()
        assert horizontal_overflow(page) <= 0, f"the run page scrolls sideways at {width} px"
        last_column = candidates.locator("tbody tr td:last-child").first  # the table, or its cards when narrow
        last_column.scroll_into_view_if_needed()
        expect(last_column).to_be_in_viewport()
        assert candidates.get_attribute("tabindex") == "0"

    # Keyboard back to step 1: the disabled Previous hands focus to its neighbour, not to <body>.
    previous = panel.get_by_role("button", name="Previous step")
    previous.focus()
    for _ in range(k - 1):
        page.keyboard.press("Enter")
    expect(panel.get_by_text(f"Step 1 of {total}")).to_be_visible()
    expect(previous).to_be_disabled()
    expect(panel.get_by_role("button", name="Next step", exact=True)).to_be_focused()
    assert not focused(page).startswith("BODY"), focused(page)

    # The focus ring, drawn by keyboard focus: at least 3:1 against what surrounds it, not the selection's amber.
    page.keyboard.press("Tab")
    ring, style, background, _ = page.evaluate(RING_AND_BACKGROUND, page.evaluate_handle("document.activeElement"))
    assert style != "none", focused(page)
    ratio = contrast(parse_rgb(ring), parse_rgb(background))
    assert ratio >= 3, f"focus ring {ring} on {background}: {ratio:.2f}:1"
    selected_ring = page.evaluate("""() => { const d = document.createElement('span'); d.className = 'pod-chip pod-chip--selected';
      document.body.append(d); const s = getComputedStyle(d).boxShadow; d.remove(); return s; }""")
    assert parse_rgb(ring) != parse_rgb(selected_ring), (ring, selected_ring)

    # The compare page reflows too.
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(f"/compare?a={run_id}")
        expect(page.get_by_role("main")).to_have_count(1)
        expect(page.get_by_role("region", name="Scheduling decisions, aligned")).to_be_visible()
        assert horizontal_overflow(page) <= 0, f"the compare page scrolls sideways at {width} px"


def test_removing_an_editor_card_and_creating_the_scenario_keep_focus_on_the_page(page: Page) -> None:
    page.goto("/scenarios/new")
    page.get_by_label("Title").fill("Focus kept")
    page.get_by_role("button", name="Add pod", exact=True).click()
    remove = page.get_by_role("button", name="Remove Pod pod-1")
    remove.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("article", name="Pod pod-1")).to_have_count(0)
    # The last card gone: focus goes to the card before it (the list's new last), not to <body>.
    expect(page.get_by_role("article", name="Pod web").locator(":focus")).to_have_count(1)

    page.get_by_role("button", name="Create scenario").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/scenarios/[\w-]+$"))
    expect(page.get_by_role("heading", level=1)).to_be_focused()
    expect(page).to_have_title(re.compile(rf" — {APP}$"))
