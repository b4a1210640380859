"""v1 Node → objects.Node."""
from __future__ import annotations

from typing import Any

from scheduler_core.manifests.context import Doc
from scheduler_core.manifests.label_selectors import taints
from scheduler_core.manifests.meta import read_metadata
from scheduler_core.manifests.names import check_name
from scheduler_core.manifests.resources import resource_list
from scheduler_core.objects import Node

_SPEC_UNMODELLED = ("podCIDR", "podCIDRs", "providerID", "configSource", "externalID")
_STATUS_UNMODELLED = (
    "conditions", "addresses", "daemonEndpoints", "nodeInfo", "images", "volumesInUse", "volumesAttached",
    "config", "phase", "runtimeHandlers", "features", "declaredFeatures",
)


def parse_node_doc(doc: Doc, manifest: dict[str, Any]) -> Node:
    _, labels = read_metadata(doc, manifest, ("name", "labels"))
    check_name(doc, doc.name, "metadata.name")
    spec = doc.get_map(manifest, "spec", "")
    status = doc.get_map(manifest, "status", "")
    doc.check_keys(spec, "spec", ("taints", "unschedulable"), _SPEC_UNMODELLED)
    doc.check_keys(status, "status", ("allocatable", "capacity"), _STATUS_UNMODELLED)
    capacity = resource_list(doc, status.get("capacity"), "status.capacity", node=True)
    allocatable = resource_list(doc, status.get("allocatable"), "status.allocatable", node=True)
    if "allocatable" not in status:
        allocatable = dict(capacity)
    if not capacity:
        capacity = dict(allocatable)
    if "allocatable" not in status and "capacity" not in status:
        doc.required("status.allocatable", "a node needs status.allocatable or status.capacity to run pods")
    return Node(
        name=doc.name,
        labels=labels,
        allocatable=allocatable,
        capacity=capacity,
        taints=taints(doc, spec, "spec"),
        unschedulable=doc.get_bool(spec, "unschedulable", "spec"),
    )
