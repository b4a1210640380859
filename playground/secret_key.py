"""SECRET_KEY when none is configured (a configured one always wins: settings.py): the checkout's own.

Signed cookies (sessions, the login device cookie) and password-reset style tokens are only as
secret as this key, so no checkout runs with a default known to everyone: the first process that
needs it (make run's prepare, the web server, a worker, a test) writes a random one to
<run dir>/secret_key, readable by its owner only, and every later process of the checkout reads it.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path

FILE_NAME = "secret_key"


def checkout_key(run_dir: Path) -> str:
    """The checkout's key (settings use it only when SECRET_KEY is not configured)."""
    path = run_dir / FILE_NAME
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    try:  # exclusive create: two processes starting at once agree on the first one written
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read(path)
    with os.fdopen(descriptor, "w") as out:
        out.write(key + "\n")
    return key


def _read(path: Path) -> str:
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it (a new SECRET_KEY is then made) or set SECRET_KEY")
    return key
