"""Runs for real: uvicorn + Channels on the Redis layer, a real Celery worker, the live database.

Every wait polls against a deadline; nothing sleeps and then asserts.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import requests
from websockets.sync.client import ClientConnection, connect

from playground import processes
from scheduler_core import Simulation

ROOT = Path(__file__).resolve().parents[2]


def node(name: str, cpu: str = "2") -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Node", "metadata": {"name": name},
            "status": {"allocatable": {"cpu": cpu, "memory": "8Gi", "pods": "110"}}}


def priority_class(name: str, value: int) -> dict[str, Any]:
    return {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name}, "value": value}


def pod(name: str, cpu: str, priority: str, node_name: str | None = None, grace: int | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"priorityClassName": priority,
                            "containers": [{"name": "c", "resources": {"requests": {"cpu": cpu}}}]}
    if node_name:
        spec["nodeName"] = node_name
    if grace is not None:
        spec["terminationGracePeriodSeconds"] = grace
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"}, "spec": spec}


def preemption_cluster(nodes: int = 1, grace: Callable[[int], int] = lambda i: 30) -> list[dict[str, Any]]:
    """Each node full of one low-priority pod; one high-priority pod per node must preempt it."""
    docs = [priority_class("low", 100), priority_class("high", 1000)]
    for i in range(nodes):
        docs += [node(f"node-{i}"), pod(f"victim-{i}", "1500m", "low", f"node-{i}", grace(i))]
    return docs + [pod(f"urgent-{i}", "1", "high") for i in range(nodes)]


class Api:
    """A browser-like client: the first write makes it a guest; CSRF header on every write."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = requests.Session()
        self.http.get(f"{base}/api/me", timeout=10).raise_for_status()

    def call(self, method: str, path: str, body: Any = None, expect: int | None = 200) -> Any:
        headers = {"X-CSRFToken": self.http.cookies.get("csrftoken", "")}
        response = self.http.request(method, f"{self.base}{path}", json=body, headers=headers, timeout=90)
        if expect is not None:
            assert response.status_code == expect, f"{method} {path}: {response.status_code} {response.text}"
        return response.json()

    def start(self, docs: list[dict[str, Any]], speed: float, seed: int = 1) -> dict[str, Any]:
        scenario = self.call("POST", "/api/scenarios/", {"title": "live", "objects": docs, "visibility": "unlisted",
                                                          "settings": {"seed": seed}}, expect=201)
        return self.call("POST", "/api/runs/", {"scenario": scenario["slug"], "speed": speed}, expect=201)

    def command(self, run_id: int, body: dict[str, Any]) -> Any:
        """200 when the worker applied it within 5 s, 202 when it is still queued (a busy machine)."""
        response = self.call("POST", f"/api/runs/{run_id}/commands/", body, expect=None)
        assert "command" in response and response["command"]["status"] in ("applied", "pending"), response
        return response

    def stored_events(self, run_id: int) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        while True:
            page = self.call("GET", f"/api/runs/{run_id}/events/?after={len(events)}")["events"]
            if not page:
                return events
            events += page

    def wait(self, run_id: int, timeout: int = 60) -> dict[str, Any]:
        body = self.call("GET", f"/api/runs/{run_id}/wait/?timeout={timeout}")
        assert body["settled"], body
        return body


class Viewer:
    def __init__(self, api: Api, run_id: int, after: int | None = None) -> None:
        query = "" if after is None else f"?after={after}"
        url = api.base.replace("http://", "ws://") + f"/ws/runs/{run_id}/{query}"
        cookie = "; ".join(f"{k}={v}" for k, v in api.http.cookies.items())
        self.connection = connect(url, origin=api.base, additional_headers={"Cookie": cookie},
                                  max_size=None, open_timeout=10)
        self.ws: ClientConnection = self.connection.__enter__()
        self.hello = json.loads(self.ws.recv(timeout=10))
        self.events: list[dict[str, Any]] = []
        self.statuses: list[dict[str, Any]] = []
        self.replies: list[dict[str, Any]] = []

    def read_until(self, done: Callable[[Viewer], bool], timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not done(self):
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"timed out; last status {self.statuses[-1:]}, {len(self.events)} events"
            message = json.loads(self.ws.recv(timeout=remaining))
            if message["type"] == "events":
                self.events += message["events"]
            elif message["type"] == "status":
                self.statuses.append(message["run"])
            else:
                self.replies.append(message)

    def settled(self) -> bool:
        last = self.statuses[-1] if self.statuses else self.hello["run"]
        return last["status"] == "finished" and bool(self.events) and self.events[-1]["seq"] == last["lastSeq"]

    def has(self, seq: int) -> Callable[[Viewer], bool]:
        return lambda v: bool(v.events) and v.events[-1]["seq"] >= seq

    def seqs(self) -> list[int]:
        return [e["seq"] for e in self.events]

    def close(self) -> None:
        self.connection.__exit__(None, None, None)


@pytest.fixture
def api(live_server_url: str, celery_worker_process: Any) -> Api:
    return Api(live_server_url)


@pytest.fixture
def viewers() -> Iterator[list[Viewer]]:
    opened: list[Viewer] = []
    yield opened
    for viewer in opened:
        viewer.close()


def expected_events(docs: list[dict[str, Any]], seed: int = 1) -> list[dict[str, Any]]:
    sim = Simulation.from_documents(docs, seed=seed)
    sim.run()
    return sim.events


def test_a_preemption_scenario_s_events_arrive_over_the_websocket_in_order(api: Api, viewers: list[Viewer]) -> None:
    docs = preemption_cluster(nodes=2)
    run = api.start(docs, speed=0)
    viewers.append(viewer := Viewer(api, run["id"]))
    assert (viewer.hello["type"], viewer.hello["protocol"]) == ("hello", 1)
    viewer.read_until(Viewer.settled)
    assert viewer.seqs() == list(range(1, len(viewer.events) + 1))
    assert viewer.events == expected_events(docs)  # exactly what scheduler_core emits, nothing else
    kinds = {e["kind"] for e in viewer.events}
    assert {"preemption.evaluated", "pod.terminating", "pod.deleted", "pod.bound"} <= kinds


def test_reconnecting_with_after_gives_exactly_the_missing_events(api: Api, viewers: list[Viewer]) -> None:
    docs = preemption_cluster(nodes=3, grace=lambda i: 1 + i)
    run = api.start(docs, speed=2)
    viewers.append(first := Viewer(api, run["id"]))
    first.read_until(first.has(5))
    first.close()
    seen = first.events
    viewers.append(second := Viewer(api, run["id"], after=seen[-1]["seq"]))
    second.read_until(Viewer.settled)
    assert [e["seq"] for e in seen + second.events] == list(range(1, len(seen) + len(second.events) + 1))
    assert seen + second.events == api.stored_events(run["id"])


def test_two_viewers_see_the_same_sequence(api: Api, viewers: list[Viewer]) -> None:
    run = api.start(preemption_cluster(nodes=2, grace=lambda i: 1), speed=1)
    viewers.extend([Viewer(api, run["id"]), Viewer(api, run["id"])])
    for viewer in viewers:
        viewer.read_until(Viewer.settled)
    assert viewers[0].events == viewers[1].events == api.stored_events(run["id"])


def test_pause_holds_the_run_step_runs_one_cycle_and_resume_finishes_it(api: Api, viewers: list[Viewer]) -> None:
    # The victim's 30 s graceful termination keeps the run busy; pause right after t=0.
    run = api.start(preemption_cluster(nodes=1), speed=1)
    viewers.append(viewer := Viewer(api, run["id"]))
    viewer.read_until(lambda v: any(e["kind"] == "pod.terminating" for e in v.events))
    api.command(run["id"], {"type": "pause"})
    assert api.wait(run["id"])["status"] == "paused"
    cycles = sum(e["kind"] == "cycle.finished" for e in api.stored_events(run["id"]))
    # Step over the socket: the 30 s timer fires at once (virtual time jumps), then one cycle binds.
    viewer.ws.send(json.dumps({"type": "command", "id": "s1", "command": {"type": "step"}}))
    viewer.read_until(lambda v: any(r.get("id") == "s1" for r in v.replies))
    assert viewer.replies[-1]["type"] == "command.result"
    state = api.wait(run["id"])
    events = api.stored_events(run["id"])
    assert sum(e["kind"] == "cycle.finished" for e in events) == cycles + 1
    assert state["status"] == "paused" and state["time"] == pytest.approx(30, abs=0.01)
    assert any(e["kind"] == "pod.bound" and e["pod"] == "default/urgent-0" for e in events)
    api.command(run["id"], {"type": "resume"})
    assert api.wait(run["id"])["status"] == "finished"


def test_a_watcher_s_command_over_the_socket_is_rejected(api: Api, live_server_url: str, viewers: list[Viewer]) -> None:
    run = api.start(preemption_cluster(nodes=1), speed=0)
    stranger = Api(live_server_url)
    stranger.call("GET", f"/api/scenarios/{run['scenario']}/")  # given the link: may watch, not steer
    viewers.append(viewer := Viewer(stranger, run["id"]))
    assert viewer.hello["run"]["canControl"] is False
    viewer.ws.send(json.dumps({"type": "command", "id": "x", "command": {"type": "stop"}}))
    viewer.read_until(lambda v: bool(v.replies))
    assert viewer.replies[0]["type"] == "error" and "only the owner" in viewer.replies[0]["message"]


def test_a_cluster_command_on_a_finished_run_resumes_it(api: Api, viewers: list[Viewer]) -> None:
    run = api.start(preemption_cluster(nodes=1), speed=0)
    api.wait(run["id"])
    added = api.command(run["id"], {"type": "add_pod", "yaml": "metadata:\n  name: late\nspec:\n  containers:\n"
                                    "  - name: c\n    resources:\n      requests:\n        cpu: 100m\n"})
    assert added["command"]["type"] == "add_pod"
    assert api.wait(run["id"])["status"] == "finished"
    events = api.stored_events(run["id"])
    assert any(e["kind"] == "pod.bound" and e["pod"] == "default/late" for e in events)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))


# ---- a worker killed mid-run ----


def lease_holder_pid(database_url: str, run_id: int) -> int | None:
    query = "SELECT lease_token FROM runs_run WHERE id = %s"
    with psycopg.connect(database_url) as conn:
        row = conn.execute(query, (run_id,)).fetchone()
    host, _, rest = (row[0] if row else "").partition(":")
    pid = rest.partition(":")[0]
    return int(pid) if host == socket.gethostname()[:30] and pid.isdigit() else None


def start_worker(live_env: dict[str, str], logs: Path, name: str) -> subprocess.Popen[bytes]:
    env = {**live_env, "RUNS_LEASE_SECONDS": "3", "RUNS_HEARTBEAT_SECONDS": "0.5", "RUNS_WATCHDOG_SECONDS": "1"}
    command = [sys.executable, "-m", "celery", "-A", "playground", "worker", "--loglevel", "INFO",
               "--hostname", f"{name}-{os.getpid()}@%h", "--concurrency", "1", "--without-gossip", "--without-mingle"]
    with (logs / f"{name}.log").open("wb") as log:
        return processes.start(command, env=env, cwd=ROOT, log=log)


def test_a_run_whose_worker_is_killed_is_resumed_by_another_without_lost_or_repeated_events(
        api: Api, live_env: dict[str, str], live_database_url: str, live_logs: Path, viewers: list[Viewer]) -> None:
    killable = start_worker(live_env, live_logs, "killable")
    replacement: subprocess.Popen[bytes] | None = None
    try:
        docs = preemption_cluster(nodes=4, grace=lambda i: 2 * (i + 1))  # victims go at t=2, 4, 6, 8
        run = api.start(docs, speed=1)
        viewers.append(viewer := Viewer(api, run["id"]))
        viewer.read_until(lambda v: any(e["kind"] == "pod.terminating" for e in v.events))
        pid = lease_holder_pid(live_database_url, run["id"])
        assert pid is not None
        if processes.group_alive(killable.pid) and os.getpgid(pid) == killable.pid:
            os.killpg(killable.pid, signal.SIGKILL)
        else:  # the session worker's pool process took it: kill that process
            os.kill(pid, signal.SIGKILL)
        replacement = start_worker(live_env, live_logs, "replacement")
        viewer.read_until(Viewer.settled, timeout=90)
        stored = api.stored_events(run["id"])
        assert [e["seq"] for e in stored] == list(range(1, len(stored) + 1))
        assert stored == expected_events(docs)
        assert viewer.events == stored
        assert lease_holder_pid(live_database_url, run["id"]) != pid
    finally:
        for worker in (killable, replacement):
            if worker is not None:
                processes.stop(worker)
