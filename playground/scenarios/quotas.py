"""How many bytes of scenarios one owner may keep: a guest far less than a signed-up user.

A scenario's stored bytes are its objects' JSON text as the database keeps it (octet_length of the
`manifests` column: read from the value's header, never by loading it) plus its title and
description. A write that would take the owner beyond the quota is a 413 naming the quota and the
use; nothing is stored. A guest in an open workshop counts as signed up: a class never stalls on a
quota (runs, and forks of runs, store no scenario and are not counted here at all).
"""
from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import F, Func, IntegerField, Sum
from django.db.models.functions import Coalesce

from playground.accounts.services import is_guest
from playground.api_errors import InvalidDocuments, field_error
from playground.jsontext import encode_json
from playground.scenarios.documents import Document
from playground.scenarios.models import Scenario

MIB = 1024 * 1024


class OctetLength(Func):
    """PostgreSQL's octet_length: a text's size in bytes, from a TOASTed value's header alone."""

    function = "octet_length"
    output_field = IntegerField()


def scenario_bytes(manifests: list[Document], title: str, description: str) -> int:
    return len(encode_json(manifests).encode()) + len(title.encode()) + len(description.encode())


def check(owner: User, new_bytes: int, replacing: int | None = None) -> None:
    """413 if the owner's scenarios (without `replacing`, the one being rewritten) plus `new_bytes` exceed the quota."""
    quota, who = quota_of(owner)
    use = stored_bytes(owner, replacing)
    if use + new_bytes > quota:
        message = (f"scenario storage quota of {who} is {_size(quota)}: you store {_size(use)}, and this would make "
                   f"it {_size(use + new_bytes)}; delete scenarios you no longer need"
                   + (f" or sign up (signed-up users may store {_size(settings.SCENARIO_QUOTA_BYTES_USER)})"
                      if who == "guests" else ""))
        raise InvalidDocuments([field_error("objects", message, value=new_bytes)], status_code=413)


def quota_of(owner: User) -> tuple[int, str]:
    if is_guest(owner) and not _in_open_workshop(owner):
        return settings.SCENARIO_QUOTA_BYTES_GUEST, "guests"
    return settings.SCENARIO_QUOTA_BYTES_USER, "signed-up users"


def stored_bytes(owner: User, excluding: int | None = None) -> int:
    scenarios = Scenario.objects.filter(owner=owner).exclude(pk=excluding)
    size = OctetLength(F("manifests")) + OctetLength(F("title")) + OctetLength(F("description"))
    return int(scenarios.aggregate(total=Coalesce(Sum(size), 0))["total"])


def _in_open_workshop(user: User) -> bool:
    from playground.workshops.selectors import in_open_workshop  # workshops use scenarios: imported late

    return in_open_workshop(user)


def _size(n: int) -> str:
    return f"{n / MIB:.1f} MiB" if n >= MIB // 10 else f"{n:,} bytes"
