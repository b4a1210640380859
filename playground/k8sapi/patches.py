"""PATCH bodies: JSON merge patch (RFC 7386), strategic merge patch, JSON patch (RFC 6902).

The fields this server lets a patch change (node labels, taints, unschedulable) are maps, scalars and
an atomic list (spec.taints has no patch strategy), where a strategic merge patch means exactly what a
merge patch means; its `$`-directives only steer merging of lists with merge keys, which these fields
do not have, so they are dropped.
"""
from __future__ import annotations

import copy
import json
from typing import Any

from playground.k8sapi.status import ApiError, bad_request

MERGE = "application/merge-patch+json"
STRATEGIC = "application/strategic-merge-patch+json"
JSON_PATCH = "application/json-patch+json"
APPLY = "application/apply-patch+yaml"


def merge(target: Any, patch: Any, strategic: bool = False) -> Any:
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    result = copy.deepcopy(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if strategic and key.startswith("$"):
            continue
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge(result.get(key), value, strategic)
    return result


def _pointer(path: str) -> list[str]:
    if not path.startswith("/"):
        raise bad_request(f"json patch path {path!r} must start with /")
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def _parent(doc: Any, parts: list[str]) -> Any:
    for part in parts[:-1]:
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


def json_patch(target: Any, operations: Any) -> Any:
    if not isinstance(operations, list):
        raise bad_request("json patch must be a list of operations")
    doc = copy.deepcopy(target)
    for op in operations:
        try:
            doc = _operation(doc, op)
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            raise ApiError(422, "Invalid", f"the json patch operation {json.dumps(op)} failed: {exc!r}") from exc
    return doc


def _operation(doc: Any, op: dict[str, Any]) -> Any:
    kind, parts = op["op"], _pointer(op["path"])
    parent, last = _parent(doc, parts), parts[-1]
    if kind == "test":
        current = parent[int(last)] if isinstance(parent, list) else parent[last]
        if current != op["value"]:
            raise ValueError("test failed")
    elif kind == "remove":
        del parent[int(last) if isinstance(parent, list) else last]
    elif kind in ("add", "replace"):
        if isinstance(parent, list):
            index = len(parent) if last == "-" else int(last)
            if kind == "add":
                parent.insert(index, op["value"])
            else:
                parent[index] = op["value"]
        else:
            if kind == "replace" and last not in parent:
                raise KeyError(last)
            parent[last] = op["value"]
    else:
        raise ValueError(f"unsupported op {kind!r}")
    return doc


def apply(target: dict[str, Any], content_type: str, body: bytes) -> dict[str, Any]:
    media = content_type.split(";")[0].strip()
    if media == APPLY:
        raise ApiError(415, "UnsupportedMediaType",
                       "server-side apply is not supported by the playground: use client-side kubectl apply")
    try:
        patch = json.loads(body or b"{}")
    except ValueError as exc:
        raise bad_request(f"the body of the request was in an unknown format - accepted media types include: "
                          f"{JSON_PATCH}, {MERGE}, {STRATEGIC}: {exc}") from exc
    if media == JSON_PATCH:
        return dict(json_patch(target, patch))
    if media in (MERGE, STRATEGIC):
        return dict(merge(target, patch, strategic=media == STRATEGIC))
    raise ApiError(415, "UnsupportedMediaType", f"the media type {media!r} is not supported for PATCH")


def replace(current: dict[str, Any], body: dict[str, Any], exact: tuple[str, ...]) -> dict[str, Any]:
    """What PUT makes of the object. The fields at the `exact` paths (dotted) become the body's (left out:
    removed); the status stays the server's (PrepareForUpdate); any other field the body leaves out keeps its
    current value — the defaulting the apiserver would apply — and one it sets is compared by the caller."""
    new = merge(current, {k: v for k, v in body.items() if k != "status"})
    for path in exact:
        *parents, leaf = path.split(".")
        given: Any = body
        target = new
        for part in parents:
            given = given.get(part) if isinstance(given, dict) else None
            target = target.setdefault(part, {})
        value = given.get(leaf) if isinstance(given, dict) else None
        if value is None:
            target.pop(leaf, None)
        else:
            target[leaf] = copy.deepcopy(value)
    return new

