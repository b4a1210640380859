"""How many bytes one owner may keep, scenarios and runs together: a guest far less than a signed-up user.

A scenario's stored bytes are its objects' JSON text as the database keeps it (octet_length of the
`manifests` column: read from the value's header, never by loading it) plus its title and
description. A run's are its frozen copy of the scenario's objects (octet_length of `Run.documents`),
once: its first event (`cluster.snapshot`) holds the simulation's state, not the documents (no
annotations, no unknown fields), and its event log is not counted (docs/api.md, Limits).

A scenario write, run start, restart or fork that would take the owner beyond the quota is a 413
naming the quota and the use; nothing is stored. A workshop covers its class: a guest in an open
workshop stores scenarios as a signed-up user, and the runs and forks of its students and instructor,
and any run in a workshop's pool (the class run, the instructor's forks of it), are never refused —
their bytes still count for their owner (the pool's: the instructor, never a guest) afterwards. A
guest made by the very request that starts a run owns nothing yet and is not asked (one run is one
scenario, at most the request body limit, below the guests' quota). Runs cannot be deleted: a full
quota stays full until retention (a guest's idle private runs) takes them back.
"""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Exists, F, Func, IntegerField, OuterRef, Subquery, Sum
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
    """413 if the owner's scenarios (without `replacing`, the one being rewritten) and runs plus `new_bytes` exceed the quota."""
    quota, who = quota_of(owner)
    _refuse_beyond(quota, who, stored_bytes(owner, replacing), new_bytes, "objects", "this")


def check_run(owner: User, field: str, *, scenario: int | None = None, run: int | None = None) -> None:
    """413 if a new run copying the objects of `scenario` (a start) or the documents of `run` (a restart,
    a fork) would take the owner beyond the quota. One query: the owner's use, the copy's size and
    what decides the quota. Inside the caller's transaction, after the owner's row lock."""
    if scenario is not None:
        copied = Scenario.objects.filter(pk=scenario).values(size=OctetLength(F("manifests")))
    else:
        from playground.runs.api import Run

        copied = Run.objects.filter(pk=run).values(size=OctetLength(F("documents")))
    row = User.objects.filter(pk=owner.pk).values(
        scenario_bytes=_sum_of(Scenario.objects, scenario_size()), run_bytes=_sum_of(_runs(), run_size()),
        copied_bytes=Coalesce(Subquery(copied[:1]), 0), guest=Coalesce(F("profile__is_guest"), False),
        in_workshop=_in_open_workshop_expression()).get()
    if row["in_workshop"]:
        return  # the workshop covers its students' and instructor's runs: a class never stalls on a quota
    quota, who = _quota(row["guest"], False)
    _refuse_beyond(quota, who, row["scenario_bytes"] + row["run_bytes"], row["copied_bytes"], field, "this run")


def _refuse_beyond(quota: int, who: str, use: int, new_bytes: int, field: str, what: str) -> None:
    if use + new_bytes > quota:
        message = (f"storage quota of {who} is {_size(quota)} (scenarios and runs): you store {_size(use)}, and "
                   f"{what} would make it {_size(use + new_bytes)}; delete scenarios you no longer need"
                   + (f" or sign up (signed-up users may store {_size(settings.SCENARIO_QUOTA_BYTES_USER)})"
                      if who == "guests" else ""))
        raise InvalidDocuments([field_error(field, message, value=new_bytes)], status_code=413)


def quota_of(owner: User) -> tuple[int, str]:
    return _quota(is_guest(owner), is_guest(owner) and _in_open_workshop(owner))


def _quota(guest: bool, in_open_workshop: bool) -> tuple[int, str]:
    if guest and not in_open_workshop:
        return settings.SCENARIO_QUOTA_BYTES_GUEST, "guests"
    return settings.SCENARIO_QUOTA_BYTES_USER, "signed-up users"


def scenario_size() -> Any:
    return OctetLength(F("manifests")) + OctetLength(F("title")) + OctetLength(F("description"))


def run_size() -> Any:
    return OctetLength(F("documents"))


def stored_bytes(owner: User, excluding: int | None = None) -> int:
    scenarios = Scenario.objects.filter(owner=owner).exclude(pk=excluding)
    runs = _runs().filter(owner=owner)
    return (int(scenarios.aggregate(total=Coalesce(Sum(scenario_size()), 0))["total"])
            + int(runs.aggregate(total=Coalesce(Sum(run_size()), 0))["total"]))


def _runs() -> Any:
    from playground.runs.api import Run  # runs use scenarios: imported late

    return Run.objects


def _sum_of(objects: Any, size: Any) -> Any:
    """The owner's total of `size` over `objects`, as a subquery of a query over users."""
    totals = objects.filter(owner=OuterRef("pk")).order_by().values("owner").annotate(total=Sum(size)).values("total")
    return Coalesce(Subquery(totals[:1]), 0)


def _in_open_workshop_expression() -> Exists:
    from playground.workshops.selectors import open_workshops_of  # workshops use scenarios: imported late

    return Exists(open_workshops_of(OuterRef("pk")))


def _in_open_workshop(user: User) -> bool:
    from playground.workshops.selectors import in_open_workshop  # workshops use scenarios: imported late

    return in_open_workshop(user)


def _size(n: int) -> str:
    return f"{n / MIB:.1f} MiB" if n >= MIB // 10 else f"{n:,} bytes"
