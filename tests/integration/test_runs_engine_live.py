"""The engine for real: many runs per Celery worker process, settled and paused runs that cost no
capacity, a worker process killed under several runs, and rebuilds longer than the lease.

Every wait polls against a deadline; nothing sleeps and then asserts a duration.
"""
from __future__ import annotations

import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from playground import processes
from tests.integration.test_runs_live import (
    Api,
    expected_events,
    lease_holder_pid,
    node,
    pod,
    preemption_cluster,
)
from tests.live import STARTUP_TIMEOUT, WorkerProcess, start_logged, tail, wait_until_ready

ROOT = Path(__file__).resolve().parents[2]


def poll(check: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")


def run_json(api: Api, run_id: int) -> dict[str, Any]:
    return api.call("GET", f"/api/runs/{run_id}/")


def start(api: Api, docs: list[dict[str, Any]], speed: float, **extra: Any) -> dict[str, Any]:
    scenario = api.call("POST", "/api/scenarios/", {"title": "live", "objects": docs, "visibility": "unlisted",
                                                     "settings": {"seed": 1}}, expect=201)
    return api.call("POST", "/api/runs/", {"scenario": scenario["slug"], "speed": speed, **extra}, expect=201)


def contiguous(events: list[dict[str, Any]]) -> bool:
    return [e["seq"] for e in events] == list(range(1, len(events) + 1))


# ---- capacity: runs that wait cost nothing ----


def test_a_never_settling_run_ten_paused_and_ten_settled_runs_do_not_reduce_how_many_runs_can_start(
        live_server_url: str, celery_worker_process: WorkerProcess) -> None:
    def guest() -> Api:
        return Api(live_server_url)

    never = start(guest(), preemption_cluster(nodes=1, grace=lambda i: 3600), speed=1)  # an hour of termination
    paused = [start(guest(), preemption_cluster(nodes=1), speed=1, paused=True) for _ in range(10)]
    settled = [start(guest(), [node("small", cpu="1"), pod("too-big", "8", "low"),
                               {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass",
                                "metadata": {"name": "low"}, "value": 100}], speed=1) for _ in range(10)]
    api = guest()  # the watcher: it was given each scenario's link (runs of unlisted scenarios need it)
    for run in [never, *paused, *settled]:
        api.call("GET", f"/api/scenarios/{run['scenario']}/")
    waiting = {r["id"]: s for s, runs in (("paused", paused), ("settled", settled)) for r in runs}
    poll(lambda: all(run_json(api, i)["status"] == s for i, s in waiting.items()), 90, "paused and settled runs")
    assert run_json(api, settled[0]["id"])["reason"] == "waiting for a change"
    fresh = [(student, start(student, preemption_cluster(nodes=1, grace=lambda i: 2), speed=1))
             for student in (guest() for _ in range(6))]
    for student, run in fresh:  # 6 more than the 2 pool processes: every one runs to its end
        assert student.wait(run["id"], timeout=90)["status"] == "finished"
    assert run_json(api, never["id"])["status"] == "running"
    assert all(run_json(api, i)["status"] == s for i, s in waiting.items())


# ---- a worker process killed under several runs ----


def lease_holders(database_url: str, run_ids: list[int]) -> dict[int, int | None]:
    return {run_id: lease_holder_pid(database_url, run_id) for run_id in run_ids}


def start_worker(live_env: dict[str, str], logs: Path, name: str, **env: str) -> WorkerProcess:
    hostname = f"{name}-{os.getpid()}@localhost"
    command = [sys.executable, "-m", "celery", "-A", "playground", "worker", "--loglevel", "INFO", "--hostname",
               hostname, "--concurrency", "1", "--without-gossip", "--without-mingle"]
    process = start_logged(name, command, {**live_env, **env}, logs)
    worker = WorkerProcess(hostname, process, logs / f"{name}.log", live_env["REDIS_URL"])
    if not wait_until_ready(worker, STARTUP_TIMEOUT):
        processes.stop(process)
        pytest.fail(f"worker {name} did not start:\n{tail(worker.log_path)}", pytrace=False)
    return worker


def test_killing_a_worker_process_that_drives_several_runs_loses_and_repeats_no_event_of_any(
        live_server_url: str, celery_worker_process: WorkerProcess, live_env: dict[str, str],
        live_database_url: str, live_logs: Path) -> None:
    short = {"RUNS_LEASE_SECONDS": "3", "RUNS_HEARTBEAT_SECONDS": "0.5", "RUNS_WATCHDOG_SECONDS": "1"}
    extra = start_worker(live_env, live_logs, "several", **short)
    try:
        docs = preemption_cluster(nodes=4, grace=lambda i: 3 * (i + 1))  # victims go at t=3, 6, 9, 12
        students = [Api(live_server_url) for _ in range(8)]
        runs = [start(student, docs, speed=1) for student in students]
        ids = [r["id"] for r in runs]
        holders = poll(lambda: (h := lease_holders(live_database_url, ids)) and all(h.values()) and h,
                       60, "every run to be held by a worker")
        pid, count = Counter(holders.values()).most_common(1)[0]
        assert count >= 2, holders  # 8 runs on 3 pool processes
        os.kill(pid, signal.SIGKILL)
        victims = [run_id for run_id, holder in holders.items() if holder == pid]
        for run_id in victims:
            student = students[ids.index(run_id)]
            assert student.wait(run_id, timeout=120)["status"] == "finished"
            stored = student.stored_events(run_id)
            assert contiguous(stored) and stored == expected_events(docs)
            assert lease_holder_pid(live_database_url, run_id) != pid
    finally:
        processes.stop(extra.process)


# ---- rebuilds longer than the lease ----


@pytest.fixture(scope="module")
def short_lease_server(live_env: dict[str, str], live_logs: Path) -> Iterator[str]:
    """Its own uvicorn and worker in a namespace of their own (so the session worker takes none of
    their runs), with a 1 s lease and a 1 s idle release: a paused or finished run leaves memory at
    once and a command must rebuild it, which takes longer than the lease."""
    env = {**live_env, "PLAYGROUND_NAMESPACE": f"short-lease-{os.getpid()}", "RUNS_LEASE_SECONDS": "1",
           "RUNS_HEARTBEAT_SECONDS": "0.3", "RUNS_WATCHDOG_SECONDS": "1", "RUNS_IDLE_RELEASE_SECONDS": "1"}
    with processes.listening_socket("127.0.0.1", 0) as listener:
        port = listener.getsockname()[1]
        server = start_logged("short-lease-uvicorn", processes.asgi_server_command(listener.fileno()), env,
                              live_logs, pass_fds=[listener.fileno()])
    worker = start_worker(env, live_logs, "short-lease-worker")
    url = f"http://127.0.0.1:{port}"
    try:
        assert processes.wait_for_http(f"{url}/healthz", server, timeout=STARTUP_TIMEOUT)
        yield url
    finally:
        processes.stop_all([worker.process, server])


def lease_token(database_url: str, run_id: int) -> str:
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT lease_token FROM runs_run WHERE id = %s", (run_id,)).fetchone()
    return str(row[0]) if row else ""


def big_cluster(nodes: int, pods: int) -> list[dict[str, Any]]:
    return [node(f"node-{i}", cpu="4") for i in range(nodes)] + [
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p-{i}", "namespace": "default"},
         "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "250m"}}}]}} for i in range(pods)]


def test_a_big_run_rebuilt_after_a_pause_and_after_it_finished_keeps_its_log_intact(
        short_lease_server: str, live_database_url: str) -> None:
    api = Api(short_lease_server)
    docs = big_cluster(300, 2000)
    run = start(api, docs, speed=0)
    poll(lambda: run_json(api, run["id"])["lastSeq"] >= 4000, 120, "4,000 events")
    api.command(run["id"], {"type": "pause"})
    paused = api.wait(run["id"], timeout=60)
    assert paused["status"] == "paused"
    poll(lambda: lease_token(live_database_url, run["id"]) == "", 30, "the idle run to leave memory")
    time.sleep(1.5)  # past the lease, too
    api.command(run["id"], {"type": "resume"})  # rebuilds ~{paused lastSeq} events: longer than the 1 s lease
    assert api.wait(run["id"], timeout=180)["status"] == "finished"
    stored = api.stored_events(run["id"])
    assert contiguous(stored) and stored == expected_events(docs)

    poll(lambda: lease_token(live_database_url, run["id"]) == "", 30, "the finished run to leave memory")
    deleted = api.command(run["id"], {"type": "delete_pod", "pod": "p-7"})
    assert deleted["command"]["type"] == "delete_pod"
    final = api.wait(run["id"], timeout=180)
    assert final["status"] == "finished" and final["reason"] == "quiescent"
    after = api.stored_events(run["id"])
    assert contiguous(after) and after[: len(stored)] == stored
    assert any(e["kind"] == "pod.deleted" and e["pod"] == "default/p-7" for e in after[len(stored):])


# ---- make run's two lanes, each worker taking only its own ----


def parent_pid(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads parent processes from /proc")
def test_make_runs_two_workers_each_take_only_their_own_lanes_runs(
        live_env: dict[str, str], live_logs: Path, live_database_url: str) -> None:
    """The workers `make run` starts (scripts.run.worker_commands), with its web server, in a
    namespace of their own: lesson-sized runs are driven by the interactive worker's pool
    processes, big ones (here 25 objects and more) by the bulk worker's, which compute at nice 19."""
    import socket

    from scripts import run as make_run

    env = {**live_env, "PLAYGROUND_NAMESPACE": f"lanes-{os.getpid()}", "RUNS_BULK_MIN_OBJECTS": "25"}
    with processes.listening_socket("127.0.0.1", 0) as listener:
        port = listener.getsockname()[1]
        server = start_logged("lanes-uvicorn", processes.asgi_server_command(listener.fileno()), env, live_logs,
                              pass_fds=[listener.fileno()])
    workers: dict[str, WorkerProcess] = {}
    lanes: dict[int, str] = {}
    try:
        for command, lane_env in make_run.worker_commands().values():
            lane = lane_env["RUNS_WORKER_LANES"]
            process = start_logged(f"lanes-{lane}", command, {**env, **lane_env}, live_logs)
            hostname = command[command.index("--hostname") + 1].replace("%h", socket.gethostname())
            workers[lane] = WorkerProcess(hostname, process, live_logs / f"lanes-{lane}.log", env["REDIS_URL"])
        for lane, worker in workers.items():
            assert wait_until_ready(worker, STARTUP_TIMEOUT), f"the {lane} worker:\n{tail(worker.log_path)}"
        url = f"http://127.0.0.1:{port}"
        assert processes.wait_for_http(f"{url}/healthz", server, timeout=STARTUP_TIMEOUT)
        small = [start(Api(url), preemption_cluster(nodes=1), speed=1, paused=True) for _ in range(4)]
        big = [start(Api(url), big_cluster(nodes=5, pods=20), speed=1, paused=True) for _ in range(2)]
        lanes.update({r["id"]: "interactive" for r in small} | {r["id"]: "bulk" for r in big})
        holders = poll(lambda: (h := lease_holders(live_database_url, list(lanes))) and all(h.values()) and h,
                       60, "every run to be held by a worker")
        for run_id, lane in lanes.items():
            pid = holders[run_id]
            assert pid is not None and parent_pid(pid) == workers[lane].process.pid, (run_id, lane, holders)
            assert os.getpriority(os.PRIO_PROCESS, pid) == (19 if lane == "bulk" else 0)
    finally:
        processes.stop_all([*(w.process for w in workers.values()), server])
        if lanes:
            with psycopg.connect(live_database_url) as conn:  # over: the session's worker leaves them alone
                conn.execute("UPDATE runs_run SET status = 'finished', reason = 'stopped', lease_token = '', "
                             "lease_expires_at = NULL WHERE id = ANY(%s)", (list(lanes),))
