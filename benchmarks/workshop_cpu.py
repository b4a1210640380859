"""The web server's CPU per instructor click fanned out to a class (issue 27, point 6), a figure
that holds on a busy machine where wall-clock latencies do not.

`python manage.py bench_workshop --cpu 60`: uvicorn as `make run` starts it (WEB_PROCESSES web
processes, default 1 here: the whole class on one process) and a Celery worker; the instructor
and N students arrive over HTTP as in `--class` (benchmarks/workshop_class.py). The instructor's
socket publishes a held position (a click on *Previous/Next step*), waits until every student's
workshop socket has it, and publishes the next: the web processes' CPU (user + system, from
/proc) over the clicks, less the same span idle, divided by the clicks (docs/benchmarks.md,
"What a click costs the web process").
"""
from __future__ import annotations

import asyncio
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection

from benchmarks import classroom
from benchmarks import runs as bench
from benchmarks.workshop_class import Guest, join, open_socket, play_to_the_end, start_workshop


@dataclass
class CpuFigures:
    followers: int
    web_processes: int
    clicks: int
    click_cpu_ms: float
    idle_cpu_ms: float
    wall_ms: float

    def report(self) -> str:
        return (f"class of {self.followers} on {self.web_processes} web process(es): {self.clicks} clicks, "
                f"web CPU per click {self.click_cpu_ms:.2f} ms ({self.click_cpu_ms * 1000 / self.followers:.0f} µs "
                f"per student; idle over the same span {self.idle_cpu_ms:.2f} ms per click, subtracted); "
                f"wall per click {self.wall_ms:.1f} ms")


def web_cpu() -> float:
    return classroom.process_cpu(classroom.web_server, True)


async def until_position(ws: ClientConnection, seq: int) -> None:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "position" and message["position"]["seq"] == seq:
            return


async def click(host: ClientConnection, students: list[ClientConnection], run_id: int, seq: int) -> None:
    await host.send(json.dumps({"type": "position", "position": {"runId": run_id, "seq": seq, "compare": None}}))
    await asyncio.wait_for(asyncio.gather(until_position(host, seq), *(until_position(ws, seq) for ws in students)),
                           timeout=30)


async def measure_async(base: str, teacher: Guest, guests: list[Guest], code: str, run_id: int, last_seq: int,
                        clicks: int) -> tuple[float, float, float]:
    host = await open_socket(base, f"/ws/workshops/{code}/", teacher)
    students = [await open_socket(base, f"/ws/workshops/{code}/", g) for g in guests]
    for ws in (host, *students):
        while json.loads(await ws.recv())["type"] != "hello":
            pass
    seqs = [1 + (i * 7) % last_seq for i in range(clicks + 10)]
    for seq in seqs[:10]:  # warm up: imports, caches, the thread pool
        await click(host, students, run_id, seq)
    await asyncio.sleep(1)
    cpu0, wall0 = web_cpu(), time.monotonic()
    for seq in seqs[10:]:
        await click(host, students, run_id, seq)
    cpu, wall = web_cpu() - cpu0, time.monotonic() - wall0
    idle0 = web_cpu()
    await asyncio.sleep(wall)  # the same span with nothing happening: the server's own timers
    idle = web_cpu() - idle0
    for ws in (host, *students):
        await ws.close()
    return cpu, idle, wall


def run_cpu_benchmark(followers: int, clicks: int) -> str:
    web = os.environ.setdefault("WEB_PROCESSES", "1")
    with bench.live_processes() as base:
        teacher, workshop = start_workshop(base)
        last_seq = play_to_the_end(teacher, workshop["runId"])
        with ThreadPoolExecutor(8) as pool:
            guests = list(pool.map(lambda i: join(base, workshop["code"], i), range(followers)))
        cpu, idle, wall = asyncio.run(measure_async(base, teacher, guests, workshop["code"], workshop["runId"],
                                                    last_seq, clicks))
    return CpuFigures(followers, int(web), clicks, 1000 * (cpu - idle) / clicks, 1000 * idle / clicks,
                      1000 * wall / clicks).report()
