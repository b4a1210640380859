"""A workshop with one instructor and three students, each in their own browser context: join by
code, follow the instructor's steps and rewinds, predict, see the tally and the reveal, try it
themselves and come back; results exported."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.usefixtures("celery_worker_process")


@pytest.fixture
def contexts(browser: Browser, live_server_url: str) -> Iterator[list[BrowserContext]]:
    """Four separate browsers' worth of cookies (one instructor, three students) on one address."""
    made = [browser.new_context(base_url=live_server_url, viewport={"width": 1280, "height": 900}) for _ in range(4)]
    for context in made:
        context.set_default_timeout(15_000)
    yield made
    for context in made:
        context.close()


def csrf(page: Page) -> dict[str, str]:
    page.request.get("/api/me")
    return {"X-CSRFToken": next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")}


def sign_up(page: Page, username: str) -> None:
    page.goto("/")
    response = page.request.post("/api/auth/signup/", data={"username": username, "password": "correct horse battery staple"},
                                 headers=csrf(page))
    assert response.status == 201, response.text()


def step_label(page: Page, step: int) -> None:
    expect(page.get_by_role("region", name=re.compile(r"^Lesson 5")).get_by_text(f"Step {step} of 7")).to_be_visible()


def test_a_class_follows_predicts_and_tries_it_themselves(contexts: list[BrowserContext]) -> None:
    host, *students = [c.new_page() for c in contexts]
    sign_up(host, "teacher-e2e")
    host.goto("/w/new")
    host.get_by_label("Lesson").select_option(label="5. Basic preemption")
    host.get_by_role("button", name="Start the workshop").click()
    expect(host).to_have_url(re.compile(r"/w/[A-Z0-9]{6}/host$"))
    code = host.get_by_label("Join code").inner_text()
    lesson = host.get_by_role("region", name=re.compile(r"^Lesson 5"))
    expect(lesson.get_by_text("Step 1 of 7")).to_be_visible()

    names = ["Ada", "Bea", "Cyd"]
    for i, (page, name) in enumerate(zip(students, names, strict=True)):
        if i == 0:  # typing the code off the projector
            page.goto("/")
            page.get_by_role("link", name="Join a workshop").click()
            page.get_by_label("Workshop code").fill(f" {code.lower()} ")
            page.get_by_role("button", name="Continue").click()
        else:  # or opening the link
            page.goto(f"/w/{code.lower()}")
        page.get_by_label(re.compile("^Your name")).fill(name)
        page.get_by_role("button", name="Join the workshop").click()
        expect(page.get_by_role("status").filter(has_text="Following the instructor")).to_be_visible()
        step_label(page, 1)
    roster = host.get_by_role("table", name="Roster")
    for name in names:
        expect(roster.get_by_role("row", name=re.compile(rf"^{name} yes following"))).to_be_visible()

    # The instructor steps forward and back; every screen follows, to the same event.
    host.get_by_label("Speed").select_option("20")
    next_step = lesson.get_by_role("button", name="Next step", exact=True)
    expect(next_step).to_be_enabled(timeout=30_000)
    next_step.click()
    step_label(host, 2)
    host_timeline = host.get_by_text(re.compile(r"^Timeline \(event \d+ of")).inner_text()
    event = re.search(r"event (\d+)", host_timeline).group(1)  # type: ignore[union-attr]
    for page in students:
        step_label(page, 2)
        expect(page.get_by_text(re.compile(rf"^Timeline \(event {event} of"))).to_be_visible()
    lesson.get_by_role("button", name="Previous step").click()
    step_label(host, 1)
    for page in students:
        step_label(page, 1)

    # Predict, see the live tally, reveal to everyone at once.
    question = host.get_by_role("group", name="Question victim")
    question.get_by_role("button", name="Ask the class").click()
    for page, choice in zip(students, ["default/batch-1", "default/batch-1", "default/web-1"], strict=True):
        page.get_by_label("Your prediction (pod)").select_option(choice)
        page.get_by_role("button", name="Send my answer").click()
        expect(page.get_by_text(re.compile("^You answered"))).to_be_visible()
    tally = host.get_by_role("figure", name="Live tally: victim")
    expect(tally).to_contain_text("3 answered")
    expect(tally.get_by_role("listitem").first).to_contain_text("batch-1")
    expect(tally.get_by_role("listitem").first).to_contain_text("2")
    question.get_by_role("button", name=re.compile("^Reveal to everyone")).click()
    expect(students[0].get_by_role("status").filter(has_text="Answer: batch-1")).to_contain_text("you got it")
    expect(students[2].get_by_role("status").filter(has_text="Answer: batch-1")).to_contain_text("you said web-1")
    expect(students[1].get_by_role("figure", name=re.compile("^How the class answered"))).to_contain_text("3 answered")
    ARTIFACTS.mkdir(exist_ok=True)
    host.screenshot(path=str(ARTIFACTS / "workshop-host.png"), full_page=True)
    students[2].screenshot(path=str(ARTIFACTS / "workshop-student.png"), full_page=True)

    # Try it myself: a run of one's own from the instructor's point; then back to the class.
    ada = students[0]
    ada.get_by_role("button", name="Try it myself").click()
    expect(ada.get_by_role("status").filter(has_text="On your own run")).to_be_visible()
    expect(ada.get_by_role("button", name="▶ Play")).to_be_enabled()
    own = roster.get_by_role("row", name=re.compile(r"^Ada yes on their own \(run \d+\)"))
    expect(own).to_be_visible()
    fork = re.search(r"run (\d+)", own.inner_text()).group(1)  # type: ignore[union-attr]
    ada.get_by_role("button", name="Back to the class").click()
    expect(ada.get_by_role("status").filter(has_text="Following the instructor")).to_be_visible()
    expect(roster.get_by_role("row", name=re.compile(r"^Ada yes following"))).to_be_visible()

    # A comparison pushed to the class: the instructor's run next to Ada's fork, on every screen.
    run = re.search(r"Run (\d+) of", host.get_by_role("heading", name=re.compile(r"^Run \d+ of")).inner_text()).group(1)  # type: ignore[union-attr]
    host.get_by_label("Compare run").fill(run)
    host.get_by_label("with run").fill(fork)
    host.get_by_role("button", name="Push the comparison").click()
    for page in students:
        expect(page.get_by_role("heading", name=f"Compare run {run} with run {fork}")).to_be_visible()
        expect(page.get_by_role("table", name="Scheduling decisions, aligned")).to_be_visible()
    host.get_by_role("button", name="Back to the run (for everyone)").click()
    for page in students:
        step_label(page, 1)

    # A restart keeps the class together on the fresh run.
    host.get_by_role("button", name="↺ Restart").click()
    fresh = re.compile(rf"^Run (?!{run} )\d+ of")
    expect(host.get_by_role("heading", name=fresh)).to_be_visible()
    for page in students:
        expect(page.get_by_role("heading", name=fresh)).to_be_visible()

    # Locked: nobody leaves the class.
    host.get_by_role("button", name="Lock students' controls").click()
    expect(students[1].get_by_role("button", name="Try it myself")).to_be_disabled()

    exported = host.request.get(f"/api/workshops/{code}/export.csv").text()
    assert "Cyd" in exported and "default/web-1" in exported and "False" in exported
    host.get_by_role("button", name="End the workshop", exact=True).click()
    host.get_by_role("button", name="Yes, end the workshop").click()
    expect(students[1].get_by_text("The workshop has ended.")).to_be_visible()
