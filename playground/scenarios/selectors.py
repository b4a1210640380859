"""Reads of scenarios, with who-may-see-what applied. Private scenarios are 404 to everyone else."""
from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import F, Q, QuerySet
from rest_framework.exceptions import NotFound, PermissionDenied

from playground.accounts.services import SYSTEM_USERNAME
from playground.prepared import Placeholder, Prepared
from playground.scenarios import documents
from playground.scenarios.documents import Document, Kind
from playground.scenarios.models import Scenario, Visibility

AnyUser: TypeAlias = AbstractBaseUser | AnonymousUser
SCOPES = ("public", "mine", "featured", "shared")
SUMMARY_DEFERRED = ("manifests", "settings", "ignored")


def _scenarios() -> QuerySet[Scenario]:
    return Scenario.objects.select_related("owner__profile").annotate(forked_from_slug=F("forked_from__slug"))


def scenario_list(user: AnyUser, scope: str = "public", search: str = "") -> QuerySet[Scenario]:
    scenarios = _scenarios().defer(*SUMMARY_DEFERRED)
    if scope == "mine":
        scenarios = scenarios.filter(owner_id=user.pk) if user.is_authenticated else scenarios.none()
    elif scope == "featured":
        scenarios = scenarios.filter(visibility=Visibility.PUBLIC, featured=True)
    elif scope == "shared":
        # The gallery's "All shared": what the lessons and Featured lists above it do not show.
        scenarios = scenarios.filter(visibility=Visibility.PUBLIC, featured=False).exclude(owner__username=SYSTEM_USERNAME)
    else:
        scenarios = scenarios.filter(visibility=Visibility.PUBLIC)
    if search:
        scenarios = scenarios.filter(Q(title__icontains=search) | Q(description__icontains=search))
    return scenarios.order_by("-updated_at", "-id")


def scenario_by_pk(pk: int) -> Scenario:
    scenario = _scenarios().filter(pk=pk).first()
    if scenario is None:
        raise NotFound("this scenario was deleted")
    return scenario


def scenario_not_found(slug: str) -> NotFound:
    return NotFound(f"no scenario {slug!r} (or it is private)")


def can_read(user: AnyUser, scenario: Scenario) -> bool:
    return scenario.visibility != Visibility.PRIVATE or can_edit(user, scenario)


def can_edit(user: AnyUser, scenario: Scenario) -> bool:
    return user.is_authenticated and scenario.owner_id == user.pk


# A scenario read by its link (its runs, its export): its SQL built once (playground/prepared.py).
_scenario_without_manifests: Prepared[Scenario] = Prepared(
    lambda slug: _scenarios().defer("manifests").filter(slug=slug)[:1], Placeholder("\x01placeholder-slug"))


def readable_scenario(user: AnyUser, slug: str, *, defer_manifests: bool = False) -> Scenario:
    """The scenario behind a link, for reading, forking or running it. ``defer_manifests``: its
    objects (megabytes for a big cluster) load only if read — starting a run copies them in SQL."""
    if defer_manifests:
        scenario = _scenario_without_manifests.first(slug)
    else:
        scenario = _scenarios().filter(slug=slug).first()
    if scenario is None or not can_read(user, scenario):
        raise scenario_not_found(slug)
    return scenario


# A class's run starts all read their scenario: only what a start reads, its SQL built once. With its
# owner, profile and fork's slug it cost each start 0.1 ms more of the web process's CPU
# (docs/benchmarks.md, classroom).
START_FIELDS = ("slug", "owner_id", "visibility", "settings", "counts")
_scenario_to_start: Prepared[Scenario] = Prepared(
    lambda slug: Scenario.objects.only(*START_FIELDS).filter(slug=slug)[:1], Placeholder("\x01placeholder-slug"))


def scenario_to_start(user: AnyUser, slug: str) -> Scenario:
    """The scenario a run starts from, if the user may read it, with only what a start reads
    (START_FIELDS; anything else loads when read). The run copies its objects in SQL."""
    scenario = _scenario_to_start.first(slug)
    if scenario is None or not can_read(user, scenario):
        raise scenario_not_found(slug)
    return scenario


def linked_scenario(user: AnyUser, slug: str) -> Scenario | None:
    """The scenario a request names by its slug (its objects not loaded), None if gone or private."""
    scenario = _scenario_without_manifests.first(slug)
    return scenario if scenario is not None and can_read(user, scenario) else None


def editable_scenario(user: AnyUser, slug: str) -> Scenario:
    scenario = readable_scenario(user, slug)
    if not can_edit(user, scenario):
        raise PermissionDenied(f"only the owner can change scenario {slug}; fork it to get your own copy")
    return scenario


def object_not_found(kind: Kind, key: tuple[str, str]) -> NotFound:
    return NotFound(f"no {kind.kind} {'/'.join(filter(None, key))!r} in this scenario")


def objects_of_kind(scenario: Scenario, kind: Kind) -> list[Document]:
    return documents.of_kind(scenario.manifests, kind)


def object_of_kind(scenario: Scenario, kind: Kind, key: tuple[str, str]) -> Document:
    index = documents.index_of(scenario.manifests, kind, key)
    if index is None:
        raise object_not_found(kind, key)
    return scenario.manifests[index]
