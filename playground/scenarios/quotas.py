"""How many bytes one owner may keep, scenarios and runs together: a guest far less than a signed-up user.

A scenario's stored bytes are its objects' JSON text as the database keeps it (octet_length of the
`manifests` column: read from the value's header, never by loading it) plus its title and
description. A run's are its frozen copy of the scenario's objects (octet_length of `Run.documents`)
and its stored event log: its events' JSON texts and the states stored with them, counted as they are
stored in `Run.log_bytes` (by the worker's tick, a fork's copy, a dropped log regenerated) and
zeroed when retention drops the log (playground/runs/logs.py) — so a check sums one column per run,
never the events.

A scenario write, run start, restart, fork or run command that would take the owner beyond the quota
is a 413 naming the quota and the use; nothing is stored. A run's events are not known before it
makes them: what a started run or an accepted command goes on to log may take the owner past the
quota, and then every further write of theirs (a command's own body counted) is refused until they
delete something — but `stop` and `pause`, never refused. A workshop covers its class: a guest in an open workshop stores scenarios
as a signed-up user, and the runs, forks and commands of its students and instructor, and any run in
a workshop's pool (the class run, the instructor's forks of it), are never refused — their bytes
still count for their owner (the pool's: the instructor, never a guest) afterwards. A guest made by
the very request that starts a run owns nothing yet and is not asked (one run is one scenario, at
most the request body limit, below the guests' quota). Deleting a run (DELETE /api/runs/<id>/) or a
scenario frees its bytes; retention (a guest's idle private runs, old runs' logs) frees them too.
"""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import (
    BigIntegerField,
    Exists,
    ExpressionWrapper,
    F,
    Func,
    IntegerField,
    OuterRef,
    Subquery,
    Sum,
    Value,
)
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


def check_run(owner: User, field: str, *, scenario: int | None = None, run: int | None = None,
              events_upto: int | None = None) -> None:
    """413 if a new run copying the objects of `scenario` (a start) or the documents of `run` (a restart,
    a fork; a fork also copies `run`'s events up to `events_upto`) would take the owner beyond the quota.
    One query: the owner's use, the copy's size and what decides the quota. Inside the caller's
    transaction, after the owner's row lock."""
    if scenario is not None:
        copied = Scenario.objects.filter(pk=scenario).values(size=OctetLength(F("manifests")))
    else:
        copied = _runs().filter(pk=run).values(size=ExpressionWrapper(
            OctetLength(F("documents")) + _events_size(run, events_upto), output_field=BigIntegerField()))
    _check_row(owner.pk, field, Coalesce(Subquery(copied[:1]), 0), "this run")


def check_command(owner_id: int, field: str, new_bytes: int) -> None:
    """413 if the owner already stores their quota or more: a command (`new_bytes` of it recorded, and
    the events it makes logged) stores more. One query, as check_run's."""
    _check_row(owner_id, field, Value(new_bytes), "this command")


def _check_row(owner_id: int, field: str, copied: Any, what: str) -> None:
    row = User.objects.filter(pk=owner_id).values(
        scenario_bytes=_sum_of(Scenario.objects, scenario_size()), run_bytes=_sum_of(_runs(), run_size()),
        copied_bytes=copied, guest=Coalesce(F("profile__is_guest"), False),
        in_workshop=_in_open_workshop_expression()).get()
    if row["in_workshop"]:
        return  # the workshop covers its students' and instructor's runs: a class never stalls on a quota
    quota, who = _quota(row["guest"], False)
    _refuse_beyond(quota, who, row["scenario_bytes"] + row["run_bytes"], row["copied_bytes"], field, what)


def _events_size(run: int | None, upto: int | None) -> Any:
    """The bytes of `run`'s events up to `upto` (a fork's copy; 0 for none): only the events it copies are summed."""
    if upto is None:
        return Value(0)
    from playground.runs.api import RunEvent

    events = RunEvent.objects.filter(run_id=run, seq__lte=upto).order_by().values("run_id")
    return Coalesce(Subquery(events.annotate(total=Sum(OctetLength(F("data")))).values("total")[:1]), 0)


def _refuse_beyond(quota: int, who: str, use: int, new_bytes: int, field: str, what: str) -> None:
    if use + new_bytes > quota:
        message = (f"storage quota of {who} is {_size(quota)} (scenarios and runs): you store {_size(use)}, and "
                   f"{what} would make it {_size(use + new_bytes)}; delete scenarios or runs you no longer need"
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
    """A run's frozen documents and its stored event log (Run.log_bytes, kept as events are stored and dropped)."""
    return ExpressionWrapper(OctetLength(F("documents")) + F("log_bytes"), output_field=BigIntegerField())


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
