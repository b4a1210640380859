"""Resource lists (requests, limits, overhead, node capacity) in canonical units."""
from __future__ import annotations

import re
from typing import Any

from scheduler_core.manifests.context import Doc, child
from scheduler_core.manifests.names import label_key_errors
from scheduler_core.quantity import QuantityError, parse_quantity, to_canonical

_STANDARD = ("cpu", "memory", "ephemeral-storage")
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
    try:
        exact = parse_quantity(value)
    except QuantityError as err:
        doc.invalid(path, value, str(err))
        return None
    if exact < 0:
        doc.invalid(path, value, "must be greater than or equal to 0")
        return None
    return to_canonical(name, value)


def container_requests(doc: Doc, resources: dict[str, Any], path: str) -> dict[str, int]:
    """requests, with limits standing in for absent requests (API-server defaulting)."""
    doc.check_keys(resources, path, ("requests", "limits"), ("claims",))
    requests = resource_list(doc, resources.get("requests"), child(path, "requests"))
    limits = resource_list(doc, resources.get("limits"), child(path, "limits"))
    for name, limit in limits.items():
        if name not in requests:
            requests[name] = limit
        elif requests[name] > limit:
            doc.invalid(
                child(child(path, "requests"), name), resources["requests"][name],
                f"must be less than or equal to {name} limit of {resources['limits'][name]}",
            )
    return requests
