"""One host of a multi-host playground (docs/deploy.md, "Several hosts"): `python -m scripts.host web|worker`.

PostgreSQL and Redis run on a services host; `python -m scripts.prepare` brings the database up
to date once; then each web host runs `python -m scripts.host web` (uvicorn, behind the load
balancer) and each worker host `python -m scripts.host worker` (make run's two Celery workers, and
a Celery beat of which exactly one per deployment leads: playground/beat.py).
Every host is given the same settings (SHARED): nothing is derived from this machine or its
checkout's path, and no private server is started. Stopped as `make run` is (scripts/run.py).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from playground import local_postgres, processes
from scripts import postgres_local, redis_local, run

ROOT = Path(__file__).resolve().parent.parent
# What every host must be given, the same everywhere: PLAYGROUND_NAMESPACE names the Celery queues
# and channel groups (its default, a hash of the checkout's path, differs between hosts), SECRET_KEY
# signs the sessions any web host may be asked to read.
SHARED = ("DATABASE_URL", "REDIS_URL", "SECRET_KEY", "PLAYGROUND_NAMESPACE")
# A web host also needs the address students open, and the load balancers whose X-Forwarded-For
# and X-Forwarded-Proto it believes (uvicorn's --forwarded-allow-ips: addresses, comma-separated).
WEB_ONLY = ("PUBLIC_URL", "FORWARDED_ALLOW_IPS")
ROLES = ("web", "worker")


class NotConfigured(Exception):
    """A setting is missing, or a shared service does not answer."""


def check_settings(role: str, env: dict[str, str]) -> None:
    missing = [name for name in (*SHARED, *(WEB_ONLY if role == "web" else ())) if not env.get(name)]
    if missing:
        raise NotConfigured(f"A {role} host needs {', '.join(missing)} set, the same on every host "
                            "(docs/deploy.md, \"Several hosts\").")
    if not postgres_local.answers(env["DATABASE_URL"], timeout=5):
        raise NotConfigured(f"Nothing answers at DATABASE_URL ({postgres_local.redacted(env['DATABASE_URL'])}).")
    if not redis_local.answers(env["REDIS_URL"], timeout=5):
        raise NotConfigured(f"Nothing answers at REDIS_URL ({env['REDIS_URL']}).")


def web_command(fd: int, env: dict[str, str]) -> list[str]:
    return [*processes.asgi_server_command(fd), "--proxy-headers", "--forwarded-allow-ips", env["FORWARDED_ALLOW_IPS"]]


def start_web(env: dict[str, str], children: dict[str, subprocess.Popen[bytes]]) -> None:
    """uvicorn on HOST:PORT (default 0.0.0.0:8000), where the load balancer sends requests."""
    host, port = env.get("HOST", "0.0.0.0"), int(env.get("PORT", "8000"))
    try:
        listener = processes.listening_socket(host, port)
    except OSError as exc:
        raise NotConfigured(f"Cannot listen on {host}:{port} ({exc.strerror}).") from None
    # WhiteNoise's STATIC_ROOT (settings): scripts.prepare makes it, but only on the host it ran on.
    (local_postgres.run_dir() / "staticfiles").mkdir(parents=True, exist_ok=True)
    with listener:
        children["web"] = processes.start(web_command(listener.fileno(), env), env=env, cwd=ROOT,
                                          pass_fds=[listener.fileno()])
    run.say(f"Web host: uvicorn on {host}:{port}, for {env['PUBLIC_URL']}.")


def start_workers(env: dict[str, str], children: dict[str, subprocess.Popen[bytes]]) -> None:
    """make run's two workers and a beat: every worker host runs one, exactly one of them leads
    (a lease in Redis, playground/beat.py), another takes over when its host is gone."""
    for name, (command, lane_env) in run.worker_commands().items():
        children[name] = processes.start(command, env={**env, **lane_env}, cwd=ROOT)
    children["beat"] = processes.start(run.beat_command(), env=env, cwd=ROOT)
    run.say(f"Worker host: Celery workers and beat on the queues of {env['PLAYGROUND_NAMESPACE']}.")


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in ROLES:
        print("usage: python -m scripts.host web|worker", file=sys.stderr)
        return 2
    role = argv[0]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "playground.settings"}
    run.handle_signals(run.raise_stop)
    code = 1
    try:
        check_settings(role, env)
        (start_web if role == "web" else start_workers)(env, run.CHILDREN)
        code = run.supervise(run.CHILDREN)
    except run.Stop:
        code = 0
    except NotConfigured as exc:
        print(f"[host] {exc}", file=sys.stderr, flush=True)
    finally:
        run.stop_children(run.CHILDREN)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
