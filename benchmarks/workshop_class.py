"""A real class of N (issue 27, point 6): the instructor's click → the step drawn on students' screens.

`python manage.py bench_workshop --class 60 --browsers 3 --forks 30`. Real parts only: uvicorn and
`make run`'s Celery workers (the launcher of bench_runs), PostgreSQL, Redis, and headless Chromium
launched as tests/e2e launch it (playground/chromium.py). Everyone arrives over HTTP as a person would:
the instructor signs up and starts a workshop on lesson 2; N students join with a display name
(each a guest of its own session). B of them are Chromium tabs on the workshop page; the rest are
WebSocket clients, as the page is: the workshop socket, and the class run's socket. F of the
socket students also play their own fork: *Try it myself*, speed 20, resume, watched over the
fork's socket to its end, stopped, and again, all through the measurement.

The instructor is a Chromium tab too, on its dashboard. The class's run is first played to its
end; then the instructor's tab clicks *Previous step* / *Next step* in the lesson panel, back and
forth between the last step and the first. For each click:

- *click*: the click event in the instructor's tab (a capture listener);
- *drawn*, per student tab: the first animation frame after the lesson panel's `data-step` marker
  took the new step (a MutationObserver, then requestAnimationFrame), read back over CDP;
- *message*, per socket client: the workshop socket's `position` message with the new step.

All three are read on the bench host's wall clock (`Date.now()` in the tabs, to the millisecond;
`time.time()` here): one machine, one clock. (Not `performance.timeOrigin + performance.now()`:
Chromium derives it from the monotonic clock and, on this VM, it ran minutes apart from tab to
tab.) The next click waits until every screen
and socket has the step (or 10 s: counted as missing), then 0.4 s.
"""
from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from websockets.asyncio.client import ClientConnection, connect

from benchmarks import runs as bench
from benchmarks.browser import percentile
from benchmarks.classroom import Guest
from benchmarks.workshop import LESSON

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

PASSWORD = "correct horse battery staple"
WAIT_S = 10.0
PAUSE_S = 0.4
ARRIVING = 6  # socket students connecting at once
TRY_EVERY_S = 15.0  # a student playing forks tries again (a new fork) at most this often
FINAL = ("finished", "failed", "settled")

# Student tabs: when the lesson panel's data-step changes (or a panel appears), the next frame's time.
DRAWN = """(() => {
  window.__drawn = [];
  const seen = (el) => { const step = Number(el.dataset.step); requestAnimationFrame(() => window.__drawn.push([step, Date.now()])); };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") { seen(r.target); continue; }
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        const el = n.matches("[data-step]") ? n : n.querySelector("[data-step]");
        if (el) seen(el);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-step"] });
})();"""
# The instructor's tab: when each click happened.
CLICKS = """(() => {
  window.__clicks = [];
  document.addEventListener("click", () => window.__clicks.push(Date.now()), true);
})();"""


@dataclass
class SocketStudent:
    guest: Guest
    forks: bool
    positions: list[tuple[int, float]] = field(default_factory=list)  # (step, received at)
    forks_played: int = 0
    fork_events: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class Figures:
    followers: int
    tabs: int
    forks: int
    clicks: int
    tab_ms: list[list[float]]
    socket_ms: list[float]
    missing: int
    forks_played: int
    fork_events: int
    errors: list[str]

    def report(self) -> str:
        def row(label: str, values: list[float]) -> str:
            if not values:
                return f"| {label} | 0 | – | – | – |"
            return (f"| {label} | {len(values)} | {percentile(values, 0.5):.0f} | {percentile(values, 0.95):.0f} | "
                    f"{max(values):.0f} |")

        lines = [(f"class of {self.followers}: {self.tabs} Chromium tabs, {self.followers - self.tabs} socket clients, "
                  f"{self.forks} of them playing their own forks at speed 20 ({self.forks_played} forks played to "
                  f"their end, {self.fork_events} fork events received); {self.clicks} instructor clicks"),
                 "| instructor click → | samples | p50 ms | p95 ms | max ms |", "|---|---|---|---|---|"]
        lines += [row(f"step drawn, tab {i + 1}", ms) for i, ms in enumerate(self.tab_ms)]
        lines.append(row("step drawn, every tab", [x for ms in self.tab_ms for x in ms]))
        lines.append(row("position message, every socket client", self.socket_ms))
        lines.append(f"missing (not there within {WAIT_S:g} s): {self.missing}; errors: {len(self.errors)}"
                     + "".join(f"\n  {e}" for e in self.errors[:5]))
        return "\n".join(lines)


# ---- arriving: over HTTP, as people do ----

def start_workshop(base: str) -> tuple[Guest, dict[str, Any]]:
    teacher = Guest(base)
    name = f"bench-class-{time.time_ns() % 10**10}"
    code, body = teacher.call("POST", "/api/auth/signup/", {"username": name, "password": PASSWORD})
    assert code == 201, body
    code, workshop = teacher.call("POST", "/api/workshops/", {"lesson": LESSON})
    assert code == 201, workshop
    return teacher, workshop


def join(base: str, code: str, number: int) -> Guest:
    student = Guest(base)
    status, body = student.call("POST", f"/api/workshops/{code}/join/", {"name": f"student {number}"})
    assert status == 201, body
    return student


def play_to_the_end(teacher: Guest, run_id: int, timeout: float = 120) -> int:
    """The class's run, every step's event stored, so that a click only moves the class."""
    teacher.call("POST", f"/api/runs/{run_id}/commands/", {"type": "speed", "speed": 20})
    deadline = time.monotonic() + timeout
    while True:
        run = teacher.call("GET", f"/api/runs/{run_id}/")[1]
        if run["status"] in FINAL:
            return int(run["lastSeq"])
        if run["status"] == "paused":  # lessons pause themselves; the instructor plays on
            teacher.call("POST", f"/api/runs/{run_id}/commands/", {"type": "resume"})
        if time.monotonic() > deadline:
            raise RuntimeError(f"the class's run {run_id} did not finish within {timeout:g} s")
        time.sleep(0.2)


def cookies(guest: Guest, base: str) -> list[dict[str, Any]]:
    return [{"name": c.name, "value": c.value or "", "url": base} for c in guest.jar]


def cookie_header(guest: Guest) -> dict[str, str]:
    return {"Cookie": "; ".join(f"{c.name}={c.value}" for c in guest.jar)}


# ---- socket students, in an event loop of their own thread ----

async def open_socket(base: str, path: str, guest: Guest) -> ClientConnection:
    return await connect(base.replace("http://", "ws://") + path, origin=base,  # type: ignore[arg-type]
                         additional_headers=cookie_header(guest), max_size=None, compression="deflate",
                         open_timeout=60)


async def follow(base: str, code: str, run_id: int, student: SocketStudent, ready: asyncio.Event,
                 stop: asyncio.Event, arriving: asyncio.Semaphore) -> None:
    """The workshop socket (positions timed) and the class run's socket (drained), as a page has.
    A few students arrive at a time (``arriving``), as a room does, not all in one millisecond."""
    async with arriving:
        ws = await open_socket(base, f"/ws/workshops/{code}/", student.guest)
        run_ws = await open_socket(base, f"/ws/runs/{run_id}/?after=0", student.guest)
        hello = json.loads(await ws.recv())
        assert hello["type"] == "hello", hello
    async with ws, run_ws:
        drain = asyncio.create_task(drain_until(run_ws, stop))
        ready.set()
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.time()
            message = json.loads(text)
            if message["type"] == "position" and message["position"].get("step") is not None:
                student.positions.append((int(message["position"]["step"]), now))
        await drain


async def drain_until(ws: ClientConnection, stop: asyncio.Event) -> int:
    """Read a run socket's messages (events counted from their seqs, not decoded) until stop."""
    events = 0
    while not stop.is_set():
        try:
            text = await asyncio.wait_for(ws.recv(), timeout=0.5)
        except TimeoutError:
            continue
        found = bench.summary(text if isinstance(text, str) else text.decode(errors="replace"))
        if found is not None:
            events += found[1] - found[0] + 1
    return events


async def play_forks(base: str, code: str, student: SocketStudent, stop: asyncio.Event) -> None:
    """Try it myself, speed 20, to the end, stop, and again TRY_EVERY_S after the last try; a
    refusal (a limit) waits a second."""
    while not stop.is_set():
        started = time.monotonic()
        status, fork = await asyncio.to_thread(student.guest.call, "POST", f"/api/workshops/{code}/try/")
        if status != 201:
            student.errors.append(f"try: {status} {fork}")
            await asyncio.sleep(1)
            continue
        async with await open_socket(base, f"/ws/runs/{fork['id']}/?after=0", student.guest) as ws:
            for number, command in enumerate(({"type": "speed", "speed": 20}, {"type": "resume"}), start=1):
                await ws.send(json.dumps({"type": "command", "id": number, "command": command}))
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                decoded = text if isinstance(text, str) else text.decode(errors="replace")
                found = bench.summary(decoded)
                if found is not None:
                    student.fork_events += found[1] - found[0] + 1
                    continue
                message = json.loads(decoded)
                if message["type"] in ("hello", "status") and message["run"]["status"] in FINAL:
                    student.forks_played += 1
                    break
            await ws.send(json.dumps({"type": "command", "id": 3, "command": {"type": "stop"}}))
        await asyncio.sleep(max(0.0, TRY_EVERY_S - (time.monotonic() - started)))  # looking at the result


class SocketClass(threading.Thread):
    """The socket students' event loop; ``ready`` once every workshop socket has had its hello."""

    def __init__(self, base: str, code: str, run_id: int, students: list[SocketStudent]) -> None:
        super().__init__(name="socket-class", daemon=True)
        self.base, self.code, self.run_id, self.students = base, code, run_id, students
        self.ready = threading.Event()
        self.failed: Exception | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None

    def run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # noqa: BLE001 (any failure of the thread is reported by stop())
            self.failed = exc
            self.ready.set()

    async def _main(self) -> None:
        self._loop, self._stopping = asyncio.get_running_loop(), asyncio.Event()
        readies = [asyncio.Event() for _ in self.students]
        arriving = asyncio.Semaphore(ARRIVING)
        tasks = [asyncio.create_task(follow(self.base, self.code, self.run_id, s, r, self._stopping, arriving))
                 for s, r in zip(self.students, readies, strict=True)]
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), timeout=300)
        tasks += [asyncio.create_task(play_forks(self.base, self.code, s, self._stopping)) for s in self.students if s.forks]
        self.ready.set()
        await asyncio.gather(*tasks)

    def stop(self) -> None:
        if self._loop is not None and self._stopping is not None:
            self._loop.call_soon_threadsafe(self._stopping.set)
        self.join(timeout=60)
        if self.failed is not None:
            raise RuntimeError(f"the socket students failed: {self.failed!r}") from self.failed


# ---- the tabs, and the clicks ----

def open_tab(browser: Browser, base: str, guest: Guest, path: str, script: str) -> tuple[BrowserContext, Page]:
    context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    context.add_cookies(cookies(guest, base))  # type: ignore[arg-type]
    context.add_init_script(script)
    page = context.new_page()
    page.goto(path)
    return context, page


def step_buttons(host: Page) -> tuple[Any, Any, int]:
    panel = host.get_by_role("region", name=re.compile(r"^Lesson \d+:"))
    previous = panel.get_by_role("button", name="Previous step", exact=True)
    following = panel.get_by_role("button", name="Next step", exact=True)
    return previous, following, int(panel.get_attribute("data-step") or 0)


def targets(last: int, clicks: int) -> Iterator[tuple[str, int]]:
    """From the last step: Previous down to step 1, Next up to the last, and again."""
    step = last
    going = "previous"
    for _ in range(clicks):
        if step == 1:
            going = "next"
        elif step == last:
            going = "previous"
        step += -1 if going == "previous" else 1
        yield going, step


def first_after(records: list[tuple[int, float]] | list[list[float]], step: int, after: float) -> float | None:
    return next((float(t) for s, t in records if int(s) == step and t >= after), None)


def measure(base: str, browser: Browser, followers: int, tabs: int, forks: int, clicks: int,
            warm_up_s: float = 2.0) -> Figures:
    """The class on a running server at ``base`` (its workers included), ``browser`` a Chromium;
    the first click ``warm_up_s`` after every socket is in (the forks under way)."""
    if not 0 < tabs <= followers or forks > followers - tabs:
        raise ValueError(f"need 0 < tabs ≤ followers and forks ≤ followers - tabs (got {followers}, {tabs}, {forks})")
    teacher, workshop = start_workshop(base)
    code, run_id = workshop["code"], workshop["runId"]
    play_to_the_end(teacher, run_id)
    with ThreadPoolExecutor(8) as pool:
        guests = list(pool.map(lambda i: join(base, code, i), range(followers)))
    sockets = [SocketStudent(g, forks=i < forks) for i, g in enumerate(guests[tabs:])]
    opened = [open_tab(browser, base, g, f"/w/{code}", DRAWN) for g in guests[:tabs]]
    host_context, host = open_tab(browser, base, teacher, f"/w/{code}/host", CLICKS)
    contexts = [c for c, _ in opened] + [host_context]
    socket_class = SocketClass(base, code, run_id, sockets)
    socket_class.start()
    try:
        previous, following, last = wait_for_the_last_step(host, [p for _, p in opened])
        if not socket_class.ready.wait(timeout=330) or socket_class.failed is not None:
            raise RuntimeError(f"the socket students did not all connect: {socket_class.failed!r}")
        time.sleep(warm_up_s)
        tab_ms: list[list[float]] = [[] for _ in opened]
        socket_ms: list[float] = []
        missing = 0
        for direction, step in targets(last, clicks):
            (previous if direction == "previous" else following).click()
            clicked = float(host.evaluate("window.__clicks.at(-1)")) / 1000
            missing += wait_for_step(step, clicked, [p for _, p in opened], sockets, tab_ms, socket_ms)
            time.sleep(PAUSE_S)
    finally:
        socket_class.stop()
        for context in contexts:
            context.close()
    return Figures(followers, tabs, forks, clicks, tab_ms, socket_ms, missing,
                   sum(s.forks_played for s in sockets), sum(s.fork_events for s in sockets),
                   [e for s in sockets for e in s.errors])


def wait_for_the_last_step(host: Page, tabs: list[Page]) -> tuple[Any, Any, int]:
    """Everyone on the finished run's last step before the first click."""
    deadline = time.monotonic() + 60
    while True:
        previous, following, step = step_buttons(host)
        drawn = [page.evaluate("window.__drawn.at(-1)?.[0] ?? null") for page in tabs]
        if step > 1 and previous.is_enabled() and all(d == step for d in drawn):
            return previous, following, step
        if time.monotonic() > deadline:
            raise RuntimeError(f"the class never settled on its last step (instructor {step}, tabs {drawn})")
        time.sleep(0.2)


def wait_for_step(step: int, clicked: float, tabs: list[Page], sockets: list[SocketStudent],
                  tab_ms: list[list[float]], socket_ms: list[float]) -> int:
    """Every tab's drawn time and every socket's receipt of ``step`` after ``clicked``; the missing count."""
    drawn: list[float | None] = [None] * len(tabs)
    received: list[float | None] = [None] * len(sockets)
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        for i, page in enumerate(tabs):
            if drawn[i] is None:
                drawn[i] = first_after(page.evaluate("window.__drawn.map(([s, t]) => [s, t / 1000])"), step, clicked)
        for i, student in enumerate(sockets):
            if received[i] is None:
                received[i] = first_after(list(student.positions), step, clicked)
        if all(d is not None for d in drawn) and all(r is not None for r in received):
            break
        time.sleep(0.02)
    for i, at in enumerate(drawn):
        if at is not None:
            tab_ms[i].append(1000 * (at - clicked))
    socket_ms.extend(1000 * (at - clicked) for at in received if at is not None)
    return sum(d is None for d in drawn) + sum(r is None for r in received)


@contextmanager
def chromium_browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright  # a development dependency

    from playground import chromium

    with sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        try:
            yield browser
        finally:
            browser.close()


def run_class_benchmark(followers: int, tabs: int, forks: int, clicks: int) -> str:
    from playground import processes as make_run

    with bench.live_processes(make_run.worker_commands()) as base, chromium_browser() as browser:
        return measure(base, browser, followers, tabs, forks, clicks).report()
