"""labelSelector and fieldSelector query parameters (apimachinery labels.Parse, fields.ParseSelector)."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playground.k8sapi.status import ApiError, bad_request

Predicate = Callable[[dict[str, str]], bool]
_SET = re.compile(r"^\s*(!?)([A-Za-z0-9./_-]+)\s*(?:(notin|in)\s*\(([^)]*)\))?\s*$")
_EQ = re.compile(r"^\s*([A-Za-z0-9./_-]+)\s*(==|=|!=)\s*([A-Za-z0-9._-]*)\s*$")


def _split_requirements(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [p for p in [*parts, current] if p.strip()]


def _requirement(text: str) -> Predicate:
    eq = _EQ.match(text)
    if eq:
        key, op, value = eq.groups()
        if op == "!=":
            return lambda labels: labels.get(key) != value
        return lambda labels: labels.get(key) == value
    match = _SET.match(text)
    if not match:
        raise bad_request(f"unable to parse requirement: {text.strip()!r}")
    negated, key, op, values_text = match.groups()
    if op:
        values = {v.strip() for v in values_text.split(",") if v.strip()}
        if op == "in":
            return lambda labels: key in labels and labels[key] in values
        return lambda labels: key not in labels or labels[key] not in values
    if negated:
        return lambda labels: key not in labels
    return lambda labels: key in labels


def label_selector(text: str | None) -> Predicate:
    requirements = [_requirement(r) for r in _split_requirements(text or "")]
    return lambda labels: all(r(labels) for r in requirements)


def _lookup(obj: dict[str, Any], path: str) -> str:
    if path == "source" and obj.get("kind") == "Event":  # event strategy: source.component, else reportingComponent
        return str((obj.get("source") or {}).get("component") or obj.get("reportingComponent") or "")
    value: Any = obj
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return "" if value is None else str(value)


def field_selector(text: str | None, kind: str, supported: tuple[str, ...]) -> Callable[[dict[str, Any]], bool]:
    checks: list[tuple[str, str, bool]] = []
    for part in _split_requirements(text or ""):
        match = re.match(r"^\s*([A-Za-z.]+)\s*(==|=|!=)\s*(.*?)\s*$", part)
        if not match:
            raise bad_request(f"invalid selector: '{text}'; can't understand '{part}'")
        path, op, value = match.groups()
        if path not in ("metadata.name", "metadata.namespace", *supported):
            raise ApiError(400, "BadRequest", f'field label not supported: {path}')
        checks.append((path, value, op == "!="))
    return lambda obj: all((_lookup(obj, path) != value) == negated for path, value, negated in checks)
