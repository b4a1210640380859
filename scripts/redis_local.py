"""Find the Redis the playground needs, or start a private one under .run/.

Used by `make run` and `make test`. REDIS_URL (default redis://127.0.0.1:6379/0) is tried
first; when nothing answers there on this machine and `redis-server` is installed, a private
Redis is started on a free port and its URL is handed to the children. Otherwise the developer
gets one paragraph on how to get Redis, never a traceback.
"""
from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

import redis

from playground import processes

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", ""}


class RedisUnavailable(Exception):
    """No Redis to use; the message says how to get one."""


def answers(url: str, timeout: float = 1.0) -> bool:
    try:
        client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except (redis.RedisError, OSError, ValueError):
        return False


def how_to_get_redis(url: str, why_no_private: str) -> str:
    return (
        f"Redis is not reachable at {url} (REDIS_URL), and {why_no_private}. The playground needs Redis for its Celery queue and its WebSocket channel "
        "layer. Install it and run the command again: `sudo apt-get install redis-server` (Debian/"
        "Ubuntu), `brew install redis` (macOS), or run one in Docker with `docker run -d -p 6379:6379 "
        "redis:7`; or point REDIS_URL at a Redis you already have, e.g. "
        "`REDIS_URL=redis://my-host:6379/0 make run`."
    )


def start_private(run_dir: Path, timeout: float = 10.0) -> tuple[str, subprocess.Popen[bytes]]:
    """Start redis-server on a free port, without persistence, in its own process group."""
    port = processes.free_port()
    data_dir = run_dir / f"redis-{port}"
    data_dir.mkdir(parents=True, exist_ok=True)
    command = ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--dir", str(data_dir),
               "--save", "", "--appendonly", "no"]
    with open(run_dir / f"redis-{port}.log", "wb") as log:
        proc = processes.start(command, log=log)
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        if answers(url, timeout=0.5):
            return url, proc
        time.sleep(0.1)
    processes.stop(proc)
    raise RedisUnavailable(f"A private redis-server did not start on port {port}; see {run_dir}/redis-{port}.log.")


def ensure(url: str, run_dir: Path) -> tuple[str, subprocess.Popen[bytes] | None]:
    """The Redis URL to use, and the private redis-server process when one had to be started."""
    if answers(url):
        return url, None
    host = urlsplit(url).hostname or ""
    if host not in LOCAL_HOSTS:
        raise RedisUnavailable(how_to_get_redis(url, f"{host} is not this machine, so no private Redis is started"))
    if shutil.which("redis-server") is None:
        raise RedisUnavailable(how_to_get_redis(url, "there is no `redis-server` on PATH to start a private one"))
    private_url, proc = start_private(run_dir)
    print(f"[make] Nothing answers at {url}: started a private Redis at {private_url} (stopped on exit).",
          flush=True)
    return private_url, proc
