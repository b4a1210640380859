"""Resource lists (requests, limits, overhead, node capacity) in canonical units."""
from __future__ import annotations

import functools
import re
from typing import Any

from scheduler_core.manifests.context import Doc, child
from scheduler_core.manifests.names import label_key_errors
from scheduler_core.quantity import QuantityError, parse_quantity, to_canonical

_STANDARD = ("cpu", "memory", "ephemeral-storage")
INT64_MAX = 2**63 - 1
_HUGEPAGES = re.compile(r"^hugepages-.+$")


def resource_list(doc: Doc, raw: Any, path: str, *, node: bool = False) -> dict[str, int]:
    """Each quantity parsed exactly; malformed, negative or unknown names are reported."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        doc.invalid(path, raw, "must be an object")
        return {}
    out: dict[str, int] = {}
    for name, value in raw.items():
        item_path = child(path, str(name))
        if not _check_resource_name(doc, str(name), item_path, node=node):
            continue
        amount = _quantity(doc, str(name), value, item_path)
        if amount is not None:
            out[str(name)] = amount
    return out


def _check_resource_name(doc: Doc, name: str, path: str, *, node: bool) -> bool:
    if name in _STANDARD or _HUGEPAGES.match(name) or (node and name == "pods"):
        return True
    if "/" not in name:
        doc.invalid(path, name, "must be a standard resource for containers")
        return False
    errors = label_key_errors(name)
    for msg in errors:
        doc.invalid(path, name, msg)
    return not errors


def _quantity(doc: Doc, name: str, value: Any, path: str) -> int | None:
    error, amount = _quantity_text(name, value) if isinstance(value, str) else _checked_quantity(name, value)
    if error is not None:
        doc.invalid(path, value, error)
    return amount


@functools.lru_cache(maxsize=4096)
def _quantity_text(name: str, value: str) -> tuple[str | None, int | None]:
    """Remembered: a cluster repeats a few quantities on thousands of objects."""
    return _checked_quantity(name, value)


def _checked_quantity(name: str, value: Any) -> tuple[str | None, int | None]:
    """(the error, None) or (None, the amount in canonical units)."""
    try:
        exact = parse_quantity(value)
    except QuantityError as err:
        return str(err), None
    if exact < 0:
        return "must be greater than or equal to 0", None
    amount = to_canonical(name, value)
    if amount > INT64_MAX:
        # kube-scheduler counts in int64 (Quantity.MilliValue / Value): beyond it upstream wraps around.
        unit = "millicores" if name == "cpu" else "units"
        return f"must be at most {INT64_MAX} {unit} (int64), the most the scheduler can count", None
    return None, amount


def is_overcommit_allowed(name: str) -> bool:
    """helper.IsOvercommitAllowed: native resources except hugepages; extended ones must not overcommit."""
    native = "/" not in name or "kubernetes.io/" in name
    return native and not _HUGEPAGES.match(name)


def container_requests(doc: Doc, resources: dict[str, Any], path: str) -> dict[str, int]:
    """requests, with limits standing in for absent requests (API-server defaulting)."""
    doc.check_keys(resources, path, ("requests", "limits"), ("claims",))
    raw_requests = _raw_map(resources, "requests")
    raw_limits = _raw_map(resources, "limits")
    requests = resource_list(doc, resources.get("requests"), child(path, "requests"))
    limits = resource_list(doc, resources.get("limits"), child(path, "limits"))
    for name, amount in requests.items():
        _check_against_limit(doc, path, name, amount, limits, raw_requests, raw_limits)
    for key, raw in (("requests", raw_requests), ("limits", raw_limits)):
        _check_integers(doc, child(path, key), raw)
    return {**limits, **requests}


def _raw_map(resources: dict[str, Any], key: str) -> dict[str, Any]:
    value = resources.get(key)
    return dict(value) if isinstance(value, dict) else {}


def _check_against_limit(
    doc: Doc, path: str, name: str, amount: int, limits: dict[str, int], raw_requests: dict[str, Any],
    raw_limits: dict[str, Any],
) -> None:
    """ValidateResourceRequirements: request <= limit; equal, and required, for extended resources."""
    requests_path = child(path, "requests")
    if name not in limits:
        if not is_overcommit_allowed(name):
            doc.required(child(path, "limits"), "Limit must be set for non overcommitable resources")
        return
    if amount != limits[name] and not is_overcommit_allowed(name):
        doc.invalid(requests_path, raw_requests[name], f"must be equal to {name} limit of {raw_limits[name]}")
    elif amount > limits[name]:
        doc.invalid(requests_path, raw_requests[name], f"must be less than or equal to {name} limit of {raw_limits[name]}")


def _check_integers(doc: Doc, path: str, raw: dict[str, Any]) -> None:
    """ValidateResourceQuantityValue: extended resources come in whole units."""
    for name, value in raw.items():
        if is_overcommit_allowed(str(name)) or "/" not in str(name):
            continue  # only extended resources must be whole (IsIntegerResourceName)
        try:
            exact = parse_quantity(value)
        except QuantityError:
            continue  # already reported
        if exact.denominator != 1:
            doc.invalid(child(path, str(name)), value, "must be an integer")
