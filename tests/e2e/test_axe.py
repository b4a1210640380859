"""axe-core (WCAG 2.1 A and AA rules) over every page in the states where teaching happens (issue
35): the gallery, the editor's tabs, a run mid-lesson with the preemption table open and a pod in
Inspect, compare (its ids unique too: it shows two cluster maps), a student following a workshop,
the account page and the API docs. Any serious or critical violation fails, listed with the
elements it was found on."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from playground.lessons.tooling import load_lessons
from tests.e2e.test_workshop import sign_up

AXE = Path(__file__).resolve().parents[2] / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
PREEMPTION_LESSON = next(lesson for lesson in load_lessons() if lesson.slug == "pdbs-steer-but-do-not-forbid")
WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

pytestmark = pytest.mark.usefixtures("celery_worker_process")

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ` + v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', '));
}"""


DUPLICATE_IDS = "() => { const ids = [...document.querySelectorAll('[id]')].map((e) => e.id); return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]; }"


def violations(page: Page, where: str) -> list[str]:
    page.wait_for_load_state("networkidle")
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")  # contrast of a chip mid-fade-in is not its contrast
    return [f"{where}: {v}" for v in page.evaluate(RUN_AXE, WCAG21_AA)]


def axe_page(browser: Browser, base_url: str) -> Page:
    """A browser with axe-core in every document (an init script, which the app's CSP does not govern)."""
    assert AXE.exists(), "axe-core is not installed: `cd frontend && npm ci`"
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    context.add_init_script(path=str(AXE))
    return context.new_page()


def test_no_serious_or_critical_axe_violations_on_any_page(browser: Browser, live_server_url: str) -> None:
    page = axe_page(browser, live_server_url)
    found: list[str] = []

    page.goto("/")
    expect(page.get_by_role("button", name=re.compile("^Start lesson")).first).to_be_visible(timeout=15_000)
    found += violations(page, "gallery")

    page.goto("/scenarios/new")
    for tab in ("Forms", "YAML", "Import"):
        page.get_by_role("tab", name=tab).click()
        expect(page.get_by_role("tabpanel", name=tab)).to_be_visible()
        found += violations(page, f"editor, {tab} tab")

    # A run mid-lesson, at the preemption, its candidates table open.
    lesson = PREEMPTION_LESSON
    page.goto("/")
    page.get_by_role("button", name=f"Start lesson: {lesson.title}").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+"))
    run_id = re.search(r"/runs/(\d+)", page.url).group(1)  # type: ignore[union-attr]
    panel = page.get_by_role("region", name=f"Lesson {lesson.number}: {lesson.title}")
    page.get_by_label("Speed").select_option("0")
    candidates = page.get_by_role("region", name="Preemption candidates")
    for k in range(2, len(lesson.main.steps) + 1):
        panel.get_by_role("button", name="Next step", exact=True).click()
        expect(panel.get_by_text(f"Step {k} of ")).to_be_visible(timeout=30_000)
        if candidates.count():
            break
    expect(candidates).to_be_visible()
    # A pod chosen: Inspect shows its `kubectl describe` in a scrolling code box; the timeline has its markers and their legend.
    page.locator(".node-card .pod-chip").first.click()
    expect(page.get_by_role("region", name=re.compile(r"^kubectl describe pod"))).to_be_visible()
    expect(page.get_by_role("list", name="Key event markers")).to_be_visible()
    found += violations(page, "run page at the preemption")

    page.goto(f"/compare?a={run_id}&b={run_id}")
    expect(page.get_by_role("region", name="Scheduling decisions, aligned")).to_be_visible()
    found += violations(page, "compare")
    found += [f"compare: the id {i!r} is used twice" for i in page.evaluate(DUPLICATE_IDS)]  # two cluster maps on one page

    page.goto("/account")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    found += violations(page, "account")

    page.goto("/api/docs/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    found += violations(page, "API docs")

    # A workshop: the student's screen while following the instructor.
    host = axe_page(browser, live_server_url)
    sign_up(host, "axe-teacher")
    host.goto("/w/new")
    host.get_by_label("Lesson").select_option(label="5. Basic preemption")
    host.get_by_role("button", name="Start the workshop").click()
    expect(host).to_have_url(re.compile(r"/w/[A-Z0-9]{6}/host$"))
    code = host.get_by_label("Join code").inner_text()
    found += violations(host, "workshop, host")
    page.goto(f"/w/{code.lower()}")
    page.get_by_label(re.compile("^Your name")).fill("Ada")
    page.get_by_role("button", name="Join the workshop").click()
    expect(page.get_by_role("status").filter(has_text="Following the instructor")).to_be_visible()
    found += violations(page, "workshop, following")
    host.context.close()
    page.context.close()

    assert not found, "\n".join(found)
