"""/api/docs/: the REST API's operations as a plain, accessible page (issue 35).

Swagger UI failed WCAG 2.1 AA (contrast, nested controls, no page language: 255 serious axe
findings) and is kept at /api/swagger/ for trying calls out; this page lists every operation of the
OpenAPI schema (the same one /api/schema/ serves) grouped by tag, with links to the schema, ReDoc
and Swagger UI.
"""
from __future__ import annotations

from functools import cache
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from drf_spectacular.generators import SchemaGenerator

METHODS = ("get", "post", "put", "patch", "delete")


@cache
def operations_by_tag() -> tuple[dict[str, Any], list[tuple[str, list[dict[str, str]]]]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    groups: dict[str, list[dict[str, str]]] = {}
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            tag = (op.get("tags") or ["other"])[0]
            groups.setdefault(tag, []).append({
                "method": method.upper(), "path": path,
                "summary": op.get("summary") or op.get("description", "").split("\n")[0],
                "id": op.get("operationId", f"{method}-{path}")})
    return schema.get("info", {}), sorted(groups.items())


def api_docs(request: HttpRequest) -> HttpResponse:
    info, groups = operations_by_tag()
    return render(request, "playground/api_docs.html", {"info": info, "groups": groups})
