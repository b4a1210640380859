"""Benchmark of a workshop: the instructor's step reaching every follower, and the live tally.

Real parts only: uvicorn (playground.asgi) and a Celery worker on this project's database and
Redis (the same launcher as bench_runs), one instructor socket and N follower sockets, each a
guest with its own session. The instructor publishes a position (a step) every 200 ms; every
follower's receipt is timed against the send. Then every follower answers a question on its
socket (as the browser does), all at once and then spread out, and the time from the last
answer sent to the instructor's socket showing all N answers is the tally latency. `python manage.py bench_workshop --followers 40`.
"""
from __future__ import annotations

import asyncio
import json
import statistics
import time
from dataclasses import dataclass
from importlib import import_module

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from websockets.asyncio.client import ClientConnection, connect

from benchmarks.runs import live_processes
from playground.accounts import services as accounts
from playground.accounts.models import Profile
from playground.lessons.services import sync_lesson_scenarios
from playground.workshops import services
from playground.workshops.models import Answer, Participant, Workshop

LESSON = "basic-preemption"
QUESTION = "victim"


@dataclass
class Result:
    followers: int
    steps: int
    step_p50_ms: float
    step_p95_ms: float
    step_max_ms: float
    tally_burst_ms: float
    tally_spread_ms: float
    spread: float

    def row(self) -> str:
        return (f"| {self.followers} | {self.steps} | {self.step_p50_ms:.0f} | {self.step_p95_ms:.0f} | "
                f"{self.step_max_ms:.0f} | {self.tally_burst_ms:.0f} | {self.tally_spread_ms:.0f} ({self.spread:g} s) |")


HEADER = ("| followers | steps | step→follower p50 ms | p95 ms | max ms | last answer→tally ms, all at once | "
          "…answers spread over |\n|---|---|---|---|---|---|---|")


def session_for(user: User) -> str:
    """A logged-in session for user, as the browser would hold after joining."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY], store[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return str(store.session_key)


def make_workshop(followers: int) -> tuple[Workshop, str, list[str]]:
    sync_lesson_scenarios()
    instructor, _ = User.objects.get_or_create(username="bench-workshop")
    Profile.objects.get_or_create(user=instructor, defaults={"is_guest": False})
    workshop = services.create_workshop(instructor, lesson=LESSON)
    sessions = []
    for i in range(followers):
        guest = accounts.create_guest()
        Participant.objects.create(workshop=workshop, user=guest, name=f"follower {i}")
        sessions.append(session_for(guest))
    services.ask(workshop, instructor, QUESTION)
    return workshop, session_for(instructor), sessions


async def open_socket(base: str, code: str, session: str) -> ClientConnection:
    ws = await connect(base.replace("http://", "ws://") + f"/ws/workshops/{code}/", origin=base,  # type: ignore[arg-type]
                       additional_headers={"Cookie": f"sessionid={session}"}, max_size=None)
    hello = json.loads(await ws.recv())
    assert hello["type"] == "hello", hello
    return ws


async def follow(ws: ClientConnection, steps: int, received: dict[int, float]) -> None:
    while len(received) < steps:
        message = json.loads(await ws.recv())
        if message["type"] == "position":
            received[message["position"]["step"]] = time.time()


async def measure_steps(host: ClientConnection, followers: list[ClientConnection], run_id: int,
                        steps: int) -> list[float]:
    received: list[dict[int, float]] = [{} for _ in followers]
    listeners = [asyncio.create_task(follow(ws, steps, r)) for ws, r in zip(followers, received, strict=True)]
    sent: dict[int, float] = {}
    for step in range(1, steps + 1):
        sent[step] = time.time()
        await host.send(json.dumps({"type": "position", "position": {"runId": run_id, "seq": step, "step": step}}))
        await asyncio.sleep(0.2)
    await asyncio.wait_for(asyncio.gather(*listeners), timeout=60)
    return sorted(r[step] - sent[step] for r in received for step in range(1, steps + 1))


async def measure_tally(host: ClientConnection, followers: list[ClientConnection], spread: float) -> float:
    """From the last answer sent (all at once, or one every spread/N seconds) to the full tally."""
    async def all_answered() -> float:
        while True:
            message = json.loads(await host.recv())
            if message["type"] == "question" and message["question"].get("tally", {}).get("answered") == len(followers):
                return time.time()

    async def answer(ws: ClientConnection, delay: float) -> float:
        await asyncio.sleep(delay)
        sent = time.time()
        await ws.send(json.dumps({"type": "answer", "question": QUESTION, "choice": "default/batch-1"}))
        return sent

    waiting = asyncio.create_task(all_answered())
    starts = await asyncio.gather(*(answer(ws, spread * i / len(followers)) for i, ws in enumerate(followers)))
    return await asyncio.wait_for(waiting, timeout=30) - max(starts)


async def drain(ws: ClientConnection) -> None:
    """Skip what is already on its way (join rosters, late tallies of the previous round)."""
    while True:
        try:
            await asyncio.wait_for(ws.recv(), timeout=0.5)
        except TimeoutError:
            return


async def measure_async(base: str, workshop: Workshop, host_session: str, sessions: list[str],
                        steps: int, spread: float) -> Result:
    host = await open_socket(base, workshop.code, host_session)
    followers = [await open_socket(base, workshop.code, s) for s in sessions]
    await asyncio.sleep(1)  # the connection rosters settle before timing
    await drain(host)
    assert workshop.run_id is not None
    latencies = await measure_steps(host, followers, workshop.run_id, steps)
    burst = await measure_tally(host, followers, 0.0)
    await asyncio.to_thread(Answer.objects.filter(question__workshop=workshop).delete)
    await drain(host)
    spread_out = await measure_tally(host, followers, spread)
    for ws in (host, *followers):
        await ws.close()
    return Result(len(sessions), steps, 1000 * statistics.median(latencies),
                  1000 * latencies[int(0.95 * (len(latencies) - 1))], 1000 * latencies[-1], 1000 * burst,
                  1000 * spread_out, spread)


def run_benchmark(followers: int, steps: int, spread: float) -> Result:
    workshop, host_session, sessions = make_workshop(followers)
    with live_processes() as base:
        return asyncio.run(measure_async(base, workshop, host_session, sessions, steps, spread))
