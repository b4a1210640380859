"""Keys never reach a log line: a kubeconfig over plain http carries its key in the URL path
(kubeconfig.server_path), and uvicorn's access log and django.request's warnings print the path.

Installed as the process's LogRecord factory (from settings), so it covers every logger and handler,
including uvicorn's own, which Django's LOGGING does not configure. Imports nothing from Django."""
from __future__ import annotations

import logging
import re
from typing import Any

REDACTED = "[redacted]"
# The path segment after /token/ (whatever it holds: a mistyped key is a secret too), and any
# key-shaped word of accounts.services (API tokens pgt_, run credentials pgk_, WebSocket tickets wst_).
_SECRETS = re.compile(r"(?<=/token/)[^/\s?#\"']+|\b(?:pgt|pgk|wst)_[A-Za-z0-9_-]{16,}")


def redact(text: str) -> str:
    return _SECRETS.sub(REDACTED, text) if ("/token/" in text or "_" in text) else text


def _clean(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


def install() -> None:
    """Wraps the current factory once; argument shapes are kept (uvicorn's AccessFormatter unpacks them)."""
    previous = logging.getLogRecordFactory()
    if getattr(previous, "redacts", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        record.msg = _clean(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        return record

    factory.redacts = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
