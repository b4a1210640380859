"""`make test`: every test, against real parts.

Frontend unit tests (vitest) first, then pytest over tests/ (unit, integration against a real
Redis, Celery worker and ASGI server, e2e in headless Chromium), so that pytest's summary is
the last line printed. Every test runs on PostgreSQL: DATABASE_URL's server, else the
checkout's private one (started here as `make run` does, and stopped after unless it was
already running). Extra arguments go to pytest: `make test PYTEST_ARGS="-k healthz -x"`.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from playground import local_postgres, processes
from scripts import postgres_local, redis_local

ROOT = Path(__file__).resolve().parent.parent
RUN_DIR = local_postgres.run_dir()
FRONTEND = ROOT / "frontend"
CHROMIUM = os.environ.get("PLAYGROUND_CHROMIUM", "/usr/bin/chromium")
PYTEST_NO_TESTS_COLLECTED = 5


def say(message: str) -> None:
    print(f"[make test] {message}", flush=True)


def chromium_missing_message() -> str:
    return (
        f"The end-to-end tests drive headless Chromium at {CHROMIUM}, which is not installed. "
        "Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu; Playwright's own "
        "browser downloads are not used here), or point PLAYGROUND_CHROMIUM at a Chromium/Chrome "
        "binary. To run everything except the browser tests meanwhile: "
        "`make test PYTEST_ARGS='-m \"not e2e\"'`."
    )


def wants_e2e(pytest_args: list[str]) -> bool:
    joined = " ".join(pytest_args)
    return "not e2e" not in joined


def frontend_tests(env: dict[str, str]) -> int:
    package = FRONTEND / "package.json"
    if os.environ.get("SKIP_FRONTEND") or not package.exists():
        return 0
    if "test" not in json.loads(package.read_text()).get("scripts", {}):
        say("frontend/package.json has no `test` script: no frontend unit tests to run.")
        return 0
    say("Frontend unit tests (npm test) ...")
    npm = shutil.which("npm") or "npm"
    return subprocess.run([npm, "test", "--silent"], check=False, cwd=FRONTEND, env={**env, "CI": "true"}).returncode


def parallel(args: list[str]) -> list[str]:
    """pytest-xdist's options: PLAYGROUND_TEST_WORKERS processes (default 2: the live and browser tests
    spend much of their time waiting on servers and Chromium, so two share two cores well), each
    taking whole groups (a file's tests of one kind, tests/conftest.py) in order. None when the
    arguments choose for themselves (`-n`, `-p no:xdist`) or one worker is asked for."""
    workers = os.environ.get("PLAYGROUND_TEST_WORKERS", "2")
    chooses = any(a in ("-n", "--numprocesses", "no:xdist") or a.startswith(("-n", "--numprocesses=")) for a in args)
    if chooses or workers in ("", "0", "1"):
        return []
    # In collection order (xdist would put the biggest groups first): a worker that has opened the
    # browser must not be given a unit test after it.
    return ["-n", workers, "--dist", "loadgroup", "--no-loadscope-reorder"]


def pytest(args: list[str], env: dict[str, str]) -> int:
    options = parallel(args)
    say(f"pytest ({options[1]} workers) ..." if options else "pytest ...")
    # The slowest tests are printed (CI's log), to keep the whole under its 15 minutes.
    code = subprocess.run([sys.executable, "-m", "pytest", *options, "--durations=25", *args], check=False, cwd=ROOT,
                          env=env).returncode
    if code == PYTEST_NO_TESTS_COLLECTED:
        say("pytest collected no tests (exit code 5): that is a failure — check PYTEST_ARGS or the test paths.")
    return code


def main(pytest_args: list[str]) -> int:
    if wants_e2e(pytest_args) and not Path(CHROMIUM).exists():
        print(f"\n[make test] {chromium_missing_message()}\n", file=sys.stderr, flush=True)
        return 1
    services: list[subprocess.Popen[bytes]] = []
    try:
        redis_url, private_redis = redis_local.ensure(os.environ.get("REDIS_URL", redis_local.DEFAULT_REDIS_URL),
                                                      RUN_DIR)
        services += [private_redis] if private_redis else []
        database_url, private_postgres = postgres_local.ensure(RUN_DIR)
        services += [private_postgres] if private_postgres else []
        env = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL": database_url, "PLAYGROUND_CHROMIUM": CHROMIUM}
        frontend_code = frontend_tests(env)
        if frontend_code != 0:
            say(f"Frontend unit tests failed (exit code {frontend_code}); running pytest anyway.")
        pytest_code = pytest(pytest_args, env)
        return pytest_code or frontend_code
    except (redis_local.RedisUnavailable, postgres_local.PostgresUnavailable) as exc:
        print(f"\n[make test] {exc}\n", file=sys.stderr, flush=True)
        return 1
    except KeyboardInterrupt:
        return 130
    finally:
        processes.stop_all(services)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
