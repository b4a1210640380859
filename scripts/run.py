"""`make run`: Redis and PostgreSQL, migrations and lessons, then the ASGI server, the Celery workers and beat.

Each runs in its own process group. Ctrl-C (or SIGTERM/SIGHUP) stops them, then the private
Redis and PostgreSQL if they were started: each its stop signal first, SIGKILL after STOP_TIMEOUT
seconds. The stop always completes: signals that arrive meanwhile never interrupt it (a second
Ctrl-C only kills the web server and workers at once). If a child dies, the rest are stopped too
and the exit code says so.
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
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from playground import addresses, local_postgres, processes
from playground.processes import worker_commands
from scripts import postgres_local, redis_local

ROOT = Path(__file__).resolve().parent.parent
RUN_DIR = local_postgres.run_dir()
STOP_TIMEOUT = float(os.environ.get("STOP_TIMEOUT", "10"))
HEALTHY_TIMEOUT = 60.0


class Stop(Exception):
    """A signal asked us to stop."""


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
SERVICES = ("redis", "postgres")  # stopped after the apps, which use them while stopping


# What make run started, by name; the signal handlers read it.
CHILDREN: dict[str, subprocess.Popen[bytes]] = {}


def raise_stop(signum: int, frame: FrameType | None) -> None:
    """The first signal: the stop begins, and from now on signals are only noted."""
    handle_signals(note_signal)
    raise Stop(signal.Signals(signum).name)


def note_signal(signum: int, frame: FrameType | None) -> None:
    """A signal while stopping never interrupts the stop; a second Ctrl-C kills the apps at once."""
    if signum == signal.SIGINT:
        say("Killing the web server, workers and beat now (SIGKILL); the database and Redis stop as usual.")
        processes.kill([proc for name, proc in CHILDREN.items() if name not in SERVICES])
    else:
        say(f"{signal.Signals(signum).name} while stopping: the stop goes on (at most {STOP_TIMEOUT:g} s a part).")


def handle_signals(handler: Callable[[int, FrameType | None], None]) -> None:
    for sig in STOP_SIGNALS:
        signal.signal(sig, handler)


def say(message: str) -> None:
    try:
        print(f"[make run] {message}", flush=True)
    except OSError:  # the terminal closed (SIGHUP): nothing to tell, the work goes on
        pass


def beat_command() -> list[str]:
    """Celery beat: sends the retention task (playground.prune) every PRUNE_EVERY_SECONDS. Any number
    may run, one leads (playground/beat.py); its last run times are kept in .run/."""
    return [sys.executable, "-m", "celery", "-A", "playground", "beat", "--loglevel", "INFO"]


def browser_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}/"


def sharing_lines(host: str, port: int) -> list[str]:
    """What students on the room's network open (the default route's address first), or how to share."""
    if not addresses.is_shared(host):
        return ["Only this machine can open it; to share it on the room's network: `HOST=0.0.0.0 make run`."]
    found = addresses.reachable_addresses(host)
    if not found:
        return ["No network address found: students cannot reach this machine (is it on the room's network?)."]
    first, *others = found
    lines = [f"Students open http://{first.url_host}:{port}/w and type the workshop's code ({first.interface or host})."]
    if others:
        lines.append("Also reachable at " + ", ".join(f"http://{a.url_host}:{port}/ ({a.interface})" for a in others))
    return lines


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
    database_url, private_postgres = postgres_local.ensure(RUN_DIR)
    if private_postgres is not None:
        children["postgres"] = private_postgres
    # HOST and PORT tell the children where students reach them (playground/reach.py: joinUrl, allowed hosts).
    env = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL": database_url,
           "DJANGO_SETTINGS_MODULE": "playground.settings", "HOST": host, "PORT": str(port)}
    say("Applying migrations and loading the built-in lessons ...")
    if subprocess.run([sys.executable, "-m", "scripts.prepare"], check=False, cwd=ROOT, env=env).returncode != 0:
        say("Preparing the database failed (see above).")
        return 1
    children["web"] = processes.start(processes.asgi_server_command(listener.fileno()), env=env, cwd=ROOT,
                                      pass_fds=[listener.fileno()])
    listener.close()  # uvicorn has its own copy; ours would keep the port open should uvicorn die
    for name, (command, lane_env) in worker_commands().items():
        children[name] = processes.start(command, env={**env, **lane_env}, cwd=ROOT)
    children["beat"] = processes.start(beat_command(), env=env, cwd=ROOT)
    url = browser_url(host, port)
    failing = wait_until_healthy(f"{url}healthz", children, timeout=HEALTHY_TIMEOUT)
    if failing:
        say(f"{url}healthz still reports a problem after {HEALTHY_TIMEOUT:g} s: {failing}")
    say(f"The playground is running at {url}  (health: {url}healthz, API docs: {url}api/docs/). "
        "Press Ctrl-C to stop.")
    for line in sharing_lines(host, port):
        say(line)
    return supervise(children)


def stop_children(children: dict[str, subprocess.Popen[bytes]]) -> None:
    """Web and workers first, together; then the private services, which they use while stopping."""
    handle_signals(note_signal)
    apps = [proc for name, proc in children.items() if name not in SERVICES]
    processes.stop_all(apps, timeout=STOP_TIMEOUT)
    processes.stop_all([children[name] for name in SERVICES if name in children], timeout=STOP_TIMEOUT)


def main() -> int:
    handle_signals(raise_stop)
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))
    code = 1
    try:
        code = start_all(host, port, CHILDREN)
    except Stop:
        say("Stopping ...")
        code = 0
    except (redis_local.RedisUnavailable, postgres_local.PostgresUnavailable) as exc:
        print(f"\n[make run] {exc}\n", file=sys.stderr, flush=True)
    finally:
        stop_children(CHILDREN)
    if CHILDREN:
        say("Stopped.")
    return code


if __name__ == "__main__":
    sys.exit(main())
