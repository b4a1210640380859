"""Writes to scenarios. Every write validates the whole scenario and bumps `version` atomically.

Concurrency is a compare-and-swap on `version` (UPDATE ... WHERE version = <read>): it needs no
row locks, and a stale write changes nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from playground.accounts.services import get_or_create_system_user
from playground.api_errors import Conflict, InvalidDocuments, PreconditionFailed, field_error
from playground.scenarios import documents, quotas, selectors, yamlio
from playground.scenarios.documents import Document, Kind
from playground.scenarios.models import Scenario, Visibility
from playground.scenarios.validation import validate_objects, validate_settings

__all__ = ["create_scenario", "fork_scenario", "get_or_create_system_user", "update_scenario"]

Fields = dict[str, Any]
WRITE_ATTEMPTS = 5  # unconditional writes retry this often when racing other writers


def objects_fields(docs: list[Document]) -> Fields:
    docs = [documents.normalise(documents.with_api_version(d)) if isinstance(d, dict) else d
            for d in documents.flatten_lists(docs)]
    cluster = validate_objects(docs)
    return {"manifests": docs, "counts": documents.counts(docs), "ignored": list(cluster.ignored)}


def create_scenario(owner: User, title: str, description: str = "", objects: list[Document] | None = None,
                    settings: dict[str, Any] | None = None, visibility: str = Visibility.PRIVATE,
                    forked_from: Scenario | None = None) -> Scenario:
    fields = objects_fields(list(objects or []))
    quotas.check(owner, quotas.scenario_bytes(fields["manifests"], title, description))
    scenario = Scenario.objects.create(
        owner=owner, title=title, description=description, visibility=visibility,
        settings=validate_settings(dict(settings or {})), forked_from=forked_from, **fields)
    return selectors.scenario_by_pk(scenario.pk)


def update_scenario(scenario: Scenario, based_on: int | None, **changes: Any) -> Scenario:
    """changes: any of title, description, visibility, objects, settings."""
    fields: Fields = {k: changes[k] for k in ("title", "description", "visibility") if k in changes}
    if "objects" in changes:
        fields.update(objects_fields(changes["objects"]))
    if "settings" in changes:
        fields["settings"] = validate_settings(changes["settings"])
    return _write(scenario, based_on, lambda current: fields)


def set_featured(scenario: Scenario, featured: bool) -> Scenario:
    """Staff's choice for the gallery; not an edit of the scenario (its version stays)."""
    if featured and scenario.visibility != Visibility.PUBLIC:
        raise InvalidDocuments([field_error("featured", f"only a public scenario can be featured; {scenario.slug} is "
                                                        f"{scenario.visibility}", value=featured)])
    Scenario.objects.filter(pk=scenario.pk).update(featured=featured)
    return selectors.scenario_by_pk(scenario.pk)


def delete_scenario(scenario: Scenario, based_on: int | None) -> None:
    with transaction.atomic():
        deleted, _ = Scenario.objects.filter(pk=scenario.pk, **_version_filter(based_on)).delete()
    if not deleted:
        _check_version(selectors.scenario_by_pk(scenario.pk), based_on)


def fork_scenario(source: Scenario, owner: User, title: str | None = None,
                  visibility: str = Visibility.PRIVATE) -> Scenario:
    return create_scenario(owner, title or f"{source.title} (fork)", source.description,
                           source.manifests, source.settings, visibility, forked_from=source)


def import_yaml(owner: User, text: str, title: str, description: str = "",
                visibility: str = Visibility.PRIVATE, settings: dict[str, Any] | None = None) -> Scenario:
    documents = yamlio.parse(text)
    if not documents:
        # As kubectl apply refuses a file with nothing in it ("no objects passed to apply").
        raise InvalidDocuments([field_error("yaml", "has no objects: nothing to import (an empty scenario is "
                                                    "POST /api/scenarios/)", value=text[:200])])
    return create_scenario(owner, title, description, documents, settings, visibility)


def replace_yaml(scenario: Scenario, text: str, based_on: int | None) -> Scenario:
    return update_scenario(scenario, based_on, objects=yamlio.parse(text))


def add_objects(scenario: Scenario, kind: Kind, docs: list[Any], based_on: int | None) -> Scenario:
    new = [_as_kind(d, kind, f"[{i}]" if len(docs) > 1 else "") for i, d in enumerate(docs)]

    def change(current: Scenario) -> Fields:
        _refuse_duplicates(current.manifests, kind, new)
        return objects_fields([*current.manifests, *new])

    return _write(scenario, based_on, change)


def replace_object(scenario: Scenario, kind: Kind, key: tuple[str, str], doc: Any,
                   based_on: int | None) -> Scenario:
    """PUT replaces an object that exists (404 otherwise: create with POST), under the same name."""

    def change(current: Scenario) -> Fields:
        index = _index_or_404(current, kind, key)
        new = _as_kind(doc, kind)
        _refuse_rename(new, kind, key)
        manifests = list(current.manifests)
        manifests[index] = new
        return objects_fields(manifests)

    return _write(scenario, based_on, change)


def delete_object(scenario: Scenario, kind: Kind, key: tuple[str, str], based_on: int | None) -> Scenario:
    def change(current: Scenario) -> Fields:
        index = _index_or_404(current, kind, key)
        if kind.kind == "PriorityClass":
            _refuse_class_in_use(current.manifests, key[1])
        return objects_fields([d for i, d in enumerate(current.manifests) if i != index])

    return _write(scenario, based_on, change)


def expand_template(template: Any, count: int) -> list[Document]:
    """{"template": manifest, "count": N} -> N copies named <name>-1 .. <name>-N."""
    base = documents.name_of(template) if isinstance(template, dict) else ""
    if not base:
        raise InvalidDocuments([field_error("template.metadata.name", "is required: copies are named <name>-1 .. <name>-N")])
    return [_renamed(template, f"{base}-{i}") for i in range(1, count + 1)]


def _renamed(doc: Document, name: str) -> Document:
    copy = deepcopy(doc)
    copy["metadata"] = {**copy["metadata"], "name": name}
    return copy


def _as_kind(doc: Any, kind: Kind, where: str = "") -> Document:
    if not isinstance(doc, dict):
        raise InvalidDocuments([field_error(where or "body", f"must be a {kind.kind} manifest (an object)")])
    if doc.get("kind", kind.kind) != kind.kind:
        message = f'must be "{kind.kind}" at this URL'
        raise InvalidDocuments([field_error(f"{where}.kind" if where else "kind", message, value=doc.get("kind"))])
    return documents.with_kind(doc, kind)


def _refuse_rename(doc: Document, kind: Kind, key: tuple[str, str]) -> None:
    if documents.identity(doc, kind) != key:
        name = "/".join(filter(None, key))
        raise InvalidDocuments([field_error("metadata.name", f"must stay {name!r}: rename by delete and create",
                                            value=documents.name_of(doc))])


def _refuse_duplicates(existing: list[Document], kind: Kind, new: list[Document]) -> None:
    """409 for a name the scenario already has; 400 for a name the request itself gives twice."""
    taken = {documents.identity(d, kind) for d in documents.of_kind(existing, kind)}
    given: dict[tuple[str, str], int] = {}
    for i, doc in enumerate(new):
        key = documents.identity(doc, kind)
        name = "/".join(filter(None, key))
        where = f"[{i}].metadata.name" if len(new) > 1 else "metadata.name"
        if key in taken:
            raise Conflict(f"{kind.kind} {name} already exists in this scenario"
                           + (f" (item [{i}] of this request)" if len(new) > 1 else "")
                           + ": replace it with PUT, or choose another name")
        if key in given:
            raise InvalidDocuments([field_error(where, f"{kind.kind} {name} appears twice in this request "
                                                       f"(items [{given[key]}] and [{i}])",
                                                value=documents.name_of(doc))])
        given[key] = i


def _refuse_class_in_use(manifests: list[Document], name: str) -> None:
    users = [f"{documents.namespace_of(d)}/{documents.name_of(d)}" for d in documents.of_kind(manifests, documents.KIND_BY_NAME["Pod"])
             if isinstance(d.get("spec"), dict) and d["spec"].get("priorityClassName") == name]
    if users:
        shown = ", ".join(users[:5]) + (f" and {len(users) - 5} more" if len(users) > 5 else "")
        raise Conflict(f"PriorityClass {name} is used by {len(users)} pod{'s' * (len(users) != 1)} ({shown}): "
                       "delete them or change their priorityClassName first")


def _index_or_404(scenario: Scenario, kind: Kind, key: tuple[str, str]) -> int:
    index = documents.index_of(scenario.manifests, kind, key)
    if index is None:
        raise selectors.object_not_found(kind, key)
    return index


def _write(scenario: Scenario, based_on: int | None, change: Callable[[Scenario], Fields]) -> Scenario:
    for _ in range(WRITE_ATTEMPTS):
        current = selectors.scenario_by_pk(scenario.pk)
        _check_version(current, based_on)
        fields = change(current)
        if "manifests" in fields:
            size = quotas.scenario_bytes(fields["manifests"], fields.get("title", current.title),
                                         fields.get("description", current.description))
            quotas.check(current.owner, size, replacing=current.pk)
        with transaction.atomic():
            updated = Scenario.objects.filter(pk=current.pk, version=current.version).update(
                version=F("version") + 1, updated_at=timezone.now(), **fields)
        if updated:
            return selectors.scenario_by_pk(current.pk)
    raise Conflict("the scenario is changing too fast; try again")


def _version_filter(based_on: int | None) -> dict[str, int]:
    return {} if based_on is None else {"version": based_on}


def _check_version(current: Scenario, based_on: int | None) -> None:
    if based_on is not None and current.version != based_on:
        raise PreconditionFailed(
            f"scenario {current.slug} was changed by someone else: you edited version {based_on}, "
            f"it is now at version {current.version}; reload and reapply your change",
            current_version=current.version)
