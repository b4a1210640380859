"""A class on several hosts (docs/deploy.md, "Several hosts"), each host a network namespace of its own.

A services host (its own PostgreSQL and Redis on TCP), two web hosts (`python -m scripts.host web`)
behind haproxy in a namespace of its own, two worker hosts (`python -m scripts.host worker`), all
joined by a bridge the test makes on a 10.201.N.0/24 that exists only on this machine; the
guests (this process) reach the load balancer through the bridge. Guests start lesson runs,
watch them over WebSockets that land on either web host, and send commands. Then a worker host
is killed whole (SIGKILL to every process in its namespace): its runs go on on the other, and
every stored log equals a replay of its scenario, seed and recorded command log. Then a web host
is killed whole: its viewers reconnect through the load balancer with ?after= and miss nothing.

Every wait polls against a deadline; nothing sleeps and then asserts.
"""
from __future__ import annotations

import functools
import ipaddress
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect
from websockets.typing import Origin

from playground import processes
from playground.lessons.tooling import load_lessons
from playground.runs import replay
from playground.runs.models import RunCommand
from scripts import postgres_local
from tests.integration.test_reach_live import ip, must
from tests.integration.test_runs_engine_live import poll
from tests.integration.test_runs_live import Api, lease_holder_pid
from tests.live import ROOT, tail

pytestmark = pytest.mark.integration

# The benchmark (docs/benchmarks.md, "Several hosts"): MANY_HOSTS_GUESTS=200 and runs that last longer.
GUESTS = int(os.environ.get("MANY_HOSTS_GUESTS", "20"))
SLOWER = float(os.environ.get("MANY_HOSTS_SLOWER", "1"))
# (lesson number, speed): each run lasts about 40 wall seconds (× SLOWER), past both kills.
# 11 = picking-the-node (commands until t=160), 13 = the-preemption-cascade.
LESSONS = [(11, 5.0 / SLOWER), (14, 2.5 / SLOWER)]
SHORT_LEASE = {"RUNS_LEASE_SECONDS": "3", "RUNS_HEARTBEAT_SECONDS": "0.5", "RUNS_WATCHDOG_SECONDS": "1"}
HOSTS = {"services": 10, "web1": 21, "web2": 22, "lb": 30, "worker1": 41, "worker2": 42, "worker3": 43}


def free_subnet() -> ipaddress.IPv4Network:
    """10.201.0.0/24 unless another run of this test holds it (test_reach_live uses 10.200.N.0/30)."""
    taken = ip("-4", "-o", "addr").stdout
    for third in [0, *range(1, 250)]:
        if f" 10.201.{third}." not in taken:
            return ipaddress.IPv4Network(f"10.201.{third}.0/24")
    pytest.skip("every 10.201.N.0/24 is in use on this machine")


@dataclass
class Network:
    """The bridge, this machine's address on it, and one namespace per host."""

    tag: str
    subnet: ipaddress.IPv4Network
    namespaces: dict[str, str] = field(default_factory=dict)

    @property
    def bridge(self) -> str:
        return f"mhb{self.tag}"

    def address(self, host: str) -> str:
        return str(self.subnet.network_address + HOSTS.get(host, 1))

    def add_host(self, host: str) -> str:
        name = f"pgmh{self.tag}{host}"
        must(ip("netns", "add", name))
        self.namespaces[host] = name
        veth = f"mh{self.tag}{len(self.namespaces)}"
        must(ip("link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", name))
        must(ip("link", "set", veth, "master", self.bridge, "up"))
        must(ip("-n", name, "addr", "add", f"{self.address(host)}/{self.subnet.prefixlen}", "dev", "eth0"))
        must(ip("-n", name, "link", "set", "eth0", "up"))
        must(ip("-n", name, "link", "set", "lo", "up"))
        return name

    def pids(self, host: str) -> set[int]:
        return {int(pid) for pid in ip("netns", "pids", self.namespaces[host]).stdout.split()}

    def kill_host(self, host: str) -> None:
        """The host's power cord: SIGKILL to every process in its namespace, until none is left."""
        deadline = time.monotonic() + 10
        while (pids := self.pids(host)) and time.monotonic() < deadline:
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.05)
        assert not self.pids(host), f"processes left in {host}"

    def remove(self) -> None:
        for host in list(self.namespaces):
            self.kill_host(host)
            ip("netns", "del", self.namespaces.pop(host))  # takes its veth pair with it
        ip("link", "del", self.bridge)


@pytest.fixture
def network() -> Iterator[Network]:
    tag = str(os.getpid())[-6:]
    probe = f"pgmh{tag}probe"
    made = ip("netns", "add", probe)
    if made.returncode != 0:
        reason = f"network namespaces cannot be made here (`ip netns add`: {made.stderr.strip()})"
        print(reason, file=sys.stderr)
        pytest.skip(reason)
    ip("netns", "del", probe)
    for tool in ("haproxy", "redis-server"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed (.ci/run installs it: apt-get install {tool})", pytrace=False)
    net = Network(tag, free_subnet())
    try:
        must(ip("link", "add", net.bridge, "type", "bridge"))
        must(ip("addr", "add", f"{net.address('guests')}/{net.subnet.prefixlen}", "dev", net.bridge))
        must(ip("link", "set", net.bridge, "up"))
        for host in HOSTS:
            net.add_host(host)
        yield net
    finally:
        net.remove()


# ---- the hosts ----


@dataclass
class Class:
    net: Network
    database_url: str
    lb_url: str
    env: dict[str, str]
    logs: Path
    started: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self, host: str, name: str, command: list[str], env: dict[str, str] | None = None,
              **kwargs: Any) -> subprocess.Popen[bytes]:
        with (self.logs / f"{name}.log").open("ab") as log:
            proc = processes.start(["ip", "netns", "exec", self.net.namespaces[host], *command],
                                   env=env if env is not None else self.env, cwd=ROOT, log=log, **kwargs)
        self.started.append(proc)
        return proc

    def start_worker(self, host: str) -> subprocess.Popen[bytes]:
        return self.start(host, host, [sys.executable, "-m", "scripts.host", "worker"])

    def cpu_seconds(self, host: str) -> float:
        """CPU time used so far by the processes in the host's namespace and their reaped children
        (/proc/<pid>/stat: PostgreSQL's backends end with their connections)."""
        ticks = 0
        for pid in self.net.pids(host):
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            ticks += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
        return ticks / os.sysconf("SC_CLK_TCK")


def start_postgres(net: Network, folder: Path, logs: Path) -> tuple[subprocess.Popen[bytes], str]:
    """make run's PostgreSQL binaries (scripts/postgres_local.py), listening on the services host's address."""
    data, sockets, log = folder / "data", folder / "socket", logs / "postgres.log"
    user = postgres_local.server_user()
    binaries = postgres_local.find_binaries(data)
    postgres_local.give_to(user, data, sockets)
    postgres_local.initdb(binaries, data, user, log)
    with (data / "pg_hba.conf").open("a") as hba:
        hba.write(f"host all all {net.subnet} trust\n")
    as_user = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups"] if user is not None else []
    command = ["ip", "netns", "exec", net.namespaces["services"], *as_user, str(binaries.folder / "postgres"),
               "-D", str(data), "-k", str(sockets), "-p", "5432", "-c", f"listen_addresses={net.address('services')}",
               "-c", "max_connections=300", "-c", "fsync=off"]
    with log.open("ab") as out:
        proc = processes.start(command, cwd=folder, log=out, stop_signal=signal.SIGINT)
    server = f"postgresql://postgres@{net.address('services')}:5432"
    postgres_local.wait_ready(proc, f"{server}/postgres", log)
    postgres_local.create_database(f"{server}/postgres", "playground")
    return proc, f"{server}/playground"


def haproxy_config(net: Network, webs: list[str]) -> str:
    """Round robin over the web hosts, WebSocket upgrades passed through (a tunnel once upgraded).
    A connection a web host refuses is retried on the other (redispatch), and a host refusing
    three checks in a row is taken out. The check is the port, not /healthz: /healthz answers 503
    while no worker answers, which would take every web host out at once."""
    lb = net.address("lb")
    servers = "\n".join(f"  server {w} {net.address(w)}:8000 check inter 1s fall 3 rise 2" for w in webs)
    return f"""global
  maxconn 4000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  option redispatch 1
  retries 3
frontend class
  bind {lb}:80
  option forwardfor
  default_backend web
backend web
  balance roundrobin
  http-response set-header X-Web-Host %s
{servers}
"""


@pytest.fixture
def services_dir() -> Iterator[Path]:
    """Outside pytest's /tmp/pytest-of-root, which each new pytest session makes 0700 again: the
    PostgreSQL server's unprivileged user must keep reaching its data."""
    folder = Path(tempfile.mkdtemp(prefix="playground-many-hosts-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def a_class(network: Network, services_dir: Path, tmp_path: Path, live_logs: Path) -> Iterator[Class]:
    logs = live_logs / "many-hosts"
    logs.mkdir(exist_ok=True)
    postgres, database_url = start_postgres(network, services_dir, logs)
    lb_url = f"http://{network.address('lb')}"
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL", "HOST", "PORT")}
    env |= {"DATABASE_URL": database_url, "REDIS_URL": f"redis://{network.address('services')}:6379/0",
            "PUBLIC_URL": lb_url, "SECRET_KEY": f"many-hosts-{os.getpid()}", "PLAYGROUND_NAMESPACE": "class",
            "FORWARDED_ALLOW_IPS": network.address("lb"), "PLAYGROUND_RUN_DIR": str(tmp_path / "run"),
            "DJANGO_SETTINGS_MODULE": "playground.settings", "PYTHONUNBUFFERED": "1", "PREPARE_VERBOSITY": "0",
            "WEB_PROCESSES": "1", "WORKER_PROCESSES": "1", **SHORT_LEASE}
    cls = Class(network, database_url, lb_url, env, logs, [postgres])
    try:
        cls.start("services", "redis", ["redis-server", "--bind", network.address("services"), "--port", "6379",
                                        "--save", "", "--appendonly", "no", "--protected-mode", "no"])
        prepare = cls.start("web1", "prepare", [sys.executable, "-m", "scripts.prepare"])
        assert prepare.wait(timeout=90) == 0, tail(logs / "prepare.log")
        for web in ("web1", "web2"):
            cls.start(web, web, [sys.executable, "-m", "scripts.host", "web"],
                      {**env, "HOST": network.address(web), "PORT": "8000"})
        for worker in ("worker1", "worker2"):
            cls.start_worker(worker)
        for web in ("web1", "web2"):
            url = f"http://{network.address(web)}:8000/healthz"
            assert processes.wait_for_http(url, cls.started[-1], timeout=90), tail(logs / f"{web}.log")
        config = tmp_path / "haproxy.cfg"
        config.write_text(haproxy_config(network, ["web1", "web2"]))
        haproxy = cls.start("lb", "haproxy", ["haproxy", "-db", "-f", str(config)])
        assert processes.wait_for_http(f"{lb_url}/healthz", haproxy, timeout=30), tail(logs / "haproxy.log")
        yield cls
    finally:
        processes.stop_all([p for p in cls.started if p.poll() is None], timeout=10)


# ---- guests and viewers ----


class Watcher(threading.Thread):
    """A guest's WebSocket on its run, through the load balancer; when the socket drops it
    reconnects with ?after=<the last seq it got>, as the browser app does, until the run is over."""

    def __init__(self, api: Api, run_id: int, deadline: float) -> None:
        super().__init__(daemon=True)
        self.api, self.run_id, self.deadline = api, run_id, deadline
        self.events: list[dict[str, Any]] = []
        self.hosts: list[str] = []  # the web host each connection landed on, in order
        self.error = ""
        self.done = False

    @property
    def last_seq(self) -> int:
        return self.events[-1]["seq"] if self.events else 0

    def run(self) -> None:
        try:
            while not self.done and time.monotonic() < self.deadline:
                try:
                    self.watch_once()
                except (WebSocketException, OSError):  # dropped, refused, or the 503 of a moment without web hosts
                    time.sleep(0.2)
        except (ValueError, KeyError) as exc:  # a message not in the protocol: reported by the test
            self.error = repr(exc)

    def watch_once(self) -> None:
        url = self.api.base.replace("http://", "ws://") + f"/ws/runs/{self.run_id}/?after={self.last_seq}"
        cookie = "; ".join(f"{k}={v}" for k, v in self.api.http.cookies.items())
        with connect(url, origin=Origin(self.api.base), additional_headers={"Cookie": cookie}, max_size=None,
                     open_timeout=10) as ws:
            self.hosts.append(ws.response.headers.get("X-Web-Host", "?") if ws.response else "?")
            status = json.loads(ws.recv(timeout=10))["run"]
            while not (status["status"] == "finished" and self.last_seq == status["lastSeq"]):
                message = json.loads(ws.recv(timeout=max(0.1, self.deadline - time.monotonic())))
                if message["type"] == "events":
                    self.events += message["events"]
                elif message["type"] == "status":
                    status = message["run"]
            self.done = True


@functools.cache
def lesson_slug(number: int) -> str:
    return next(lesson.slug for lesson in load_lessons() if lesson.number == number)


def start_lesson_run(api: Api, number: int, speed: float) -> dict[str, Any]:
    slug = lesson_slug(number)
    detail = api.call("GET", f"/api/lessons/{slug}/")
    return dict(api.call("POST", "/api/runs/", {"scenario": detail["scenario"], "lesson": slug, "speed": speed,
                                                 "paused": False}, expect=201))


def tiny_pod(name: str) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"},
            "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "10m"}}}]}}


def loads(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def replayed(database_url: str, run_id: int) -> list[dict[str, Any]]:
    """The run's log recomputed from its frozen scenario, seed and recorded command log, as a worker
    rebuilding it does (playground/runs/selectors.recorded_commands, replay.Cursor.replay)."""
    with psycopg.connect(database_url) as conn:
        documents, run_settings, seed, timed, last_seq = conn.execute(
            "SELECT documents, settings, seed, timed_commands, last_seq FROM runs_run WHERE id = %s",
            (run_id,)).fetchone() or pytest.fail(f"run {run_id} is not stored")
        rows = conn.execute("SELECT tick, time, payload, type FROM runs_runcommand WHERE run_id = %s AND "
                            "status = 'applied' ORDER BY seq", (run_id,)).fetchall()
    commands = [(tick or 0, t or 0.0, loads(payload)) for tick, t, payload, kind in rows if kind in RunCommand.CLUSTER]
    cursor = replay.Cursor(replay.build(loads(documents), loads(run_settings), seed, loads(timed)))
    for _ in cursor.replay(commands, last_seq):
        pass
    return cursor.sim.events[:last_seq]


def finished(api: Api, run_id: int, deadline: float) -> bool:
    """Long polls shorter than the load balancer's 60 s server timeout."""
    while time.monotonic() < deadline:
        body = api.call("GET", f"/api/runs/{run_id}/wait/?timeout={min(50, max(1, int(deadline - time.monotonic())))}")
        if body["settled"]:
            assert body["status"] == "finished", body
            return True
    return False


def holders_by_host(cls: Class, run_ids: list[int], hosts: list[str]) -> dict[int, str]:
    pids = {host: cls.net.pids(host) for host in hosts}
    held = {run_id: lease_holder_pid(cls.database_url, run_id) for run_id in run_ids}
    return {run_id: next((h for h, p in pids.items() if pid in p), "") for run_id, pid in held.items()}


def guest_starts_a_run(cls: Class, i: int) -> tuple[Api, int, float]:
    began = time.monotonic()
    api = Api(cls.lb_url)
    run = start_lesson_run(api, *LESSONS[i % len(LESSONS)])
    return api, run["id"], time.monotonic() - began


def figure(name: str, seconds: float) -> None:
    print(f"[many hosts, {GUESTS} guests] {name}: {seconds:.1f} s", flush=True)


def test_a_class_on_two_web_and_two_worker_hosts_survives_losing_one_of_each(a_class: Class) -> None:
    cls = a_class
    apps = ["web1", "web2", "worker1", "worker2", "services"]
    booted = {host: cls.cpu_seconds(host) for host in apps}
    used: dict[str, float] = {}  # CPU seconds each host spent on the class
    lesson_slug.cache_clear()
    for number, _ in LESSONS:
        lesson_slug(number)  # read once, not by every guest thread
    began = time.monotonic()
    with ThreadPoolExecutor(max_workers=10) as pool:  # guests arrive together, as a class does
        started = list(pool.map(lambda i: guest_starts_a_run(cls, i), range(GUESTS)))
    figure("every guest made and started a lesson run", time.monotonic() - began)
    figure("slowest guest (guest account + lesson + run start)", max(s for _, _, s in started))
    guests, ids = [api for api, _, _ in started], [run_id for _, run_id, _ in started]
    deadline = time.monotonic() + 90 * SLOWER
    watchers = [Watcher(api, run_id, deadline) for api, run_id in zip(guests, ids, strict=True)]
    for watcher in watchers:
        watcher.start()
    poll(lambda: all(w.hosts for w in watchers), 30, "every viewer's socket to open")
    assert {w.hosts[0] for w in watchers} == {"web1", "web2"}  # the sockets land on either web host
    for i, (api, run_id) in enumerate(zip(guests, ids, strict=True)):
        api.command(run_id, {"type": "add_pod", "manifest": tiny_pod(f"guest-{i}")})

    workers = ["worker1", "worker2"]
    holders = poll(lambda: (h := holders_by_host(cls, ids, workers)) and all(h.values()) and h, 60 * SLOWER,
                   "every run to be held by a worker host")
    assert set(holders.values()) == set(workers), holders  # the class is spread over both
    used["worker1"] = cls.cpu_seconds("worker1") - booted["worker1"]
    cls.net.kill_host("worker1")
    killed = time.monotonic()
    moved = [run_id for run_id, host in holders.items() if host == "worker1"]
    poll(lambda: all(holders_by_host(cls, moved, ["worker2"]).values()), 30 * SLOWER, "worker2 to take worker1's runs")
    figure(f"worker2 holds the {len(moved)} runs of the killed worker1", time.monotonic() - killed)
    cls.start_worker("worker3")  # a host added mid-class: it boots while the class goes on

    by_host = {web: [w for w in watchers if w.hosts[-1] == web and not w.done] for web in ("web1", "web2")}
    doomed = max(by_host, key=lambda web: len(by_host[web]))
    cut_off = by_host[doomed]
    assert cut_off, "every run finished before the web host was killed"
    used[doomed] = cls.cpu_seconds(doomed) - booted[doomed]
    cls.net.kill_host(doomed)
    killed = time.monotonic()
    poll(lambda: all(len(w.hosts) >= 2 or w.done for w in cut_off), 30 * SLOWER, "the cut-off viewers to reconnect")
    figure(f"the {len(cut_off)} viewers of the killed {doomed} reconnected", time.monotonic() - killed)

    for api, run_id in zip(guests, ids, strict=True):
        assert finished(api, run_id, time.monotonic() + 60 * SLOWER), f"run {run_id} did not finish"
    used |= {host: cls.cpu_seconds(host) - booted[host] for host in apps if host not in used}
    for watcher in watchers:
        watcher.join(timeout=max(1.0, deadline - time.monotonic()))
    for api, run_id, watcher in zip(guests, ids, watchers, strict=True):
        stored = api.stored_events(run_id)
        assert [e["seq"] for e in stored] == list(range(1, len(stored) + 1))
        assert stored == replayed(cls.database_url, run_id), f"run {run_id}"
        assert (watcher.done, watcher.error) == (True, ""), f"run {run_id}: {watcher.error}"
        assert watcher.events == stored, f"run {run_id}: the viewer missed or doubled events"
    for watcher in cut_off:  # reconnected through the load balancer to the web host left
        assert watcher.hosts[-1] != doomed and len(watcher.hosts) >= 2, watcher.hosts
    sizing(used, [api.stored_events(run_id)[-1]["t"] / api.call("GET", f"/api/runs/{run_id}/")["speed"]
                  for api, run_id in zip(guests, ids, strict=True)])

    # The worker host added mid-class takes new runs: started one after another, one lands on it.
    for i, api in enumerate(guests[:10]):
        run_id = start_lesson_run(api, *LESSONS[i % len(LESSONS)])["id"]
        host = poll(lambda new=run_id: holders_by_host(cls, [new], ["worker2", "worker3"])[new], 60, "a worker to take it")
        api.command(run_id, {"type": "stop"})
        if host == "worker3":
            break
    else:
        pytest.fail("worker3, added mid-class, took none of 10 new runs")


def sizing(used: dict[str, float], run_seconds: list[float]) -> None:
    """CPU per running student run and per follower, from what the class cost each kind of host
    (kills, takeovers and reconnections included: an upper bound)."""
    busy = sum(run_seconds)  # run-seconds: each run watched by one viewer all along
    worker = sum(v for h, v in used.items() if h.startswith("worker")) / busy
    web = sum(v for h, v in used.items() if h.startswith("web")) / busy
    services = used["services"] / busy
    print(f"[many hosts, {GUESTS} guests] CPU used: " + ", ".join(f"{h} {v:.1f} s" for h, v in sorted(used.items()))
          + f"; {busy:.0f} run-seconds: a running run {worker:.4f} of a worker core ({1 / worker:.0f} per core), "
          f"a follower {web:.4f} of a web core ({1 / web:.0f} per core), a student {services:.4f} of a services "
          f"core ({1 / services:.0f} per core)", flush=True)
