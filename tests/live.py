"""Real parts for integration and end-to-end tests: Redis, an ASGI server, a Celery worker, Chromium.

Registered by tests/conftest.py; documented in docs/development.md. The names are a contract
other tests rely on: `redis_url`, `live_database_url`, `live_env`, `live_server_url`,
`celery_worker_process`, `live_manage`, `browser`, `page`.

The live processes share one database of their own, made for this session on the PostgreSQL
server the unit tests use (DATABASE_URL's, else the checkout's private one), and one Redis database number claimed
for this session, so parallel test runs on one machine do not take each other's tasks. The
test process itself keeps pytest-django's test database for unit tests; it creates data in
the live database through the live server's REST API, or with `live_manage`.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
import redis
from celery import Celery

from playground import chromium, local_postgres, processes
from playground.chromium import CHROMIUM

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
REDIS_DB_NUMBERS = range(1, 16)
REDIS_CLAIM_KEY = "playground:test-redis-db:{}"
STARTUP_TIMEOUT = 60.0
LIVE_FIXTURES = {"redis_url", "live_database_url", "live_env", "live_server_url", "celery_worker_process",
                 "live_manage"}
BROWSER_FIXTURES = {"browser", "page"}


# ---- logs ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def live_logs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where the live processes write their output; copied to test-artifacts/logs/ if a test failed."""
    logs = tmp_path_factory.mktemp("live-logs")
    yield logs
    if request.session.testsfailed:
        target = ARTIFACTS / "logs"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(logs, target)


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no output)"


# ---- Redis --------------------------------------------------------------------------------


def with_db(url: str, db: int) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{db}", parts.query, parts.fragment))


def claim_redis_db(client: redis.Redis, owner: str, keep: int) -> int:
    for db in REDIS_DB_NUMBERS:
        if db == keep:
            continue
        if client.set(REDIS_CLAIM_KEY.format(db), owner, nx=True, ex=3 * 3600):
            return db
    pytest.fail(f"Every Redis database {REDIS_DB_NUMBERS.start}..{REDIS_DB_NUMBERS.stop - 1} is claimed by "
                f"another test run (keys {REDIS_CLAIM_KEY.format('*')}); they expire after 3 hours.", pytrace=False)


@contextmanager
def claimed_redis_db() -> Iterator[str]:
    """A Redis database number nobody else uses meanwhile, emptied before and after.

    The claims live in db 0 whatever REDIS_URL's database is, so runs with different REDIS_URL
    databases still see each other's claims; REDIS_URL's own database is never claimed (its run
    may use it)."""
    base = os.environ.get("REDIS_URL", DEFAULT_REDIS_URL)
    client = redis.Redis.from_url(with_db(base, 0), socket_connect_timeout=2, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError as exc:
        pytest.fail(f"Redis is not reachable at {base} (REDIS_URL): {exc}. Integration and e2e tests need a "
                    "real Redis: `make test` starts a private one when redis-server is installed "
                    "(apt-get install redis-server / brew install redis).", pytrace=False)
    owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    db = claim_redis_db(client, owner, keep=int(urlsplit(base).path.strip("/") or 0))
    url = with_db(base, db)
    claimed = redis.Redis.from_url(url)
    claimed.flushdb()
    try:
        yield url
    finally:
        claimed.flushdb()
        claimed.close()
        if client.get(REDIS_CLAIM_KEY.format(db)) == owner.encode():
            client.delete(REDIS_CLAIM_KEY.format(db))
        client.close()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """The real Redis, on a database number of its own for this session, emptied before and after."""
    with claimed_redis_db() as url:
        yield url


# ---- the live database --------------------------------------------------------------------


def postgres_admin_url() -> str:
    """The server the unit tests use (settings: DATABASE_URL, else the checkout's private one), on
    its `postgres` database, where this session's live database is created."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    url = os.environ.get("DATABASE_URL") or local_postgres.url(settings.RUN_DIR)
    parts = urlsplit(url)
    try:
        psycopg.connect(url, connect_timeout=5, autocommit=True).close()
    except psycopg.Error as exc:
        pytest.fail(f"PostgreSQL does not answer at {database['HOST'] or 'localhost'} ({exc}). The tests run on "
                    "PostgreSQL only: `make test` starts the checkout's private server, or set DATABASE_URL.",
                    pytrace=False)
    return urlunsplit((parts.scheme, parts.netloc, "/postgres", parts.query, parts.fragment))


def drop_postgres_database(admin_url: str, name: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def live_database_url() -> Iterator[str]:
    """DATABASE_URL of a PostgreSQL database made for this session, dropped at its end."""
    admin_url = postgres_admin_url()
    name = f"playground_test_{os.getpid()}"
    drop_postgres_database(admin_url, name)  # left over by a killed run with the same pid
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(admin_url)
    yield urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))
    drop_postgres_database(admin_url, name)


@pytest.fixture(scope="session")
def live_env(redis_url: str, live_database_url: str, live_logs: Path,
             tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Environment for live processes; the database is migrated and the lessons loaded, once."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "playground.settings",
        "DATABASE_URL": live_database_url,
        "REDIS_URL": redis_url,
        "CELERY_BROKER_URL": redis_url,
        "PLAYGROUND_RUN_DIR": str(tmp_path_factory.mktemp("live-run")),
        "PYTHONUNBUFFERED": "1",
        "PREPARE_VERBOSITY": "0",
    }
    log = live_logs / "prepare.log"
    with log.open("wb") as out:
        code = subprocess.run([sys.executable, "-m", "scripts.prepare"], cwd=ROOT, env=env, check=False,
                              stdout=out, stderr=subprocess.STDOUT).returncode
    if code != 0:
        pytest.fail(f"Preparing the live database failed ({live_database_url}):\n{tail(log)}", pytrace=False)
    return env


@pytest.fixture(scope="session")
def live_manage(live_env: dict[str, str]) -> Callable[..., str]:
    """Run a manage.py command against the live database and return its output.

    For example `live_manage("shell", "-c", "from playground.accounts import services; ...")`.
    """
    def manage(*args: str) -> str:
        result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=live_env, check=False,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise AssertionError(f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
        return result.stdout

    return manage


# ---- the ASGI server and the Celery worker ------------------------------------------------


def start_logged(name: str, command: list[str], env: dict[str, str], logs: Path,
                 pass_fds: list[int] | None = None) -> subprocess.Popen[bytes]:
    with (logs / f"{name}.log").open("wb") as log:
        return processes.start(command, env=env, cwd=ROOT, log=log, pass_fds=pass_fds or [])


@pytest.fixture(scope="session")
def live_server_url(live_env: dict[str, str], live_logs: Path) -> Iterator[str]:
    """Base URL (no trailing slash) of a real uvicorn serving playground.asgi: HTTP and WebSocket."""
    with processes.listening_socket("127.0.0.1", 0) as listener:  # no race for a free port
        port = listener.getsockname()[1]
        command = processes.asgi_server_command(listener.fileno(), access_log=True)  # tests read it
        # PORT as `make run` passes it: the workshops' joinUrl names the port students open.
        server = start_logged("uvicorn", command, {**live_env, "PORT": str(port)}, live_logs,
                              pass_fds=[listener.fileno()])
    url = f"http://127.0.0.1:{port}"
    try:
        if not processes.wait_for_http(f"{url}/healthz", server, timeout=STARTUP_TIMEOUT):
            pytest.fail(f"The live ASGI server did not start:\n{tail(live_logs / 'uvicorn.log')}", pytrace=False)
        yield url
    finally:
        processes.stop(server)


@dataclass(frozen=True)
class WorkerProcess:
    """A running `celery -A playground worker`; `hostname` is the node name it answers pings as."""

    hostname: str
    process: subprocess.Popen[bytes]
    log_path: Path
    broker_url: str

    def ping(self, timeout: float = 1.0) -> bool:
        app = Celery("ping", broker=self.broker_url)
        try:
            return bool(app.control.ping(destination=[self.hostname], timeout=timeout))
        finally:
            app.close()


def wait_until_ready(worker: WorkerProcess, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if worker.process.poll() is not None:
            return False
        if worker.ping(timeout=0.5):
            return True
    return False


@pytest.fixture(scope="session")
def celery_worker_process(live_env: dict[str, str], live_logs: Path) -> Iterator[WorkerProcess]:
    """A real Celery worker on the live database and Redis; yielded once it answers a ping."""
    hostname = f"test-{os.getpid()}@{socket.gethostname()}"
    command = [sys.executable, "-m", "celery", "-A", "playground", "worker", "--loglevel", "INFO",
               "--hostname", hostname, "--concurrency", "2", "--without-gossip", "--without-mingle"]
    process = start_logged("celery-worker", command, live_env, live_logs)
    worker = WorkerProcess(hostname, process, live_logs / "celery-worker.log", live_env["REDIS_URL"])
    try:
        if not wait_until_ready(worker, STARTUP_TIMEOUT):
            pytest.fail(f"The Celery worker did not answer a ping:\n{tail(worker.log_path)}", pytrace=False)
        yield worker
    finally:
        processes.stop(process)


# ---- the browser ------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium driven by Playwright (its own browser downloads are not used)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: `sudo apt-get install -y chromium`, or set "
                    "PLAYGROUND_CHROMIUM to a Chromium/Chrome binary.", pytrace=False)
    from playwright.sync_api import expect, sync_playwright

    # Web-first assertions wait as long as the contexts' actions do (10 s, not Playwright's 5 s): two
    # test workers share two cores with their servers and browsers, and a passing assertion returns
    # as soon as it holds, so only a slow machine waits longer.
    expect.set_options(timeout=10_000)
    with sync_playwright() as playwright:
        launched = chromium.launch(playwright)
        yield launched
        launched.close()


def artifact_name(nodeid: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in nodeid)[-150:]


@pytest.fixture
def page(browser: Browser, live_server_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh browser context on the live server (`page.goto("/")` works); on failure a screenshot
    and the console log go to test-artifacts/screenshots/."""
    context = browser.new_context(base_url=live_server_url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    tab = context.new_page()
    console: list[str] = []
    tab.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    tab.on("pageerror", lambda error: console.append(f"pageerror: {error}"))
    yield tab
    if getattr(request.node, "failed_phase", None):
        shots = ARTIFACTS / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        name = artifact_name(request.node.nodeid)
        try:
            tab.screenshot(path=str(shots / f"{name}.png"), full_page=True)
        finally:
            (shots / f"{name}.console.txt").write_text("\n".join(console))
    context.close()
