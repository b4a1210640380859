"""`make run`: Redis, migrations and lessons, then the ASGI server and a Celery worker.

Both run in the foreground, each in its own process group. Ctrl-C (or SIGTERM/SIGHUP) stops
them, and a private Redis if one was started: SIGTERM first, SIGKILL after STOP_TIMEOUT seconds.
If either child dies, the other is stopped too and the exit code says so.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import FrameType

from scripts import processes, redis_local

ROOT = Path(__file__).resolve().parent.parent
RUN_DIR = Path(os.environ.get("PLAYGROUND_RUN_DIR", ROOT / ".run"))
STOP_TIMEOUT = float(os.environ.get("STOP_TIMEOUT", "10"))
HEALTHY_TIMEOUT = 60.0


class Stop(Exception):
    """A signal asked us to stop."""


def raise_stop(signum: int, frame: FrameType | None) -> None:
    raise Stop(signal.Signals(signum).name)


def say(message: str) -> None:
    print(f"[make run] {message}", flush=True)


def worker_commands() -> dict[str, tuple[list[str], dict[str, str]]]:
    """Two Celery workers, one per lane (docs/runs.md, "Two lanes"), each with one pool process per
    core (WORKER_PROCESSES overrides): each process runs an engine that drives any number of runs
    (playground/runs/engine.py), so a class of 60 fits on two. The bulk lane's processes (big
    scenarios) compute at the lowest CPU priority. Name: (command, extra environment)."""
    count = os.environ.get("WORKER_PROCESSES") or str(os.cpu_count() or 2)
    return {f"{lane} worker": (
        [sys.executable, "-m", "celery", "-A", "playground", "worker", "--loglevel", "INFO",
         "--concurrency", count, "--hostname", f"playground-{lane}-{os.getpid()}@%h"],
        {"RUNS_WORKER_LANES": lane}) for lane in ("interactive", "bulk")}


def browser_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}/"


def wait_until_healthy(url: str, children: dict[str, subprocess.Popen[bytes]], timeout: float) -> str:
    """Poll /healthz until the worker has joined too; the last failing report, or "" when healthy."""
    deadline = time.monotonic() + timeout
    report = "no answer"
    while time.monotonic() < deadline and all(proc.poll() is None for proc in children.values()):
        try:
            with urllib.request.urlopen(url, timeout=10):
                return ""
        except urllib.error.HTTPError as exc:  # 503: some component is failing (yet)
            report = exc.read().decode(errors="replace")
        except OSError as exc:
            report = str(exc)
        time.sleep(0.5)
    return report


def supervise(children: dict[str, subprocess.Popen[bytes]]) -> int:
    """Wait until a child exits (an error: they are meant to run until stopped)."""
    while True:
        for name, proc in children.items():
            if proc.poll() is not None:
                say(f"The {name} process exited with code {proc.returncode}; stopping the rest.")
                return 1
        time.sleep(0.3)


def start_all(host: str, port: int, children: dict[str, subprocess.Popen[bytes]]) -> int:
    try:
        listener = processes.listening_socket(host, port)
    except OSError as exc:
        say(f"Cannot listen on {host}:{port} ({exc.strerror}; another `make run`?). Stop it, or choose "
            f"another port: `PORT={port + 1} make run`.")
        return 1
    with listener:
        return start_children(host, listener, children)


def start_children(host: str, listener: socket.socket, children: dict[str, subprocess.Popen[bytes]]) -> int:
    port = int(listener.getsockname()[1])
    redis_url, private_redis = redis_local.ensure(os.environ.get("REDIS_URL", redis_local.DEFAULT_REDIS_URL), RUN_DIR)
    if private_redis is not None:
        children["redis"] = private_redis
    env = {**os.environ, "REDIS_URL": redis_url, "DJANGO_SETTINGS_MODULE": "playground.settings"}
    say("Applying migrations and loading the built-in lessons ...")
    if subprocess.run([sys.executable, "-m", "scripts.prepare"], check=False, cwd=ROOT, env=env).returncode != 0:
        say("Preparing the database failed (see above).")
        return 1
    children["web"] = processes.start(processes.asgi_server_command(listener.fileno()), env=env, cwd=ROOT,
                                      pass_fds=[listener.fileno()])
    listener.close()  # uvicorn has its own copy; ours would keep the port open should uvicorn die
    for name, (command, lane_env) in worker_commands().items():
        children[name] = processes.start(command, env={**env, **lane_env}, cwd=ROOT)
    url = browser_url(host, port)
    failing = wait_until_healthy(f"{url}healthz", children, timeout=HEALTHY_TIMEOUT)
    if failing:
        say(f"{url}healthz still reports a problem after {HEALTHY_TIMEOUT:g} s: {failing}")
    say(f"The playground is running at {url}  (health: {url}healthz, API docs: {url}api/docs/). "
        "Press Ctrl-C to stop.")
    return supervise(children)


def stop_children(children: dict[str, subprocess.Popen[bytes]]) -> None:
    # Web and worker first, together; a private Redis last, since the worker talks to it while stopping.
    apps = [proc for name, proc in children.items() if name != "redis"]
    try:
        processes.stop_all(apps, timeout=STOP_TIMEOUT)
        if "redis" in children:
            processes.stop(children["redis"], timeout=STOP_TIMEOUT)
    except Stop:
        say("Stopping now (SIGKILL).")
        processes.stop_all(list(children.values()), timeout=0)


def main() -> int:
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, raise_stop)
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))
    children: dict[str, subprocess.Popen[bytes]] = {}
    code = 1
    try:
        code = start_all(host, port, children)
    except Stop:
        say("Stopping ...")
        code = 0
    except redis_local.RedisUnavailable as exc:
        print(f"\n[make run] {exc}\n", file=sys.stderr, flush=True)
    finally:
        stop_children(children)
    if children:
        say("Stopped.")
    return code


if __name__ == "__main__":
    sys.exit(main())
