"""/version and API discovery: the legacy documents and the aggregated one (apidiscovery.k8s.io/v2)."""
from __future__ import annotations

from typing import Any

from playground.k8sapi.resources import DISCOVERED_GROUPS, Resource, Subresource, of_group_version, subresources_of
from scheduler_core.version import KUBERNETES_VERSION

AGGREGATED_V2 = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"
_MAJOR, _MINOR, _ = KUBERNETES_VERSION.removeprefix("v").split(".")
VERSION = {"major": _MAJOR, "minor": _MINOR, "emulationMajor": _MAJOR, "emulationMinor": _MINOR,
           "gitVersion": f"{KUBERNETES_VERSION}-playground", "gitCommit": "0000000000000000000000000000000000000000",
           "gitTreeState": "clean", "buildDate": "2025-08-27T00:00:00Z", "goVersion": "go1.24.6",
           "compiler": "gc", "platform": "linux/amd64"}


def wants_aggregated(accept: str) -> bool:
    """kubectl ≥ 1.30 asks for APIGroupDiscoveryList v2 first and falls back to the legacy documents."""
    for media in accept.split(","):
        params = {p.strip() for p in media.split(";")[1:]}
        if {"g=apidiscovery.k8s.io", "v=v2", "as=APIGroupDiscoveryList"} <= params:
            return True
    return False


def _group_version(group: str, version: str) -> dict[str, str]:
    return {"groupVersion": f"{group}/{version}", "version": version}


def api_versions(server_address: str) -> dict[str, Any]:
    return {"kind": "APIVersions", "versions": ["v1"],
            "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": server_address}]}


def api_group(group: str) -> dict[str, Any]:
    return {"name": group, "versions": [_group_version(group, "v1")],
            "preferredVersion": _group_version(group, "v1")}


def api_group_list() -> dict[str, Any]:
    return {"kind": "APIGroupList", "apiVersion": "v1", "groups": [api_group(g) for g in DISCOVERED_GROUPS]}


def api_group_document(group: str) -> dict[str, Any]:
    return {"kind": "APIGroup", "apiVersion": "v1", **api_group(group)}


def _api_resource(r: Resource) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": r.plural, "singularName": r.singular, "namespaced": r.namespaced,
                             "kind": r.kind, "verbs": list(r.verbs)}
    if r.short_names:
        entry["shortNames"] = list(r.short_names)
    if r.categories:
        entry["categories"] = list(r.categories)
    return entry


def _api_subresource(s: Subresource, parent: Resource) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": f"{s.parent}/{s.name}", "singularName": "", "namespaced": parent.namespaced}
    if s.group:
        entry |= {"group": s.group, "version": s.version}
    return entry | {"kind": s.kind, "verbs": list(s.verbs)}


def api_resource_list(group: str, version: str) -> dict[str, Any] | None:
    resources = of_group_version(group, version)
    if not resources:
        return None
    entries = [_api_resource(r) for r in resources]
    by_plural = {r.plural: r for r in resources}
    entries += [_api_subresource(s, by_plural[s.parent]) for s in subresources_of(group, version)]
    return {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": resources[0].group_version,
            "resources": entries}


def _discovery_resource(r: Resource) -> dict[str, Any]:
    entry: dict[str, Any] = {"resource": r.plural,
                             "responseKind": {"group": r.group, "version": r.version, "kind": r.kind},
                             "scope": "Namespaced" if r.namespaced else "Cluster", "singularResource": r.singular,
                             "verbs": list(r.verbs)}
    if r.short_names:
        entry["shortNames"] = list(r.short_names)
    if r.categories:
        entry["categories"] = list(r.categories)
    subs = [s for s in subresources_of(r.group, r.version) if s.parent == r.plural]
    if subs:
        entry["subresources"] = [{"subresource": s.name, "responseKind": {
            "group": s.group or r.group, "version": s.version or r.version, "kind": s.kind}, "verbs": list(s.verbs)}
            for s in subs]
    return entry


def _discovery_group(group: str) -> dict[str, Any]:
    metadata: dict[str, Any] = {"name": group, "creationTimestamp": None} if group else {"creationTimestamp": None}
    resources = [_discovery_resource(r) for r in of_group_version(group, "v1")]
    return {"metadata": metadata, "versions": [{"version": "v1", "resources": resources, "freshness": "Current"}]}


def aggregated(legacy_core: bool) -> dict[str, Any]:
    """/api (legacy_core) or /apis as one APIGroupDiscoveryList."""
    groups = [""] if legacy_core else list(DISCOVERED_GROUPS)
    return {"kind": "APIGroupDiscoveryList", "apiVersion": "apidiscovery.k8s.io/v2", "metadata": {},
            "items": [_discovery_group(g) for g in groups]}
