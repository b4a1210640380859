"""Benchmark of live runs: event→WebSocket latency and events/s with 1 and 50 viewers.

Real parts only: it starts uvicorn (playground.asgi) and one Celery worker on this project's
configured database and Redis, creates runs through the services, connects N anonymous
WebSocket viewers, resumes the run and measures until it finishes. Latency is measured per
event from `producedAt` (wall time the worker computed the batch's first event) to receipt by
the viewer — worker batching, the database commit, the channel layer, the consumer and the
socket all included. Run it on an otherwise idle machine: `python manage.py bench_runs`.
"""
from __future__ import annotations

import asyncio
import gzip
import json
import os
import socket
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from websockets.asyncio.client import connect

from playground import processes
from playground.runs import lifecycle, services
from playground.runs.models import Run
from playground.scenarios import documents
from playground.scenarios.models import Scenario
from scheduler_core import Simulation


@dataclass
class Viewer:
    latencies: list[float] = field(default_factory=list)
    received: int = 0
    last: float = 0.0


@dataclass(frozen=True)
class Result:
    label: str
    viewers: int
    command_p50_ms: float
    events: int
    p50_ms: float
    p95_ms: float
    max_ms: float
    viewer_events_per_s: float
    worker_events_per_s: float

    def row(self) -> str:
        return (f"| {self.label} | {self.viewers} | {self.events} | {self.p50_ms:.0f} | {self.p95_ms:.0f} | "
                f"{self.max_ms:.0f} | {self.viewer_events_per_s:,.0f} | {self.worker_events_per_s:,.0f} | "
                f"{self.command_p50_ms:.0f} |")


def node(i: int) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Node", "metadata": {"name": f"node-{i}"},
            "status": {"allocatable": {"cpu": "4", "memory": "16Gi", "pods": "110"}}}


def pod(name: str, cpu: str, priority: str | None = None, node_name: str | None = None,
        grace: int | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": [{"name": "c", "resources": {"requests": {"cpu": cpu}}}]}
    if priority:
        spec["priorityClassName"] = priority
    if node_name:
        spec["nodeName"] = node_name
    if grace is not None:
        spec["terminationGracePeriodSeconds"] = grace
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"}, "spec": spec}


def burst_cluster(nodes: int, pods: int) -> list[dict[str, Any]]:
    """Many pending pods at t=0: as many events as the core can compute, back to back."""
    return [node(i) for i in range(nodes)] + [pod(f"p-{i}", "250m") for i in range(pods)]


def paced_cluster(nodes: int) -> list[dict[str, Any]]:
    """Preemptions whose victims' graceful terminations end at 1, 2, … 10 s: events trickle."""
    docs: list[dict[str, Any]] = [
        {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": n}, "value": v}
        for n, v in (("low", 100), ("high", 1000))]
    for i in range(nodes):
        docs += [node(i), pod(f"victim-{i}", "3500m", "low", f"node-{i}", grace=1 + i % 10)]
    return docs + [pod(f"urgent-{i}", "1", "high") for i in range(nodes)]


def paused_run(owner: User, docs: list[dict[str, Any]], speed: float) -> Run:
    """Queued with a pause already recorded, so viewers connect before anything happens."""
    scenario = Scenario.objects.create(title="bench", owner=owner, visibility="unlisted", manifests=docs,
                                       counts=documents.counts(docs))
    with transaction.atomic():
        run = services.start_run(owner, scenario, seed=1, speed=speed)
        services.submit_command(run, owner, {"type": "pause"})
    return run


COMPRESSION: str | None = "deflate"  # what browsers negotiate; None to measure without it


async def watch(url: str, origin: str, viewer: Viewer, target: int, ready: asyncio.Event,
                verify: bool = False) -> None:
    """One viewer. A verifying one decodes every message and checks the seqs run without gap;
    the others read each message's first and last seq and ``producedAt`` only, and check those
    run on: 50 viewers' full JSON decoding, done in this one process, measured this process and
    not the server (a class is 50 browsers on 50 machines)."""
    async with connect(url, origin=origin, max_size=None, compression=COMPRESSION) as ws:  # type: ignore[arg-type]
        while viewer.received < target:
            text = await ws.recv()
            now = time.time()
            found = summary(text if isinstance(text, str) else text.decode())
            if found is None:
                continue
            first, last, produced_at = found
            if first != viewer.received + 1:
                raise RuntimeError(f"viewer got {first}..{last} after {viewer.received}")
            if verify:
                check_contiguous(viewer.received, decode(text))
            viewer.received = last
            if produced_at is not None:
                viewer.latencies += [now - produced_at] * (last - first + 1)
            viewer.last = now
            ready.set()  # has the snapshot (seq 1): sits on the live group


def decode(message: str | bytes) -> dict[str, Any]:
    """A run socket message, text or gzip frame (docs/events.md), decoded whole."""
    if isinstance(message, bytes):
        return dict(json.loads(gzip.decompress(message.partition(b"\n")[2])))
    return dict(json.loads(message))


def check_contiguous(seen: int, message: dict[str, Any]) -> int:
    """The last seq after an ``events`` message that must continue right after ``seen``."""
    if message["type"] != "events":
        return seen
    seqs = [e["seq"] for e in message["events"]]
    if seqs != list(range(seen + 1, seen + 1 + len(seqs))):
        raise RuntimeError(f"events not contiguous after seq {seen}: {seqs[:3]}…")
    return seqs[-1] if seqs else seen


def summary(text: str) -> tuple[int, int, float | None] | None:
    """(first seq, last seq, producedAt) of an ``events`` text message, found without decoding
    it (events carry no nested ``seq``); None for any other message."""
    if not text.startswith('{"type":"events"'):
        return None
    produced_at = None
    tail = text.rfind('"producedAt":', len(text) - 64)
    if tail >= 0:
        produced_at = float(text[tail + 13:text.index("}", tail)])
    return _int_after(text, text.find('"seq":') + 6), _int_after(text, text.rfind('"seq":') + 6), produced_at


def _int_after(text: str, at: int) -> int:
    while text[at] == " ":
        at += 1
    end = at
    while text[end].isdigit():
        end += 1
    return int(text[at:end])


async def measure_async(base: str, run: Run, owner: User, viewers: int,
                        target: int) -> tuple[list[Viewer], float, list[float]]:
    url = base.replace("http://", "ws://") + f"/ws/runs/{run.pk}/?after=0"
    states = [Viewer() for _ in range(viewers)]
    ready = [asyncio.Event() for _ in range(viewers)]
    tasks = [asyncio.create_task(watch(url, base, s, target, r, i == 0))
             for i, (s, r) in enumerate(zip(states, ready, strict=True))]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), timeout=60)
    resumed = time.time()
    await asyncio.to_thread(services.submit_command, run, owner, {"type": "resume"})
    commands = await asyncio.to_thread(command_latencies, run, owner, run.speed)
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=600)
    return states, resumed, commands


def command_latencies(run: Run, owner: User, speed: float, count: int = 10) -> list[float]:
    """POST-equivalent → the worker has applied it (polling the row every 2 ms), on a running run."""
    out = []
    for _ in range(count):
        started = time.perf_counter()
        command = services.submit_command(run, owner, {"type": "speed", "speed": speed})
        while command.status == "pending" and time.perf_counter() - started < 5:
            time.sleep(0.002)
            command.refresh_from_db(fields=["status"])
        out.append(time.perf_counter() - started)
    return out


def expected_events(docs: list[dict[str, Any]]) -> int:
    sim = Simulation.from_documents(docs, seed=1)
    sim.run()
    return len(sim.events)


def measure(base: str, owner: User, label: str, docs: list[dict[str, Any]], speed: float, viewers: int) -> Result:
    target = expected_events(docs)
    run = paused_run(owner, docs, speed)
    states, resumed, commands = asyncio.run(measure_async(base, run, owner, viewers, target))
    run.refresh_from_db()
    latencies = sorted(x for s in states for x in s.latencies) or [0.0]
    live = [(target - 1) / max(s.last - resumed, 1e-6) for s in states]  # all but the snapshot
    worker_span = max(run.updated_at.timestamp() - resumed, 1e-6)
    return Result(label, viewers, 1000 * statistics.median(commands), target, 1000 * statistics.median(latencies),
                  1000 * latencies[int(0.95 * (len(latencies) - 1))], 1000 * latencies[-1],
                  statistics.median(live), target / worker_span)


def wait_for_port(port: int, proc: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.1)
    return False


def bench_worker_command() -> list[str]:
    return [sys.executable, "-m", "celery", "-A", "playground", "worker", "--loglevel", "WARNING", "--concurrency",
            "1", "--without-gossip", "--without-mingle", "--hostname", f"bench-{os.getpid()}@%h"]


def retire_leftover_runs() -> int:
    """Runs an interrupted benchmark left running or queued in this benchmark database would be
    adopted by the new worker and computed alongside the measured ones: end them first. Only in
    a database named like one (`bench…`): a playground's own runs are never touched."""
    from django.db import connection

    if "bench" not in str(connection.settings_dict.get("NAME", "")):
        return 0
    leftover = Run.objects.exclude(status__in=[lifecycle.FINISHED, lifecycle.FAILED])
    return lifecycle.end_all(leftover, lifecycle.FAILED, "left by an interrupted benchmark", lease_token="",
                             lease_expires_at=None)


@contextmanager
def live_processes(workers: dict[str, tuple[list[str], dict[str, str]]] | None = None) -> Iterator[str]:
    """uvicorn and Celery workers (by default one, serving both lanes; `processes.worker_commands()`
    for make run's) on this checkout's settings (and so its namespace), after ending the runs an
    interrupted benchmark left behind."""
    retire_leftover_runs()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "playground.settings", "PYTHONUNBUFFERED": "1"}
    log = open(settings.RUN_DIR / "bench_runs.log", "wb")  # noqa: SIM115 (closed below)
    # The same server command as make run, so the figures are what users get.
    with processes.listening_socket("127.0.0.1", 0) as listener:
        port = listener.getsockname()[1]
        server = processes.start([*processes.asgi_server_command(listener.fileno()), "--log-level", "warning"],
                                 env=env, cwd=settings.BASE_DIR, log=log, pass_fds=[listener.fileno()])
    workers = workers or {"worker": (bench_worker_command(), {})}
    started = [processes.start(command, env={**env, **lane_env}, cwd=settings.BASE_DIR, log=log)
               for command, lane_env in workers.values()]
    try:
        if not wait_for_port(port, server, timeout=60):
            raise RuntimeError(f"uvicorn did not start; see {log.name}")
        yield f"http://127.0.0.1:{port}"
    finally:
        processes.stop_all([*started, server])
        log.close()


def run_benchmark(viewer_counts: list[int], nodes: int, pods: int, paced_nodes: int,
                  paced_speed: float) -> list[Result]:
    owner, _ = User.objects.get_or_create(username="bench-runs")
    results: list[Result] = []
    with live_processes() as base:
        for viewers in viewer_counts:
            results.append(measure(base, owner, f"burst, speed 0 ({nodes} nodes, {pods} pods)",
                                   burst_cluster(nodes, pods), 0, viewers))
            results.append(measure(base, owner, f"paced, speed {paced_speed:g} ({paced_nodes} preemptions)",
                                   paced_cluster(paced_nodes), paced_speed, viewers))
    return results


HEADER = ("| scenario | viewers | events | latency p50 ms | p95 ms | max ms | events/s per viewer | "
          "events/s worker | command p50 ms |\n|---|---|---|---|---|---|---|---|---|")
