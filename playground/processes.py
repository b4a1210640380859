"""Child processes that can always be stopped, with everything they forked, and the commands
that start the playground's servers (the ASGI server, a Celery worker per lane). Used by the dev
launcher (scripts/run.py), the benchmarks in the apps and the live tests: the apps import nothing
from scripts/.

Each child is started as the leader of its own session (so its own process group): a Ctrl-C
in the terminal reaches only the supervisor, which then stops the children in order, and
stopping a child also stops whatever it forked (Celery's pool, uvicorn's workers).
"""
from __future__ import annotations

import os
import pwd
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO


class Child(subprocess.Popen[bytes]):
    """A child process, and the signal that asks it to shut down."""

    stop_signal: signal.Signals = signal.SIGTERM


def start(
    command: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    log: IO[bytes] | None = None,
    pass_fds: Sequence[int] = (),
    stop_signal: signal.Signals = signal.SIGTERM,
    user: pwd.struct_passwd | None = None,
) -> Child:
    """Start `command` in a new process group (as `user` when given); output goes to `log` or to
    our own stdout. `stop` sends it `stop_signal` first."""
    child = Child(
        list(command),
        env=dict(env) if env is not None else None,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT if log is not None else None,
        start_new_session=True,
        pass_fds=tuple(pass_fds),
        user=None if user is None else user.pw_uid,
        group=None if user is None else user.pw_gid,
        extra_groups=None if user is None else [],
    )
    child.stop_signal = stop_signal
    return child


def stop_signal(proc: subprocess.Popen[bytes]) -> signal.Signals:
    return proc.stop_signal if isinstance(proc, Child) else signal.SIGTERM


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass


def _wait_group_gone(proc: subprocess.Popen[bytes], deadline: float) -> bool:
    while time.monotonic() < deadline:
        proc.poll()  # reap the leader so it does not linger as a zombie
        if proc.returncode is not None and not group_alive(proc.pid):
            return True
        time.sleep(0.05)
    proc.poll()
    return proc.returncode is not None and not group_alive(proc.pid)


def stop(proc: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """Its stop signal (SIGTERM unless started with another) to the leader, so it shuts down its own
    children; then SIGKILL the group after `timeout`."""
    pgid = proc.pid
    if proc.poll() is None:
        try:
            proc.send_signal(stop_signal(proc))
        except ProcessLookupError:
            pass
    if _wait_group_gone(proc, time.monotonic() + timeout):
        return
    # The leader ignored SIGTERM, or it exited and left children behind: TERM the rest, then KILL.
    _signal_group(pgid, signal.SIGTERM)
    if _wait_group_gone(proc, time.monotonic() + 2):
        return
    _signal_group(pgid, signal.SIGKILL)
    _wait_group_gone(proc, time.monotonic() + 5)


def stop_all(procs: Sequence[subprocess.Popen[bytes]], timeout: float = 10.0) -> None:
    """Stop several groups at once: signal every leader first, so their shutdowns overlap."""
    for proc in procs:
        if proc.poll() is None:
            try:
                proc.send_signal(stop_signal(proc))
            except ProcessLookupError:
                pass
    deadline = time.monotonic() + timeout
    for proc in procs:
        _wait_group_gone(proc, deadline)
    for proc in procs:
        stop(proc, timeout=0)


def kill(procs: Sequence[subprocess.Popen[bytes]]) -> None:
    """SIGKILL each process group now; safe inside a signal handler (the stop then reaps them)."""
    for proc in procs:
        _signal_group(proc.pid, signal.SIGKILL)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def listening_socket(host: str, port: int) -> socket.socket:
    """A bound, listening socket to hand to uvicorn (`--fd`): no window in which another
    process can take the port between choosing it and the server binding it. Port 0 picks one."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def wait_for_http(url: str, proc: subprocess.Popen[bytes], timeout: float) -> bool:
    """True once `url` answers with any HTTP status; False if `proc` died or time ran out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=max(0.1, min(5.0, deadline - time.monotonic()))):
                return True
        except urllib.error.HTTPError:
            return True
        except OSError:
            time.sleep(0.1)
    return False


def asgi_server_command(fd: int, access_log: bool | None = None) -> list[str]:
    """uvicorn serving playground.asgi on an inherited listening socket: HTTP and WebSocket.

    Per-message deflate is off: compressing every batch once per viewer in uvicorn's single event
    loop made 50 viewers of one run wait seconds for events (docs/benchmarks.md, runs).
    One process per core (at most 4; WEB_PROCESSES overrides): Django runs a request's Python
    under one GIL per process, and a class's 40 simultaneous run starts took 0.8 s in one
    process, 0.6 s in two (docs/benchmarks.md, classroom).
    No access log unless asked for (``access_log``, else WEB_ACCESS_LOG=1): a line per request
    and three per WebSocket cost a run start 0.6 ms of the web process's CPU, about a tenth
    (docs/benchmarks.md, classroom), and a class's clicks scroll the terminal by hundreds of lines.
    """
    workers = os.environ.get("WEB_PROCESSES") or str(min(os.cpu_count() or 1, 4))
    if access_log is None:
        access_log = os.environ.get("WEB_ACCESS_LOG") == "1"
    return [sys.executable, "-m", "uvicorn", "playground.asgi:application", "--fd", str(fd),
            "--lifespan", "off", "--ws-per-message-deflate", "false", "--workers", workers,
            *([] if access_log else ["--no-access-log"])]


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
