"""Where the checkout's private PostgreSQL server lives: the default database when DATABASE_URL is unset.

`make run` and `make test` start that server (scripts/postgres_local.py); settings and the
launcher both take its address from here. It listens on a Unix socket only, so two checkouts
never compete for a port. Standard library only: settings import it.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from urllib.parse import quote

DATABASE = "playground"
SUPERUSER = "postgres"
PORT = 5432  # only the socket's file name: .s.PGSQL.5432
# A Unix socket's path has room for 107 bytes; with ".s.PGSQL.5432.lock" the folder gets 80.
MAX_SOCKET_DIR = 80


def run_dir() -> Path:
    """The checkout's run folder, as settings.RUN_DIR (PLAYGROUND_RUN_DIR moves it)."""
    return Path(os.environ.get("PLAYGROUND_RUN_DIR", Path(__file__).resolve().parent.parent / ".run"))


def server_dir(run_dir: Path) -> Path:
    return run_dir / "postgres"


def data_dir(run_dir: Path) -> Path:
    return server_dir(run_dir) / "data"


def socket_dir(run_dir: Path) -> Path:
    """In the checkout's run folder, or — when that path is too long for a socket — a folder in
    the temporary directory named after it."""
    preferred = server_dir(run_dir).resolve() / "socket"
    if len(str(preferred)) <= MAX_SOCKET_DIR:
        return preferred
    digest = hashlib.sha256(str(preferred).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"playground-pg-{digest}"


def url(run_dir: Path, database: str = DATABASE) -> str:
    """A libpq URL (and dj-database-url's) for the server's socket: the folder is the host."""
    return f"postgresql://{SUPERUSER}@{quote(str(socket_dir(run_dir)), safe='')}:{PORT}/{database}"
