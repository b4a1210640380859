"""`bench_runs --post-cpu N`: the CPU one run start costs a web server process, per POST.

Wall-clock figures of a class (`--classroom`) mean little on a machine other work keeps busy; CPU
time does. A process of its own is set up as uvicorn's are (`playground.asgi` with
PLAYGROUND_WEB_SERVER=1: pooled connections, the Redis cache; uvloop), and calls the ASGI
application in-process as uvicorn would (uvicorn's HTTP parsing is left out), with `make run`'s
Celery workers running, so that engines hear the runs announced as in a class. N guests each get
the CSRF cookie (GET /api/me, not measured), then each starts a lesson run as `--classroom`'s
students do (POST /api/runs/, a new guest), one after another; `time.process_time()` (every thread
of the process) is read around each POST. What a POST leaves to a thread of the process after it
answered counts in the next one's figure. `--profile FILE` also writes a cProfile of the POSTs
(the event loop's thread and the request thread: the threads a POST's work runs in).
"""
from __future__ import annotations

import asyncio
import cProfile
import json
import os
import pstats
import statistics
import subprocess
import sys
import threading
import time
from http.cookies import SimpleCookie
from typing import Any

WARM_UP = 20  # guests whose starts are not counted: imports, prepared statements, the pool's connections


def run_post_cpu(n: int, profile: str | None) -> str:
    """In the management command's process: the workers, then the measuring process. (Imported
    here: the measuring process imports this module before Django is set up.)"""
    from django.conf import settings

    from benchmarks import classroom
    from benchmarks import runs as bench
    from playground import processes

    slug = classroom.lesson_slugs()[0]
    with bench.live_processes(processes.worker_commands()) as base:
        classroom.warm_up(base, slug)
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "playground.settings", "PLAYGROUND_WEB_SERVER": "1"}
        command = [sys.executable, "-m", "benchmarks.post_cpu", str(n), slug, profile or ""]
        done = subprocess.run(command, env=env, cwd=settings.BASE_DIR, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"the measuring process failed:\n{done.stderr[-4000:]}")
        result = json.loads(done.stdout.strip().splitlines()[-1])
        classroom.stop_runs(result["runs"])
    return report(n, result)


def report(n: int, result: dict[str, Any]) -> str:
    from benchmarks.classroom import pct

    cpu = sorted(result["cpu"])
    ms = [1000 * c for c in cpu]
    lines = [
        (f"web process CPU per run start (POST /api/runs/, a new guest), {n} POSTs one after another, "
         f"after {WARM_UP} not counted:"),
        (f"  median {statistics.median(ms):.2f} ms, p25 {pct(ms, 0.25):.2f} ms, "
         f"p75 {pct(ms, 0.75):.2f} ms, p90 {pct(ms, 0.9):.2f} ms, mean {statistics.mean(ms):.2f} ms"),
        (f"  the whole loop, client side included: {1000 * result['total'] / n:.2f} ms per POST; "
         f"wall {1000 * result['wall'] / n:.1f} ms per POST"),
    ]
    lines.append("  by thread: " + ", ".join(f"{name} {1000 * used / n:.2f} ms" for name, used in sorted(
        result["threads"].items(), key=lambda item: -item[1]) if used > 0))
    if result.get("profile"):
        lines.append(f"  profile: {result['profile']} (python -m pstats {result['profile']})")
    return "\n".join(lines)


# ---- the measuring process: `python -m benchmarks.post_cpu N SLUG [PROFILE]` ----

class Client:
    """One browser: its cookies, its address (so that the per-address guest allowance is not what is measured)."""

    def __init__(self, app: Any, number: int) -> None:
        self.app = app
        self.cookies: dict[str, str] = {}
        self.address = f"10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else b""
        headers = [(b"host", b"127.0.0.1:8000"), (b"accept", b"application/json"),
                   (b"accept-encoding", b"gzip, deflate, br"), (b"origin", b"http://127.0.0.1:8000")]
        if body is not None:
            headers += [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
        if self.cookies:
            headers.append((b"cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()).encode()))
            headers.append((b"x-csrftoken", self.cookies.get("csrftoken", "").encode()))
        scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
                 "server": ("127.0.0.1", 8000), "client": (self.address, 50000), "scheme": "http",
                 "method": method, "root_path": "", "path": path, "raw_path": path.encode(), "query_string": b"",
                 "headers": headers}
        answered = asyncio.Event()
        sent: list[dict[str, Any]] = []
        pending = [{"type": "http.request", "body": data, "more_body": False}]

        async def receive() -> dict[str, Any]:
            if pending:
                return pending.pop()
            await answered.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                answered.set()

        await self.app(scope, receive, send)
        start = sent[0]
        for name, value in start["headers"]:
            if name.lower() == b"set-cookie":
                for key, morsel in SimpleCookie(value.decode()).items():
                    self.cookies[key] = morsel.value
        content = b"".join(m.get("body", b"") for m in sent[1:])
        return start["status"], json.loads(content) if content else None


async def measure(n: int, slug: str, profile: str) -> dict[str, Any]:
    import playground.asgi

    app = playground.asgi.application
    clients = [Client(app, i) for i in range(WARM_UP + n)]
    for client in clients:
        code, _ = await client.call("GET", "/api/me")
        assert code == 200, code
    runs: list[int] = []

    async def start(client: Client) -> None:
        code, body = await client.call("POST", "/api/runs/", {"scenario": slug, "speed": 1})
        assert code == 201, (code, body)
        runs.append(body["id"])

    for client in clients[:WARM_UP]:
        await start(client)
    profilers = start_profiling(playground.asgi.django_asgi_app) if profile else []
    print("measuring", file=sys.stderr, flush=True)  # for a sampling profiler attached from outside
    cpu: list[float] = []
    threads0 = thread_cpu()
    total0, wall0 = time.process_time(), time.perf_counter()
    for client in clients[WARM_UP:]:
        before = time.process_time()
        await start(client)
        cpu.append(time.process_time() - before)
    total, wall = time.process_time() - total0, time.perf_counter() - wall0
    threads = {name: used - threads0.get(name, 0.0) for name, used in thread_cpu().items()}
    if profilers:
        stop_profiling(playground.asgi.django_asgi_app, profilers, profile)
    return {"cpu": cpu, "total": total, "wall": wall, "threads": threads, "runs": runs, "profile": profile}


def thread_cpu() -> dict[str, float]:
    """CPU seconds so far of each live thread of this process, by name (Linux: per-thread clocks)."""
    used: dict[str, float] = {}
    for thread in threading.enumerate():
        try:
            clock = time.pthread_getcpuclockid(thread.ident or 0)
            used[thread.name] = used.get(thread.name, 0.0) + time.clock_gettime(clock)
        except (OSError, AttributeError):
            continue  # gone meanwhile
    return used


def start_profiling(handler: Any) -> list[cProfile.Profile]:
    """cProfile in the event loop's thread and in the request thread (one request at a time: the
    handler's one idle thread serves each)."""
    loop_profiler, request_profiler = cProfile.Profile(time.thread_time), cProfile.Profile(time.thread_time)
    assert len(handler.idle_threads) == 1, "one request at a time: one request thread"
    handler.idle_threads[0].submit(request_profiler.enable).result()
    loop_profiler.enable()
    return [loop_profiler, request_profiler]


def stop_profiling(handler: Any, profilers: list[cProfile.Profile], path: str) -> None:
    loop_profiler, request_profiler = profilers
    loop_profiler.disable()
    handler.idle_threads[0].submit(request_profiler.disable).result()
    stats = pstats.Stats(loop_profiler)
    stats.add(request_profiler)
    stats.dump_stats(path)


def main() -> None:
    n, slug, profile = int(sys.argv[1]), sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else ""
    import uvloop

    result = uvloop.run(measure(n, slug, profile))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
