"""Lists as the API server serves them: in chunks (`limit`, `continue`), each chunk from the same
resourceVersion, and — since a run's state at one version never changes — kept in the shared cache,
so a class (or a script) listing the same 15,000 pods again pays for them once."""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

from playground.k8sapi import status as st
from playground.k8sapi.call import Call
from playground.k8sapi.world import anchor_at

CACHE_SECONDS = 120
CONTINUE_VERSION = "meta.k8s.io/v1"


@dataclass(frozen=True)
class Continue:
    resource_version: int
    start: int


def parse_continue(raw: str | None) -> Continue | None:
    """storage.DecodeContinue: an opaque token this server made, or a 400."""
    if not raw:
        return None
    try:
        data = json.loads(base64.urlsafe_b64decode(raw.encode() + b"=" * (-len(raw) % 4)))
        token = Continue(int(data["rv"]), int(data["start"]))
    except (binascii.Error, ValueError, TypeError, KeyError, UnicodeDecodeError):
        raise st.bad_request(f"continue key is not valid: {raw!r}") from None
    if data.get("v") != CONTINUE_VERSION or token.resource_version < 1 or token.start < 0:
        raise st.bad_request(f"continue key is not valid: {raw!r}")
    return token


EXACT, NOT_OLDER_THAN = "Exact", "NotOlderThan"


def check_options(resource_version: str, match: str, continue_: str) -> None:
    """ValidateListOptions (apimachinery/pkg/apis/meta/internalversion/validation) and the store's own check
    (etcd3 store.go GetList): continue with a resourceVersion other than 0 is a 400."""
    if match:
        if not resource_version:
            _invalid("Forbidden", "resourceVersionMatch is forbidden unless resourceVersion is provided")
        if continue_:
            _invalid("Forbidden", "resourceVersionMatch is forbidden when continue is provided")
        if match not in (EXACT, NOT_OLDER_THAN):
            _invalid("Unsupported value", f'"{match}": supported values: "{EXACT}", "{NOT_OLDER_THAN}", ""',
                     "FieldValueNotSupported")
        if match == EXACT and resource_version == "0":
            _invalid("Forbidden", 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"')
    if continue_ and resource_version not in ("", "0"):
        raise st.bad_request("specifying resource version is not allowed when using continue")


def _invalid(error_type: str, detail: str, reason: str = "FieldValueForbidden") -> None:
    body = f"{error_type}: {detail}"
    raise st.invalid("ListOptions", "", "meta.k8s.io", [{"reason": reason, "message": body,
                                                          "field": "resourceVersionMatch"}],
                     f'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: {body}')


def encode_continue(resource_version: int, start: int) -> str:
    data = json.dumps({"v": CONTINUE_VERSION, "rv": resource_version, "start": start}, separators=(",", ":"))
    return base64.urlsafe_b64encode(data.encode()).decode().rstrip("=")


def page(items: list[Any], start: int, limit: int) -> tuple[list[Any], int | None]:
    """The chunk from `start`, and where the next one starts (None: this was the last)."""
    if limit <= 0:
        return items[start:], None
    end = start + limit
    return items[start:end], end if end < len(items) else None


def cache_key(call: Call, resource_version: int) -> str:
    """The run, its version and the request below the run's prefix — never the prefix itself, which
    may carry a credential (/token/<key>) — hashed: no key text reaches a cache warning or a log."""
    accept = call.request.headers.get("Accept", "")
    below = call.request.get_full_path().removeprefix(call.prefix)
    _, anchor = anchor_at(call.run, call.wall)  # dates follow the run's clock anchor; Tables' ages the second
    clock = f"{anchor.timestamp():.0f}:{math.floor(call.wall) if call.as_table else ''}"
    digest = hashlib.sha256(f"{resource_version}:{clock}:{below}:{accept}".encode()).hexdigest()
    return f"k8s-list:{call.run.pk}:{digest}"


def cached(key: str) -> bytes | None:
    body = cache.get(key)
    return body if isinstance(body, bytes) else None


def keep(key: str, body: bytes) -> None:
    cache.set(key, body, CACHE_SECONDS)
