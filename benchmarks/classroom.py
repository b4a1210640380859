"""Classroom benchmark: a class starting lesson runs at once on `make run`'s defaults.

`python manage.py bench_runs --classroom 40`: it starts uvicorn and a Celery worker exactly as
`make run` does (one pool process per core), then N students — N separate guest sessions over
HTTP, each with its own WebSocket viewer — start a lesson's run at speed 1 at the same moment,
while H more guests start a big scenario (default 300 nodes / 2,000 pods) at speed 0. Each
student then pauses, steps and resumes its run. Printed: time to leave `queued` (POST sent →
first status other than queued seen by the student's viewer; an upper bound), command latency
(POST → 200 with the command applied) and event → viewer latency (`producedAt` → received).
"""
from __future__ import annotations

import http.cookiejar
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Max
from psycopg.conninfo import make_conninfo
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect
from websockets.typing import Origin

from benchmarks import runs as bench
from playground import processes
from playground.runs import lifecycle
from playground.runs.models import Run
from playground.scenarios import documents
from playground.scenarios.models import Scenario

COMMANDS = ("pause", "step", "resume")
# As the browser sends them: over the run's WebSocket ("ws"), or POST …/commands/ ("rest").
COMMANDS_OVER = "ws"
# The big runs are not watched by default (as the classroom has it): 5 viewers decoding
# 14,000 events each in this process would delay the lesson viewers' threads and inflate their lag.
WATCH_HEAVY = False


class Guest:
    """A browser-like client: its own cookie jar (a guest session after the first write)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.call("GET", "/api/me")

    def cookie(self, name: str) -> str:
        return next((c.value or "" for c in self.jar if c.name == name), "")

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"{self.base}{path}", data=data, method=method, headers={
            "Content-Type": "application/json", "X-CSRFToken": self.cookie("csrftoken")})
        try:
            with self.http.open(request, timeout=60) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


@dataclass
class Student:
    slug: str
    speed: float
    heavy: bool = False
    run_id: int | None = None
    posted_at: float = 0.0
    post_s: float | None = None  # the POST's own round trip (web server), part of left_queue_s
    hello_s: float | None = None  # POST answered → the viewer's hello (WebSocket connect), too
    hello_queued: bool = False  # the hello still said queued: the worker took longer than the web
    left_queue_s: float | None = None
    left_queue_db_s: float | None = None  # POST sent → the database says it left `queued`
    command_s: list[float] = field(default_factory=list)
    ws: Any = None  # the viewer's connection, once open
    answers: dict[int, tuple[float, dict[str, Any]]] = field(default_factory=dict)  # WS command id: (when, message)
    answered: threading.Condition = field(default_factory=threading.Condition)
    event_lags: list[float] = field(default_factory=list)
    lag_at: list[tuple[float, float]] = field(default_factory=list)  # (produced at, lag) per batch
    errors: list[str] = field(default_factory=list)
    done: threading.Event = field(default_factory=threading.Event)


def watch(guest: Guest, student: Student, until: float) -> None:
    url = guest.base.replace("http://", "ws://") + f"/ws/runs/{student.run_id}/"
    cookies = "; ".join(f"{c.name}={c.value}" for c in guest.jar)
    with connect(url, origin=Origin(guest.base), additional_headers={"Cookie": cookies}, max_size=None) as ws:
        student.ws = ws
        while time.time() < until and not student.done.is_set():
            try:
                text = ws.recv(timeout=1)
            except TimeoutError:
                continue
            now = time.time()
            found = bench.summary(text if isinstance(text, str) else text.decode())
            if found is not None:  # events: seqs and producedAt only (see bench.watch)
                first, last, produced_at = found
                if produced_at is not None:
                    student.event_lags += [now - produced_at] * (last - first + 1)
                    student.lag_at.append((produced_at, now - produced_at))
                continue
            message = json.loads(text)
            if message["type"] in ("command.result", "error") and message.get("id") is not None:
                with student.answered:
                    student.answers[message["id"]] = (time.perf_counter(), message)
                    student.answered.notify_all()
                continue
            run = message.get("run") if message["type"] in ("hello", "status") else None
            if message["type"] == "hello":
                student.hello_s = now - student.posted_at - (student.post_s or 0.0)
                student.hello_queued = run is not None and run["status"] == "queued"
            if run is not None and run["status"] != "queued" and student.left_queue_s is None:
                student.left_queue_s = now - student.posted_at


def command_over_ws(student: Student, number: int, kind: str) -> tuple[float, tuple[float, dict[str, Any]]]:
    """As the browser does: a `command` message on the run's open WebSocket, answered there."""
    deadline = time.monotonic() + 30
    while student.ws is None and time.monotonic() < deadline:
        time.sleep(0.01)
    sent = time.perf_counter()
    student.ws.send(json.dumps({"type": "command", "id": number, "command": {"type": kind}}))
    with student.answered:
        student.answered.wait_for(lambda: number in student.answers, timeout=30)
    return sent, student.answers.get(number, (time.perf_counter(), {"type": "timeout"}))


def watch_reporting(guest: Guest, student: Student, until: float) -> None:
    try:
        watch(guest, student, until)
    except (OSError, KeyError, ValueError, WebSocketException) as exc:
        student.errors.append(f"viewer {type(exc).__name__}: {exc}")


def attend(base: str, student: Student, start: threading.Barrier, until: float) -> None:
    try:
        guest = Guest(base)
        start.wait()
        student.posted_at = time.time()
        code, body = guest.call("POST", "/api/runs/", {"scenario": student.slug, "speed": student.speed})
        if code != 201:
            student.errors.append(f"start {code}: {body}")
            return
        student.run_id, student.post_s = body["id"], time.time() - student.posted_at
        if student.heavy and not WATCH_HEAVY:
            return
        viewer = threading.Thread(target=watch_reporting, args=(guest, student, until), daemon=True)
        viewer.start()
        if not student.heavy:
            time.sleep(2.0 + (student.run_id % 10) / 10)  # the class does not click in lockstep
            for number, kind in enumerate(COMMANDS, 1):
                if COMMANDS_OVER == "ws":
                    sent, (answered_at, body) = command_over_ws(student, number, kind)
                    applied = body.get("type") == "command.result" and body["command"]["status"] == "applied"
                else:
                    sent = time.perf_counter()
                    code, body = guest.call("POST", f"/api/runs/{student.run_id}/commands/", {"type": kind})
                    answered_at, applied = time.perf_counter(), code == 200 and body["command"]["status"] == "applied"
                if applied:
                    student.command_s.append(answered_at - sent)
                else:
                    student.errors.append(f"{kind}: {str(body)[:200]}")
                time.sleep(0.5)
        viewer.join(timeout=max(until - time.time(), 0) + 5)
    except (OSError, KeyError, ValueError, WebSocketException) as exc:  # reported, not fatal
        student.errors.append(f"{type(exc).__name__}: {exc}")


class CpuTimeline(threading.Thread):
    """Who used the machine's cores while the class ran: CPU seconds per 0.25 s of wall time for
    the web server, the worker's pool processes (interactive lane, bulk lane), their parents,
    PostgreSQL, Redis and this benchmark (its clients), and the whole machine's busy share (from
    /proc/stat: 1 = every core busy). Rows are timed from the class's first POST; each is scaled to
    its own measured interval. Linux only (/proc); PostgreSQL and Redis are the machine's, not only ours."""

    STEP = 0.25
    SECONDS = 4.0

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.halt = threading.Event()
        self.rows: list[tuple[float, dict[str, float]]] = []  # (wall time at the interval's end, CPU per group)

    def run(self) -> None:
        last, last_at, last_machine = cpu_by_group(), time.time(), machine_ticks()
        while not self.halt.wait(self.STEP):
            now, now_at, machine = cpu_by_group(), time.time(), machine_ticks()
            scale = self.STEP / max(now_at - last_at, 1e-6)
            row = {k: (now[k] - last.get(k, 0.0)) * scale for k in now}
            row["machine"] = (machine[0] - last_machine[0]) / max(machine[1] - last_machine[1], 1)
            self.rows.append((now_at, row))
            last, last_at, last_machine = now, now_at, machine

    def stop(self) -> None:
        self.halt.set()
        self.join()

    def report(self, start: float) -> str:
        groups = ("web", "pool", "bulk", "worker", "postgres", "redis", "bench")
        lines = [f"CPU seconds per {self.STEP:g} s (2 cores = {2 * self.STEP:g}), from the first POST: t  "
                 + "  ".join(f"{g:>8s}" for g in groups) + "     all  machine busy"]
        for at, row in self.rows:
            t = at - start - self.STEP
            if -self.STEP <= t < self.SECONDS:
                lines.append(f"  {t:4.2f} s " + "  ".join(f"{row.get(g, 0.0):8.2f}" for g in groups)
                             + f"  {sum(row.get(g, 0.0) for g in groups):6.2f}  {row['machine']:6.0%}")
        return "\n".join(lines)


def machine_ticks() -> tuple[int, int]:
    """(busy, total) clock ticks of all cores so far, from /proc/stat."""
    with open("/proc/stat") as stat:
        ticks = [int(x) for x in stat.readline().split()[1:]]
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)


def cpu_by_group() -> dict[str, float]:
    """CPU seconds so far per kind of process (see CpuTimeline)."""
    me = os.getpid()
    procs = process_table()
    totals: dict[str, float] = {}
    for pid, (parent, command, cpu) in procs.items():
        if pid == me:
            group = "bench"
        elif "celery" in command:
            pool = "celery" in procs.get(parent, (0, "", 0))[1]
            group = ("bulk" if "-bulk-" in command else "pool") if pool else "worker"
        elif "uvicorn" in command or "multiprocessing.spawn" in command:
            group = "web"
        elif command.startswith("postgres"):
            group = "postgres"
        elif command.startswith("redis-server"):
            group = "redis"
        else:
            continue
        totals[group] = totals.get(group, 0.0) + cpu
    return totals


def lesson_slugs() -> list[str]:
    """The built-in lessons' scenarios whose runs can be paused at t=0 (not over at once)."""
    # Lessons 1 and 2 are over at t=0; 3 to 12 run for a while.
    slugs = sorted(Scenario.objects.filter(slug__regex=r"^lesson(0[3-9]|1[0-2])$").values_list("slug", flat=True))
    if not slugs:
        raise RuntimeError("no lesson scenarios: run `python manage.py load_lessons` first")
    return slugs


def heavy_scenario(nodes: int, pods: int) -> str:
    owner, _ = User.objects.get_or_create(username="bench-runs")
    docs = bench.burst_cluster(nodes, pods)
    scenario = Scenario.objects.create(title=f"bench {nodes} nodes / {pods} pods", owner=owner,
                                       visibility="unlisted", manifests=docs, counts=documents.counts(docs))
    return scenario.slug


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)] if ordered else float("nan")


def run_classroom(students: int, heavy: int, nodes: int, pods: int, seconds: float) -> str:
    slugs, big = lesson_slugs(), heavy_scenario(nodes, pods)
    class_ = [Student(slugs[i % len(slugs)], 1.0) for i in range(students)]
    class_ += [Student(big, 0.0, heavy=True) for _ in range(heavy)]
    with bench.live_processes(processes.worker_commands()) as base:
        warm_up(base, slugs[0])
        barrier = threading.Barrier(len(class_))
        until = time.time() + seconds
        watcher = start_database_watcher(len(class_), until=time.time() + 30)
        threads = [threading.Thread(target=attend, args=(base, s, barrier, until)) for s in class_]
        timeline = CpuTimeline()
        timeline.start()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=seconds + 120)
        collect_database_watcher(watcher, class_)
        timeline.stop()
        stop_runs([s.run_id for s in class_ if s.run_id is not None])
    start = min((s.posted_at for s in class_ if s.posted_at), default=0.0)
    return report(class_, students, heavy, nodes, pods) + "\n" + timeline.report(start)


def warm_up(base: str, slug: str) -> None:
    """The teacher tries a run first: the server and every worker process are up and warm."""
    teacher = Guest(base)
    deadline = time.monotonic() + 120
    for _ in range(4):  # doorbells reach both pool processes (and any more)
        code, body = teacher.call("POST", "/api/runs/", {"scenario": slug, "speed": 0})
        assert code == 201, body
        while teacher.call("GET", f"/api/runs/{body['id']}/")[1]["status"] == "queued":
            if time.monotonic() > deadline:
                raise RuntimeError("the worker did not take the warm-up run within 120 s")
            time.sleep(0.2)
        teacher.call("POST", f"/api/runs/{body['id']}/commands/", {"type": "stop"})


# Polls for runs newer than ``since`` that left `queued`, every 10 ms, from a process of its own:
# in the benchmark's process it shared the GIL with the class's 45 client threads and saw runs
# leave late, all at the end of the burst. Prints {run id: wall time first seen}.
WATCHER = """
import json, sys, time, psycopg
conninfo, since, count, until = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
seen = {}
with psycopg.connect(conninfo, autocommit=True) as conn:
    while len(seen) < count and time.time() < until:
        rows = conn.execute("SELECT id FROM runs_run WHERE id > %s AND status <> 'queued'", (since,)).fetchall()
        now = time.time()
        for (run_id,) in rows:
            seen.setdefault(run_id, now)
        time.sleep(0.01)
print(json.dumps(seen))
"""


def start_database_watcher(count: int, until: float) -> subprocess.Popen[str]:
    """When each run of the class leaves `queued`, as the database says: the worker's part, without
    the web server's (POST, WebSocket connect) in front of it. PostgreSQL only."""
    db = settings.DATABASES["default"]
    conninfo = make_conninfo(dbname=db["NAME"], user=db.get("USER") or None, password=db.get("PASSWORD") or None,
                             host=db.get("HOST") or None, port=db.get("PORT") or None)
    since = Run.objects.aggregate(last=Max("pk"))["last"] or 0
    connection.close()
    return subprocess.Popen([sys.executable, "-c", WATCHER, conninfo, str(since), str(count), str(until)],
                            stdout=subprocess.PIPE, text=True)


def collect_database_watcher(watcher: subprocess.Popen[str], class_: list[Student]) -> None:
    out, _ = watcher.communicate(timeout=120)
    seen = {int(run_id): at for run_id, at in json.loads(out or "{}").items()}
    for student in class_:
        if student.run_id in seen:
            student.left_queue_db_s = seen[student.run_id] - student.posted_at


def stop_runs(run_ids: list[int]) -> None:
    """Over, so that a later worker on this database does not rebuild them."""
    lifecycle.end_all(Run.objects.filter(pk__in=run_ids), lifecycle.FINISHED, lifecycle.STOPPED, lease_token="",
                      lease_expires_at=None)


def report(class_: list[Student], students: int, heavy: int, nodes: int, pods: int) -> str:
    left = [s.left_queue_s for s in class_ if s.left_queue_s is not None]
    left_db = [s.left_queue_db_s for s in class_ if s.left_queue_db_s is not None]
    posts = [s.post_s for s in class_ if s.post_s is not None]
    hellos = [s.hello_s for s in class_ if s.hello_s is not None]
    commands = [x for s in class_ for x in s.command_s]
    lesson_lags = [x for s in class_ if not s.heavy for x in s.event_lags]
    all_lags = [x for s in class_ for x in s.event_lags]
    errors = [e for s in class_ for e in s.errors]

    def ms(values: list[float]) -> str:
        if not values:
            return "n/a"
        return (f"p50 {1000 * statistics.median(values):.0f} ms, p95 {1000 * pct(values, 0.95):.0f} ms, "
                f"max {1000 * max(values):.0f} ms (n={len(values)})")

    start = min((s.posted_at for s in class_ if s.posted_at), default=0.0)
    by_second: dict[int, list[float]] = {}
    for s in class_:
        for produced_at, lag in s.lag_at:
            by_second.setdefault(int(produced_at - start), []).append(lag)
    lines = [
        f"classroom: {students} lesson runs at speed 1 + {heavy} runs of {nodes} nodes / {pods} pods at speed 0",
        f"left queued (database): {ms(left_db)}",
        f"  lesson runs:          {ms([s.left_queue_db_s for s in class_ if not s.heavy and s.left_queue_db_s])}",
        f"  big runs (bulk lane): {ms([s.left_queue_db_s for s in class_ if s.heavy and s.left_queue_db_s])}",
        f"left queued (viewer):  {ms(left)}; never seen leaving: {len(class_) - len(left)}",
        f"  of which the POST:   {ms(posts)}",
        f"  then the WS hello:   {ms(hellos)}; still queued in it: {sum(s.hello_queued for s in class_)}",
        f"pause/step/resume:     {ms(commands)}",
        f"event -> viewer:       lesson viewers {ms(lesson_lags)}",
        f"                       all viewers    {ms(all_lags)}",
        "  batches' p95 by second since the starts: " + ", ".join(
            f"{second}s {1000 * pct(lags, 0.95):.0f} ms" for second, lags in sorted(by_second.items())[:8]),
        f"errors: {len(errors)}" + "".join(f"\n  {e}" for e in errors[:10]),
    ]
    return "\n".join(lines)


# ---- what one click costs (`bench_runs --request-costs N`) ----

def process_table() -> dict[int, tuple[int, str, float]]:
    """pid: (parent pid, command line, CPU seconds used so far), from /proc (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    rows: dict[int, tuple[int, str, float]] = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as raw:
                command = raw.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{pid}/stat") as text:
                fields = text.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        rows[int(pid)] = (int(fields[1]), command, (int(fields[11]) + int(fields[12])) / ticks)
    return rows


def process_cpu(predicate: Callable[[str], bool], ours_only: bool) -> float:
    """CPU seconds (user + system) used so far by the processes whose command line matches:
    among this benchmark's descendants (``ours_only``), or all of the machine's."""
    rows = process_table()

    def ours(pid: int) -> bool:
        while pid > 1:
            if pid == os.getpid():
                return True
            pid = rows[pid][0] if pid in rows else 0
        return False

    return sum(cpu for pid, (_, command, cpu) in rows.items()
               if predicate(command) and (not ours_only or ours(pid)))


def web_server(command: str) -> bool:
    """uvicorn and the processes it spawns (--workers); counted among this benchmark's own."""
    return "uvicorn" in command or "multiprocessing.spawn" in command


def postgres(command: str) -> bool:
    """Every PostgreSQL backend of the machine (its server is not ours): run on a quiet machine."""
    return command.startswith("postgres:")


def run_request_costs(n: int) -> str:
    """N guests, one after another (so CPU / N is what one request costs): a lesson run start with
    the guest's creation, its WebSocket opening up to the hello, a step command applied (POST, then
    on the open socket as the browser sends it), GET /api/me and GET /api/runs/<id>/. Linux only
    (/proc)."""
    slug = lesson_slugs()[0]
    lines = [f"web server CPU per request, {n} guests one after another (uvicorn processes; PostgreSQL)"]
    with bench.live_processes(processes.worker_commands()) as base:
        warm_up(base, slug)
        guests = [Guest(base) for _ in range(n)]
        run_ids: list[int] = []

        def measure(what: str, call: Any) -> None:
            """``call(guest, run_id)`` for each guest (its run's id once started)."""
            web0, db0, wall0 = process_cpu(web_server, True), process_cpu(postgres, False), time.perf_counter()
            for guest, run_id in zip(guests, run_ids or [0] * n, strict=True):
                call(guest, run_id)
            web, db = process_cpu(web_server, True) - web0, process_cpu(postgres, False) - db0
            wall = time.perf_counter() - wall0
            lines.append(f"  {what:32s} {1000 * web / n:5.1f} ms ({1000 * db / n:4.1f} ms), "
                         f"round trip {1000 * wall / n:5.1f} ms")

        def start(guest: Guest, _: int) -> None:
            code, body = guest.call("POST", "/api/runs/", {"scenario": slug, "speed": 1, "paused": True})
            assert code == 201, body
            run_ids.append(body["id"])

        def hello(guest: Guest, run_id: int) -> None:
            cookies = "; ".join(f"{c.name}={c.value}" for c in guest.jar)
            url = guest.base.replace("http://", "ws://") + f"/ws/runs/{run_id}/"
            with connect(url, origin=Origin(guest.base), additional_headers={"Cookie": cookies}) as ws:
                assert json.loads(ws.recv(timeout=30))["type"] == "hello"

        def step(guest: Guest, run_id: int) -> None:
            code, body = guest.call("POST", f"/api/runs/{run_id}/commands/", {"type": "step"})
            assert code == 200, (code, body)

        measure("POST /api/runs/ (a new guest)", start)
        deadline = time.monotonic() + 60
        while Run.objects.filter(pk__in=run_ids, status=Run.Status.QUEUED).exists():  # adopted: step applies
            if time.monotonic() > deadline:
                raise RuntimeError("the worker did not take the runs within 60 s")
            time.sleep(0.2)
        connection.close()
        measure("WebSocket open + hello", hello)
        measure("POST …/commands/ step", step)
        sockets = {}  # opened before, not measured: the browser has its run's socket open anyway
        for guest, run_id in zip(guests, run_ids, strict=True):
            cookies = "; ".join(f"{c.name}={c.value}" for c in guest.jar)
            sockets[run_id] = connect(guest.base.replace("http://", "ws://") + f"/ws/runs/{run_id}/",
                                      origin=Origin(guest.base), additional_headers={"Cookie": cookies})
            assert json.loads(sockets[run_id].recv(timeout=30))["type"] == "hello"

        def socket_step(_: Guest, run_id: int) -> None:
            ws = sockets[run_id]
            ws.send(json.dumps({"type": "command", "id": 1, "command": {"type": "step"}}))
            while (reply := json.loads(ws.recv(timeout=30)))["type"] not in ("command.result", "error"):
                pass
            assert reply["type"] == "command.result" and reply["command"]["status"] == "applied", reply

        measure("WebSocket command step", socket_step)
        for ws in sockets.values():
            ws.close()
        measure("GET /api/me", lambda guest, _: guest.call("GET", "/api/me"))
        measure("GET /api/runs/<id>/", lambda guest, run_id: guest.call("GET", f"/api/runs/{run_id}/"))
        stop_runs(run_ids)
    return "\n".join(lines)
