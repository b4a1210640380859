"""The projector view (/w/<code>/present) at 1920x1080: the join code big enough for the back of the
room, the join address and its QR code, the lesson and step (moving on with the class's run while the
instructor's dashboard is closed), and a question's bars with neither a student's name nor the answer
until the instructor reveals it."""
from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from playground.lessons.tooling import load_lessons, run_variant, step_seqs

SCREEN = {"width": 1920, "height": 1080}
JSQR = Path(__file__).resolve().parents[2] / "frontend" / "node_modules" / "jsqr" / "dist" / "jsQR.js"
ANSWER, WRONG = "default/batch-1", "default/web-1"  # lesson 2's "victim" question
# The class's step is the server's reading of the instructor's event: publish the event of step 2.
PUBLISH_STEP_2 = """([code, runId, seq]) => new Promise((resolve, reject) => {
  const ws = new WebSocket(`ws://${location.host}/ws/workshops/${code}/`);
  ws.onopen = () => ws.send(JSON.stringify({type: "position", position: {view: "run", runId, seq, compare: null}}));
  ws.onmessage = (e) => {
    const message = JSON.parse(e.data);
    if (message.type === "position" && message.position.step === 2) { ws.close(); resolve(null); }
  };
  ws.onerror = reject;
  setTimeout(() => reject(new Error("the class never reached step 2")), 10000);
})"""
LESSON_2 = next(lesson for lesson in load_lessons() if lesson.slug == "basic-preemption").main
STEP_SEQS = [seq for seq in step_seqs(LESSON_2.steps, run_variant(LESSON_2).events) if seq is not None]

pytestmark = pytest.mark.usefixtures("celery_worker_process")


def play_to_the_end(page: Page, run_id: int) -> None:
    """Play the run (a lesson's starts paused) at 20x, through the REST API: no page of the run open."""
    post(page, f"/api/runs/{run_id}/commands/", {"type": "speed", "speed": 20})
    post(page, f"/api/runs/{run_id}/commands/", {"type": "resume"})
    deadline = time.monotonic() + 30
    while page.request.get(f"/api/runs/{run_id}/").json()["lastSeq"] < STEP_SEQS[-1]:
        assert time.monotonic() < deadline, f"run {run_id} did not reach event {STEP_SEQS[-1]}"
        time.sleep(0.1)


@pytest.fixture
def two_browsers(browser: Browser, live_server_url: str) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    made = [browser.new_context(base_url=live_server_url, viewport=SCREEN) for _ in range(2)]
    for context in made:
        context.set_default_timeout(10_000)
    yield made[0], made[1]
    for context in made:
        context.close()


def post(page: Page, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    page.request.get("/api/me")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    response = page.request.post(path, data=body or {}, headers={"X-CSRFToken": token})
    assert response.ok, f"{path}: {response.status} {response.text()}"
    return dict(response.json())


def decoded_qr(page: Page, label: str) -> str | None:
    """What a phone's camera reads from the drawn QR code: its pixels, decoded by jsQR in a blank page
    of its own (the app's Content-Security-Policy rightly refuses an injected script)."""
    expect(page.get_by_role("img", name=label)).to_be_visible()
    pixels = page.evaluate("""(label) => {
      const canvas = document.querySelector(`canvas[aria-label="${label}"]`);
      const image = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
      return {width: image.width, height: image.height, data: Array.from(image.data)};
    }""", label)
    decoder = page.context.new_page()
    try:
        decoder.add_script_tag(path=str(JSQR))
        return decoder.evaluate("""({width, height, data}) => {
          const found = jsQR(Uint8ClampedArray.from(data), width, height);
          return found ? found.data : null;
        }""", pixels)
    finally:
        decoder.close()


def test_the_projector_shows_how_to_join_the_step_and_bars_without_names_or_the_answer_before_the_reveal(
        two_browsers: tuple[BrowserContext, BrowserContext]) -> None:
    instructor, student = (context.new_page() for context in two_browsers)
    instructor.goto("/")
    post(instructor, "/api/auth/signup/", {"username": "projecting-teacher", "password": "correct horse battery staple"})
    workshop = post(instructor, "/api/workshops/", {"lesson": "basic-preemption"})
    code = workshop["code"]
    student.goto("/")
    post(student, f"/api/workshops/{code}/join/", {"name": "Beatrix"})
    post(instructor, f"/api/workshops/{code}/questions/", {"question": "victim"})
    post(student, f"/api/workshops/{code}/questions/victim/answer/", {"choice": WRONG})
    instructor.goto(f"/w/{code}/host")  # the console hands out joinUrl, not its own address bar
    dashboard = instructor.get_by_role("region", name="Instructor dashboard")
    expect(dashboard.get_by_role("link", name=workshop["joinUrl"])).to_have_attribute("href", workshop["joinUrl"])

    instructor.goto(f"/w/{code}/present")  # the dashboard's tab is gone: only the projector is open
    shown = instructor.get_by_role("main", name="Projector view")
    expect(shown.get_by_text("Step 1 of 7: A full node")).to_be_visible()  # the paused run's first event
    play_to_the_end(instructor, workshop["runId"])
    expect(shown.get_by_text("Step 7 of 7: Bound where it was nominated")).to_be_visible(timeout=15_000)
    instructor.evaluate(PUBLISH_STEP_2, [code, workshop["runId"], STEP_SEQS[1]])  # held at step 2's event
    join_code = shown.get_by_label("Join code")
    expect(join_code).to_have_text(code)
    box = join_code.bounding_box()
    assert box is not None and box["height"] >= SCREEN["height"] / 10
    expect(shown.get_by_label("Join address")).to_have_text(workshop["joinUrl"])
    assert decoded_qr(instructor, f"QR code of {workshop['joinUrl']}") == workshop["joinUrl"]
    expect(shown.get_by_role("heading", name="Basic preemption")).to_be_visible()
    expect(shown.get_by_text("Step 2 of 7: No node fits")).to_be_visible()
    question = shown.get_by_role("group", name="Question to the class")
    expect(question.get_by_role("figure", name="Class answers")).to_contain_text("1 answered")
    expect(question).to_contain_text("web-1")
    for secret in ("Beatrix", "batch-1", "Only pods with strictly lower priority"):
        expect(instructor.locator("body")).not_to_contain_text(secret)

    post(instructor, f"/api/workshops/{code}/questions/victim/reveal/")
    expect(question.get_by_role("status")).to_contain_text("Answer: batch-1")
    expect(instructor.locator("body")).not_to_contain_text("Beatrix")


def test_a_student_opening_the_projector_address_gets_the_students_page(
        two_browsers: tuple[BrowserContext, BrowserContext]) -> None:
    instructor, student = (context.new_page() for context in two_browsers)
    instructor.goto("/")
    post(instructor, "/api/auth/signup/", {"username": "projecting-teacher-2", "password": "correct horse battery staple"})
    code = post(instructor, "/api/workshops/", {"lesson": "basic-preemption"})["code"]
    student.goto("/")
    post(student, f"/api/workshops/{code}/join/", {"name": "Cy"})
    student.goto(f"/w/{code}/present")
    expect(student).to_have_url(f"{student.url.split('/w/')[0]}/w/{code}")
    expect(student.get_by_role("main", name="Projector view")).to_have_count(0)
