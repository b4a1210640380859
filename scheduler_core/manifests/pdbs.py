"""policy/v1 PodDisruptionBudget → objects.PodDisruptionBudget."""
from __future__ import annotations

import re
from typing import Any

from scheduler_core.manifests.context import Doc, child
from scheduler_core.manifests.label_selectors import label_selector
from scheduler_core.manifests.meta import read_metadata
from scheduler_core.manifests.names import check_name
from scheduler_core.objects import PodDisruptionBudget

_PERCENT = re.compile(r"^[0-9]+%$")
_STATUS_UNMODELLED = ("currentHealthy", "desiredHealthy", "expectedPods", "observedGeneration", "conditions")


def parse_pdb_doc(doc: Doc, manifest: dict[str, Any]) -> PodDisruptionBudget:
    read_metadata(doc, manifest, ("name", "namespace"))
    check_name(doc, doc.name, "metadata.name")
    spec = doc.get_map(manifest, "spec", "")
    status = doc.get_map(manifest, "status", "")
    doc.check_keys(spec, "spec", ("selector", "minAvailable", "maxUnavailable"), ("unhealthyPodEvictionPolicy",))
    doc.check_keys(status, "status", ("disruptionsAllowed", "disruptedPods"), _STATUS_UNMODELLED)
    min_available = _int_or_percent(doc, spec, "minAvailable")
    max_unavailable = _int_or_percent(doc, spec, "maxUnavailable")
    if min_available is not None and max_unavailable is not None:
        doc.invalid("spec.minAvailable", min_available, "minAvailable and maxUnavailable cannot be both set")
    allowed = doc.get_int(status, "disruptionsAllowed", "status")
    if allowed is not None and allowed < 0:
        doc.invalid("status.disruptionsAllowed", allowed, "must be greater than or equal to 0")
    return PodDisruptionBudget(
        name=doc.name,
        namespace=doc.namespace,
        selector=label_selector(doc, spec.get("selector"), "spec.selector"),
        min_available=min_available,
        max_unavailable=max_unavailable,
        disruptions_allowed=allowed,
        disrupted_pods=_disrupted_pods(doc, status),
    )


def _int_or_percent(doc: Doc, spec: dict[str, Any], key: str) -> int | str | None:
    """ValidatePositiveIntOrPercent + IsNotMoreThan100Percent."""
    value = spec.get(key)
    path = child("spec", key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        doc.invalid(path, value, "must be an integer or percentage (e.g '5%')")
        return None
    if isinstance(value, int):
        if value < 0:
            doc.invalid(path, value, "must be greater than or equal to 0")
        return value
    if not _PERCENT.match(value):
        doc.invalid(path, value, "must be an integer or percentage (e.g '5%')")
        return None
    if int(value[:-1]) > 100:
        doc.invalid(path, value, "must not be greater than 100%")
    return value


def _disrupted_pods(doc: Doc, status: dict[str, Any]) -> tuple[str, ...]:
    """status.disruptedPods: the API's map pod name → eviction time, or a plain list of names."""
    raw = status.get("disruptedPods")
    if raw is None:
        return ()
    if isinstance(raw, dict):
        return tuple(str(name) for name in raw)
    return doc.get_strings(status, "disruptedPods", "status")
