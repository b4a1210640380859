"""Every scenario write passes through here: limits, then scheduler_core's own validation."""
from __future__ import annotations

from typing import Any

from playground import ranges
from playground.api_errors import InvalidDocuments, field_error
from playground.scenarios.documents import KINDS, Document, counts
from playground.scenarios.limits import MAX_OBJECTS_PER_KIND
from scheduler_core.config import SchedulerConfig
from scheduler_core.manifests import FieldError, ManifestError, load_documents
from scheduler_core.objects import Cluster

# Run settings the playground adds on top of SchedulerConfig (which deliberately has no seed).
RUN_SETTINGS = ("seed", "speed")


def validate_objects(docs: Any) -> Cluster:
    if not isinstance(docs, list):
        raise InvalidDocuments([field_error("objects", "must be a list of Kubernetes manifests")])
    check_limits(docs)
    try:
        return load_documents(docs)
    except ManifestError as e:
        raise InvalidDocuments([manifest_error(fe) for fe in e.errors]) from e


def check_limits(docs: list[Document]) -> None:
    have = counts(docs)
    for kind in KINDS:
        limit = MAX_OBJECTS_PER_KIND[kind.kind]
        if have[kind.plural] > limit:
            message = f"a scenario holds at most {limit:,} {kind.kind} objects; this one would have {have[kind.plural]:,}"
            raise InvalidDocuments([field_error(kind.plural, message)], status_code=413)


def manifest_error(e: FieldError) -> dict[str, Any]:
    data = e.to_json()
    error = {"field": e.api_path, "value": data["value"], "message": e.message,
             "document": e.document, "kind": e.kind or None, "name": e.name or None}
    return {k: v for k, v in error.items() if v is not None or k == "value"}


def validate_settings(settings: Any) -> dict[str, Any]:
    if not isinstance(settings, dict):
        raise InvalidDocuments([field_error("settings", "must be an object", value=settings)])
    _validate_run_settings(settings)
    _validate_scheduler_config({k: v for k, v in settings.items() if k not in RUN_SETTINGS})
    return settings


def _validate_run_settings(settings: dict[str, Any]) -> None:
    ranges.check_seed(settings.get("seed", 0), "settings.seed")
    ranges.check_speed(settings.get("speed", 1), "settings.speed")


def _validate_scheduler_config(config: dict[str, Any]) -> None:
    try:
        SchedulerConfig.from_json(config)
    except (ValueError, TypeError) as e:
        field = getattr(e, "field", "")
        raise InvalidDocuments([field_error(f"settings.{field}" if field else "settings",
                                            getattr(e, "message", str(e)),
                                            value=getattr(e, "value", None))]) from e
