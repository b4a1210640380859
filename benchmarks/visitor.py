"""Benchmark: an anonymous visitor's worst case (issue 28) — bytes stored, CPU seconds and connections held —
against the caps that bound each. `python manage.py bench_visitor` (docs/benchmarks.md, "An anonymous visitor").

Real parts: uvicorn and a Celery worker (benchmarks/runs.py `live_processes`) on this checkout's settings and
database. The visitor is one address, with no proxy in front (so `TRUSTED_PROXIES` plays no part), and keeps
no cookie it does not want:

1. disk, for `seconds`: scenarios as big as the caps allow (nodes carrying 250 KiB of incompressible
   annotations each, up to the request body limit), then speed-0 runs of them while its storage quota (runs
   count in it), active-run limit and run-start rate allow; a new guest (a fresh cookie jar) whenever the
   guest's quota answers a scenario 413, until the address's allowance of new guests answers 429. Bytes: the database's size before and after.
2. CPU, for `seconds`: `threads` anonymous clients read the most expensive things there are without
   If-None-Match — the export of a big public scenario, the Kubernetes pod list of its run, whole and in
   chunks. CPU seconds of the web server's and the worker's processes (/proc, Linux).
3. connections: one client opens Kubernetes watches (REST long-polls count against the same cap) until
   refused; once with its guest session, once with none (counted by address).
"""
from __future__ import annotations

import os
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection

from benchmarks import classroom
from benchmarks import runs as bench

ANNOTATION_BYTES = 250 * 1024  # under the API server's 256 KiB per object (TotalAnnotationSizeLimitB)


@dataclass
class Disk:
    seconds: float = 0.0
    stored_bytes: int = 0
    scenarios: int = 0
    runs: int = 0
    guests: int = 0
    refusals: dict[str, int] | None = None


@dataclass
class Cpu:
    seconds: float = 0.0
    requests: int = 0
    web_cpu: float = 0.0
    worker_cpu: float = 0.0


def fat_node(i: int) -> dict[str, Any]:
    """A node with as many annotation bytes as the API server allows, random (PostgreSQL cannot compress it)."""
    return {"apiVersion": "v1", "kind": "Node", "metadata": {
        "name": f"n{i}", "annotations": {"bulk": os.urandom(ANNOTATION_BYTES // 2).hex()}},
        "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}}


def fat_scenario() -> dict[str, Any]:
    per_body = max(1, settings.DATA_UPLOAD_MAX_MEMORY_SIZE // (ANNOTATION_BYTES + 1024) - 1)
    nodes = min(per_body, settings.SCENARIO_QUOTA_BYTES_GUEST // ANNOTATION_BYTES)
    return {"title": "fill", "visibility": "private", "objects": [fat_node(i) for i in range(nodes)]}


def database_bytes() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_database_size(current_database())")
        return int(cursor.fetchone()[0])


def fill_disk(base: str, seconds: float, stored: Callable[[], int] = database_bytes) -> Disk:
    """`stored`: the bytes the server's database holds now (default: this process's database, the server's)."""
    result, refusals = Disk(refusals={}), dict[str, int]()
    before, start = stored(), time.monotonic()
    guest = classroom.Guest(base)
    while time.monotonic() - start < seconds:
        code, body = guest.call("POST", "/api/scenarios/", fat_scenario())
        if code == 201:
            result.scenarios += 1
            started, code = start_runs(guest, body["slug"], start + seconds)
            result.runs += started
            if code:
                refusals[f"run {code}"] = refusals.get(f"run {code}", 0) + 1
            continue
        refusals[str(code)] = refusals.get(str(code), 0) + 1
        if code == 429 and guest.cookie("sessionid") == "":
            break  # no new guest from this address for now: the visitor has nothing left to fill
        guest = classroom.Guest(base)  # the quota said 413: another identity
        result.guests += 1
    result.seconds, result.refusals = time.monotonic() - start, refusals
    result.stored_bytes = stored() - before
    return result


def start_runs(guest: classroom.Guest, slug: str, deadline: float) -> tuple[int, int]:
    """Runs of the scenario until refused (storage quota, active runs, run starts per minute): each
    freezes a copy of it. The runs started, and the refusal's status (0: none, the time was up)."""
    started = 0
    while time.monotonic() < deadline:
        code = guest.call("POST", "/api/runs/", {"scenario": slug, "speed": 0})[0]
        if code != 201:
            return started, code
        started += 1
    return started, 0


def big_public_run(base: str, nodes: int, pods: int) -> tuple[str, int]:
    guest = classroom.Guest(base)
    docs = bench.burst_cluster(nodes, pods)
    code, scenario = guest.call("POST", "/api/scenarios/", {"title": "big", "visibility": "public", "objects": docs})
    assert code == 201, scenario
    code, run = guest.call("POST", "/api/runs/", {"scenario": scenario["slug"], "speed": 0})
    assert code == 201, run
    guest.call("GET", f"/api/runs/{run['id']}/wait/?timeout=120")
    return scenario["slug"], int(run["id"])


def read_expensive(base: str, slug: str, run_id: int, seconds: float, threads: int) -> Cpu:
    paths = [f"/api/scenarios/{slug}/export/", f"/k8s/runs/{run_id}/api/v1/pods",
             f"/k8s/runs/{run_id}/api/v1/pods?limit=50"]
    done = [0] * threads
    web0, worker0 = classroom.process_cpu(classroom.web_server, True), classroom.process_cpu(_celery, True)
    start = time.monotonic()

    def reader(k: int) -> None:
        while time.monotonic() - start < seconds:
            with urllib.request.urlopen(base + paths[done[k] % len(paths)], timeout=60) as response:
                response.read()
            done[k] += 1

    workers = [threading.Thread(target=reader, args=(k,)) for k in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    return Cpu(time.monotonic() - start, sum(done), classroom.process_cpu(classroom.web_server, True) - web0,
               classroom.process_cpu(_celery, True) - worker0)


def _celery(command: str) -> bool:
    return "celery" in command


def hold_streams(base: str, run_id: int, with_session: bool, attempts: int) -> tuple[int, list[int]]:
    """Kubernetes watches (long-polls count against the same cap) opened at once by one client, until
    refused: (held, status codes of the refused)."""
    import http.client
    from urllib.parse import urlsplit

    guest = classroom.Guest(base)
    if with_session:
        guest.call("POST", "/api/scenarios/", {"title": "me", "visibility": "private"})
    headers = {"Cookie": "; ".join(f"{c.name}={c.value}" for c in guest.jar)} if with_session else {}
    host = urlsplit(base)
    held: list[http.client.HTTPConnection] = []
    refused: list[int] = []
    for _ in range(attempts):
        conn = http.client.HTTPConnection(host.hostname or "127.0.0.1", host.port, timeout=60)
        conn.request("GET", f"/k8s/runs/{run_id}/api/v1/pods?watch=1&timeoutSeconds=60", headers=headers)
        response = conn.getresponse()
        if response.status == 200:
            held.append(conn)
        else:
            refused.append(response.status)
            conn.close()
    for conn in held:
        conn.close()
    return len(held), refused


def run_visitor(seconds: float, threads: int, nodes: int, pods: int) -> str:
    with bench.live_processes() as base:
        slug, run_id = big_public_run(base, nodes, pods)
        disk = fill_disk(base, seconds)
        cpu = read_expensive(base, slug, run_id, seconds, threads)
        by_session = hold_streams(base, run_id, True, settings.STREAMS_MAX_PER_CLIENT + 3)
        by_address = hold_streams(base, run_id, False, settings.STREAMS_MAX_PER_CLIENT + 3)
    return report(disk, cpu, by_session, by_address, nodes, pods, threads)


def report(disk: Disk, cpu: Cpu, by_session: tuple[int, list[int]], by_address: tuple[int, list[int]],
           nodes: int, pods: int, threads: int) -> str:
    per_min = 60 / max(disk.seconds, 1e-9)
    rates = settings.THROTTLE_RATES
    lines = [
        "| what | measured | bounded by |", "|---|---|---|",
        (f"| bytes stored per minute | {disk.stored_bytes * per_min / 2**20:,.1f} MiB ({disk.scenarios} scenarios, "
        f"{disk.runs} runs, {disk.guests} new guests in {disk.seconds:.0f} s; refusals {disk.refusals}) | "
        f"SCENARIO_QUOTA_BYTES_GUEST {settings.SCENARIO_QUOTA_BYTES_GUEST / 2**20:g} MiB per guest (scenarios and runs' "
        f"frozen documents) × THROTTLE_GUEST {rates['guest']} per address |"),
        (f"| CPU seconds per minute | web {cpu.web_cpu * 60 / cpu.seconds:.1f}, worker {cpu.worker_cpu * 60 / cpu.seconds:.1f}"
        f" ({cpu.requests} reads by {threads} clients in {cpu.seconds:.0f} s: export, pod list, chunks of 50; "
        f"{nodes} nodes, {pods} pods) | cached per scenario version and run version (k8sapi/lists.py); the "
        f"web server's processes (WEB_PROCESSES) |"),
        (f"| connections held (watches and long-polls) | {by_session[0]} with a session (then {by_session[1]}), "
        f"{by_address[0]} without (then {by_address[1]}) | STREAMS_MAX_PER_CLIENT {settings.STREAMS_MAX_PER_CLIENT} "
        f"per session, credential or address |"),
    ]
    return "\n".join(lines)
