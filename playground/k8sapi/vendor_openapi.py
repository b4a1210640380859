"""Regenerate openapi_spec.json.gz from upstream's swagger.json (the definitions and paths we serve).

    python -m playground.k8sapi.vendor_openapi path/to/swagger.json

Source used: kubernetes/kubernetes api/openapi-spec/swagger.json as vendored by kubernetes-client/python
(`kubernetes/swagger.json.unprocessed`, KUBERNETES_BRANCH release-1.36). Only the definitions reachable
from the kinds in resources.py are kept; paths are converted to OpenAPI v3 operations for the verbs we serve.
"""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

from playground.k8sapi.resources import RESOURCES, SUBRESOURCES

OUT = Path(__file__).with_name("openapi_spec.json.gz")
EXTRA_ROOTS = ("io.k8s.apimachinery.pkg.apis.meta.v1.Status", "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions",
               "io.k8s.apimachinery.pkg.apis.meta.v1.Patch", "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent",
               "io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList", "io.k8s.apimachinery.pkg.apis.meta.v1.APIGroup",
               "io.k8s.apimachinery.pkg.apis.meta.v1.APIVersions")
ACTIONS = {"get", "list", "watch", "post", "patch", "delete"}  # x-kubernetes-action of what we serve


def _refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"].rsplit("/", 1)[-1]} if "$ref" in node else set()
        return found.union(*(_refs(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node))
    return set()


def reachable(definitions: dict[str, Any], roots: set[str]) -> dict[str, Any]:
    seen: set[str] = set()
    todo = [r for r in roots if r in definitions]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += [r for r in _refs(definitions[name]) if r not in seen]
    return {name: definitions[name] for name in sorted(seen)}


def _paths() -> list[str]:
    out = []
    for r in RESOURCES:
        base = f"/apis/{r.group}/{r.version}" if r.group else f"/api/{r.version}"
        scope = f"{base}/namespaces/{{namespace}}/{r.plural}" if r.namespaced else f"{base}/{r.plural}"
        out += [scope, f"{scope}/{{name}}"] + ([f"{base}/{r.plural}"] if r.namespaced else [])
        out += [f"{scope}/{{name}}/{s.name}" for s in SUBRESOURCES if s.parent == r.plural]
    return out


def _param(swagger: dict[str, Any], raw: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in raw:
        raw = swagger["parameters"][raw["$ref"].rsplit("/", 1)[-1]]
    param: dict[str, Any] = {k: raw[k] for k in ("name", "in", "description", "required") if k in raw}
    if raw.get("in") != "body":
        param["schema"] = {k: raw[k] for k in ("type", "uniqueItems") if k in raw}
    else:
        param["schema"] = raw["schema"]
    return param


def _operation(swagger: dict[str, Any], op: dict[str, Any]) -> dict[str, Any]:
    params = [_param(swagger, p) for p in op.get("parameters", [])]
    out: dict[str, Any] = {k: op[k] for k in ("description", "operationId", "tags", "x-kubernetes-action",
                              "x-kubernetes-group-version-kind") if k in op}
    body = next((p for p in params if p["in"] == "body"), None)
    out["parameters"] = [p for p in params if p["in"] != "body"]
    if body is not None:
        out["requestBody"] = {"content": {c: {"schema": body["schema"]} for c in op.get("consumes", ["*/*"])},
                              "required": True}
    out["responses"] = {code: {"description": r.get("description", ""),
                               **({"content": {"application/json": {"schema": r["schema"]}}} if "schema" in r else {})}
                        for code, r in op.get("responses", {}).items()}
    return out


def convert(swagger: dict[str, Any]) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for path in _paths():
        item = swagger["paths"].get(path)
        if item is None:
            continue
        converted: dict[str, Any] = {m: _operation(swagger, op) for m, op in item.items()
                     if m != "parameters" and op.get("x-kubernetes-action") in ACTIONS}
        if "parameters" in item:
            converted["parameters"] = [_param(swagger, p) for p in item["parameters"]]
        paths[path] = converted
    roots = {d for d, v in swagger["definitions"].items() if any(
        (g["group"], g["kind"]) in {(r.group, r.kind) for r in RESOURCES} | {("policy", "Eviction")}
        for g in v.get("x-kubernetes-group-version-kind", []))} | set(EXTRA_ROOTS)
    definitions = reachable(swagger["definitions"], roots | _refs(paths))
    text = json.dumps({"definitions": definitions, "paths": paths}, sort_keys=True)
    return json.loads(text.replace('"#/definitions/', '"#/components/schemas/'))


if __name__ == "__main__":
    spec = convert(json.loads(Path(sys.argv[1]).read_text()))
    OUT.write_bytes(gzip.compress(json.dumps(spec, sort_keys=True).encode(), mtime=0))
    print(f"{OUT}: {len(spec['definitions'])} definitions, {len(spec['paths'])} paths")
