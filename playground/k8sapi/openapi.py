"""OpenAPI v3 (/openapi/v3 and one document per group-version): what `kubectl explain` reads and what tells
`kubectl apply` that this server validates fields itself (fieldValidation on PATCH), plus that validation.

The schemas are upstream's (vendor_openapi.py); unknown fields are found by walking them, as the
apiserver's strict decoder does.
"""
from __future__ import annotations

import gzip
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from playground.k8sapi.resources import GROUPS
from scheduler_core.version import KUBERNETES_VERSION

SPEC = Path(__file__).with_name("openapi_spec.json.gz")


@cache
def _spec() -> dict[str, Any]:
    return json.loads(gzip.decompress(SPEC.read_bytes()))


def _gv_paths() -> list[str]:
    return ["api/v1", *(f"apis/{g}/v1" for g in GROUPS)]


@cache
def document(gv_path: str) -> dict[str, Any] | None:
    if gv_path not in _gv_paths():
        return None
    spec = _spec()
    prefix = f"/{gv_path}/"
    paths = {p: item for p, item in spec["paths"].items() if p.startswith(prefix)}
    return {"openapi": "3.0.0", "info": {"title": "Kubernetes", "version": KUBERNETES_VERSION}, "paths": paths,
            "components": {"schemas": spec["definitions"], "securitySchemes": {
                "BearerToken": {"type": "apiKey", "description": "Bearer Token authentication",
                                "name": "authorization", "in": "header"}}}}


def document_hash(gv_path: str) -> str:
    return hashlib.sha512(json.dumps(document(gv_path), sort_keys=True).encode()).hexdigest().upper()[:128]


def root(prefix: str) -> dict[str, Any]:
    """serverRelativeURL carries the run's prefix: kubectl requests it as given."""
    return {"paths": {gv: {"serverRelativeURL": f"{prefix}/openapi/v3/{gv}?hash={document_hash(gv)}"}
                      for gv in _gv_paths()}}


def schema_name(group: str, version: str, kind: str) -> str | None:
    for name, schema in _spec()["definitions"].items():
        for gvk in schema.get("x-kubernetes-group-version-kind", []):
            if (gvk["group"], gvk["version"], gvk["kind"]) == (group, version, kind):
                return str(name)
    return None


def unknown_fields(obj: Any, name: str) -> list[str]:
    """Paths of fields the schema does not know, as the strict decoder names them."""
    return _walk(obj, {"$ref": f"#/components/schemas/{name}"}, "")


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = _spec()["definitions"][schema["$ref"].rsplit("/", 1)[-1]]
    for sub in schema.get("allOf", []):
        return _resolve(sub)
    return schema


def _walk(value: Any, schema: dict[str, Any], path: str) -> list[str]:
    schema = _resolve(schema)
    if isinstance(value, dict) and "properties" in schema:
        found = []
        for key, item in value.items():
            child = f"{path}.{key}" if path else key
            if key not in schema["properties"]:
                found.append(child)
            else:
                found += _walk(item, schema["properties"][key], child)
        return found
    if isinstance(value, dict) and isinstance(schema.get("additionalProperties"), dict):
        return [f for key, item in value.items()
                for f in _walk(item, schema["additionalProperties"], f"{path}.{key}")]
    if isinstance(value, list) and "items" in schema:
        return [f for i, item in enumerate(value) for f in _walk(item, schema["items"], f"{path}[{i}]")]
    return []
