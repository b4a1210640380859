"""Benchmark of one big cluster through the app (issue 16): `python manage.py bench_runs --big 5000`.

Real parts only, as a browser or script would use them: uvicorn (the `make run` server command)
and one Celery worker on this project's database and Redis, reached over HTTP and WebSockets as a
guest. It measures, in order:

1. ``POST /api/scenarios/`` of N nodes and N pending pods (JSON objects);
2. ``POST /api/runs/`` (speed 0) → the first event on the run's socket (its cluster.snapshot);
3. the run to its end, and what it stored: event rows' bytes vs state checkpoints' bytes;
4. ``GET /api/runs/{id}/state/?seq=N`` at 11 evenly spread seqs (the last included);
5. L late joiners connecting at once with ``?after=0&encoding=gzip`` → each has every event.
"""
from __future__ import annotations

import asyncio
import json
import statistics
import time
from typing import Any

import requests
from django.db import connection
from websockets.asyncio.client import connect
from websockets.typing import Origin

from benchmarks.runs import check_contiguous, decode, live_processes, summary
from playground.runs.models import RunEvent, RunState

VERIFY_EVERY = 25  # these late joiners decode and check all they get; the others, the frame headers


def big_cluster(nodes: int, pods: int) -> list[dict[str, Any]]:
    """Nodes labelled like a cloud provider's (hostname, zone, region, instance type, os, arch;
    capacity and allocatable), pods like a Deployment's (labels, cpu and memory requests): about
    the bytes per object of a real cluster's export."""
    docs: list[dict[str, Any]] = []
    for i in range(nodes):
        zone = f"europe-west1-{'bcd'[i % 3]}"
        resources = {"cpu": "4", "memory": "16Gi", "pods": "110", "ephemeral-storage": "100Gi"}
        docs.append({"apiVersion": "v1", "kind": "Node", "metadata": {"name": f"node-{i:05d}", "labels": {
            "kubernetes.io/hostname": f"node-{i:05d}", "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
            "topology.kubernetes.io/zone": zone, "topology.kubernetes.io/region": "europe-west1",
            "node.kubernetes.io/instance-type": "e2-standard-4", "cloud.google.com/gke-nodepool": f"pool-{i % 4}"}},
            "status": {"capacity": resources, "allocatable": resources}})
    for i in range(pods):
        app = f"app-{i % 50:02d}"
        docs.append({"apiVersion": "v1", "kind": "Pod", "metadata": {
            "name": f"{app}-{i:05d}", "namespace": "default",
            "labels": {"app.kubernetes.io/name": app, "app.kubernetes.io/part-of": "shop", "tier": "backend"}},
            "spec": {"containers": [{"name": "main", "image": f"registry.example.com/{app}:1.4.2",
                                     "resources": {"requests": {"cpu": "250m", "memory": "256Mi"},
                                                   "limits": {"cpu": "500m", "memory": "512Mi"}}}]}})
    return docs


def guest(base: str) -> requests.Session:
    """A guest session with its CSRF token, as the browser app has one (GET /api/me)."""
    api = requests.Session()
    api.headers["X-CSRFToken"] = api.get(f"{base}/api/me", timeout=30).cookies["csrftoken"]
    api.headers["Origin"] = base
    return api


def call(api: requests.Session, method: str, url: str, **kwargs: Any) -> Any:
    response = api.request(method, url, timeout=600, **kwargs)
    if response.status_code >= 400:
        raise RuntimeError(f"{method} {url} -> {response.status_code}: {response.text[:500]}")
    return response.json()


def ws_url(base: str, run_id: int, after: int = 0) -> str:
    return base.replace("http://", "ws://") + f"/ws/runs/{run_id}/?after={after}"


async def first_event(base: str, run_id: int, cookies: str) -> float:
    """Wall time (epoch s) at which the run's first event reaches a viewer."""
    async with connect(ws_url(base, run_id), origin=Origin(base), max_size=None,
                       additional_headers={"Cookie": cookies}) as ws:
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "events" and message["events"]:
                return time.time()


async def backlog(base: str, run_id: int, last_seq: int, cookies: str, verify: bool) -> float:
    """Seconds from connecting (``encoding=gzip``, as the browser app does) until every event up
    to ``last_seq`` has arrived. A verifying viewer decodes every frame and checks the seqs run
    without gap; the others check the frames' headers only (50 browsers' inflating and parsing
    40 MB each, done in this one process, would measure this process, not the server)."""
    started = time.time()
    async with connect(ws_url(base, run_id) + "&encoding=gzip", origin=Origin(base), max_size=None,
                       additional_headers={"Cookie": cookies}) as ws:
        seen = 0
        while seen < last_seq:
            message = await ws.recv()
            if verify:
                seen = check_contiguous(seen, decode(message))
            elif isinstance(message, bytes):
                header = json.loads(message.partition(b"\n")[0])
                if header["first"] != seen + 1:
                    raise RuntimeError(f"backlog frame {header} after seq {seen}")
                seen = header["last"]
            else:
                found = summary(message)
                seen = found[1] if found is not None else seen
    return time.time() - started


async def late_joiners(base: str, run_id: int, last_seq: int, count: int, cookies: str) -> list[float]:
    return await asyncio.wait_for(
        asyncio.gather(*(backlog(base, run_id, last_seq, cookies, i % VERIFY_EVERY == 0) for i in range(count))), timeout=600)


def stored_bytes(run_id: int) -> tuple[int, int, int]:
    """(event rows' JSON bytes, state checkpoints' JSON bytes, checkpoints)."""
    events = RunEvent._meta.db_table
    states = RunState._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COALESCE(SUM(pg_column_size(data)), 0) FROM {events} WHERE run_id = %s", [run_id])
        event_bytes = int(cursor.fetchone()[0])
        cursor.execute(f"SELECT COALESCE(SUM(pg_column_size(state)), 0), COUNT(*) FROM {states} WHERE run_id = %s",
                       [run_id])
        state_bytes, checkpoints = cursor.fetchone()
    return event_bytes, int(state_bytes), int(checkpoints)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def run_big(nodes: int, pods: int, joiners: int) -> str:
    docs = big_cluster(nodes, pods)
    lines = [f"cluster: {nodes} nodes, {pods} pending pods; body {len(json.dumps(docs)) / 1e6:.1f} MB"]
    with live_processes() as base:
        api = guest(base)
        started = time.perf_counter()
        slug = call(api, "POST", f"{base}/api/scenarios/", json={"title": "big", "objects": docs})["slug"]
        lines.append(f"POST /api/scenarios/: {time.perf_counter() - started:.2f} s")

        posted = time.time()
        run_id = call(api, "POST", f"{base}/api/runs/", json={"scenario": slug, "speed": 0})["id"]
        answered = time.time()
        cookies = "; ".join(f"{k}={v}" for k, v in api.cookies.items())  # the guest's session since the POST
        arrived = asyncio.run(first_event(base, run_id, cookies))
        lines.append(f"POST /api/runs/ → first event on the socket: {arrived - posted:.2f} s "
                     f"(the POST answered after {answered - posted:.2f} s)")

        deadline = time.monotonic() + 900
        view = call(api, "GET", f"{base}/api/runs/{run_id}/")
        while view["status"] not in ("finished", "settled", "failed") and time.monotonic() < deadline:
            view = api.get(f"{base}/api/runs/{run_id}/wait/?timeout=30", timeout=60).json()  # 504: not yet
        last = view["lastSeq"]
        lines.append(f"run: {view['status']} after {time.time() - posted:.1f} s wall, {last} events")
        event_bytes, state_bytes, checkpoints = stored_bytes(run_id)
        lines.append(f"stored: events {event_bytes / 1e6:.1f} MB, states {state_bytes / 1e6:.1f} MB in "
                     f"{checkpoints} checkpoints (ratio {state_bytes / max(event_bytes, 1):.2f})")

        times = []
        for i in range(11):
            seq = max(1, round(last * i / 10))
            started = time.perf_counter()
            call(api, "GET", f"{base}/api/runs/{run_id}/state/?seq={seq}")
            times.append((seq, time.perf_counter() - started))
        worst = max(times, key=lambda x: x[1])
        lines.append("GET state/?seq=N: " + ", ".join(f"{seq}: {s * 1000:.0f} ms" for seq, s in times))
        lines.append(f"GET state/?seq=N: median {statistics.median(s for _, s in times) * 1000:.0f} ms, "
                     f"max {worst[1] * 1000:.0f} ms (seq {worst[0]})")

        waits = asyncio.run(late_joiners(base, run_id, last, joiners, cookies))
        lines.append(f"{joiners} late joiners, backlog of {last} events: p50 {statistics.median(waits):.2f} s, "
                     f"p95 {percentile(waits, 0.95):.2f} s, max {max(waits):.2f} s")
    return "\n".join(lines)
