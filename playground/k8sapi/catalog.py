"""Per resource: where its items are in a World, how one renders as an API object and as a Table row."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playground.k8sapi import objects, tables, workloads
from playground.k8sapi.recorders import Recorded
from playground.k8sapi.resources import RESOURCES, Resource
from playground.k8sapi.world import World


@dataclass(frozen=True)
class Kind:
    resource: Resource
    items: Callable[[World], list[Any]]
    name: Callable[[World, Any], str]
    namespace: Callable[[Any], str | None]
    render: Callable[[World, Any], dict[str, Any]]
    cells: tables.Cells
    columns: list[tables.Column]
    fields: tuple[str, ...] = ()  # fieldSelector labels beyond metadata.name/namespace


def _events(world: World) -> list[Recorded]:
    return list(world.recorders.events.values())


_KINDS: dict[tuple[str, str], tuple[Any, ...]] = {
    ("", "pods"): (lambda w: w.pods(), lambda w, v: v["name"], lambda v: v["namespace"], objects.pod,
                   tables.pod_cells, tables.POD_COLUMNS,
                   ("spec.nodeName", "spec.schedulerName", "status.phase", "status.nominatedNodeName")),
    ("", "nodes"): (lambda w: w.nodes(), lambda w, v: v["name"], lambda v: None, objects.node, tables.node_cells,
                    tables.NODE_COLUMNS, ("spec.unschedulable",)),
    ("", "events"): (_events, lambda w, e: e.name, lambda e: e.namespace, objects.core_event, tables.event_cells,
                     tables.EVENT_COLUMNS,
                     ("involvedObject.kind", "involvedObject.namespace", "involvedObject.name",
                      "involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
                      "involvedObject.fieldPath", "reason", "reportingComponent", "source", "type")),
    ("events.k8s.io", "events"): (_events, lambda w, e: e.name, lambda e: e.namespace, objects.events_event,
                                  tables.event_cells, tables.EVENT_COLUMNS,
                                  ("regarding.kind", "regarding.namespace", "regarding.name", "regarding.uid",
                                   "reason", "reportingController", "type")),
    # No Services: the playground models none (kubectl cluster-info lists kube-system's and finds none).
    ("", "services"): (lambda w: [], lambda w, s: s["metadata"]["name"], lambda s: s["metadata"]["namespace"],
                       lambda w, s: s, tables.service_cells, tables.SERVICE_COLUMNS, ("spec.clusterIP", "spec.type")),
    ("", "namespaces"): (lambda w: w.namespaces(), lambda w, n: n, lambda n: None, objects.namespace,
                         tables.namespace_cells, tables.NAMESPACE_COLUMNS, ("status.phase",)),
    ("scheduling.k8s.io", "priorityclasses"): (lambda w: list(w.state.get("priorityClasses") or []),
                                               lambda w, v: v["name"], lambda v: None, objects.priority_class,
                                               tables.priority_class_cells, tables.PRIORITY_CLASS_COLUMNS, ()),
    ("policy", "poddisruptionbudgets"): (lambda w: list(w.state.get("pdbs") or []), lambda w, v: v["name"],
                                         lambda v: v["namespace"], objects.pdb, tables.pdb_cells,
                                         tables.PDB_COLUMNS, ()),
}


def _workload_kind(kind: str, cells: tables.Cells, columns: list[tables.Column]) -> tuple[Any, ...]:
    return (lambda w: w.workloads(kind), lambda w, v: v["name"], lambda v: v["namespace"], workloads.render, cells,
            columns, ())


_KINDS |= {
    ("apps", "deployments"): _workload_kind("Deployment", workloads.deployment_cells, workloads.DEPLOYMENT_COLUMNS),
    ("apps", "replicasets"): _workload_kind("ReplicaSet", workloads.replica_set_cells, workloads.REPLICA_SET_COLUMNS),
    ("apps", "statefulsets"): _workload_kind("StatefulSet", workloads.stateful_set_cells,
                                             workloads.STATEFUL_SET_COLUMNS),
    ("apps", "daemonsets"): _workload_kind("DaemonSet", workloads.daemon_set_cells, workloads.DAEMON_SET_COLUMNS),
    ("batch", "jobs"): _workload_kind("Job", workloads.job_cells, workloads.JOB_COLUMNS),
}

CATALOG: dict[Resource, Kind] = {r: Kind(r, *_KINDS[(r.group, r.plural)]) for r in RESOURCES}


def items_in(world: World, kind: Kind, namespace: str | None) -> list[Any]:
    """In the API server's order: by storage key, <namespace>/<name> (cluster-scoped: <name>), byte-wise."""
    return sorted(_items(world, kind, namespace), key=lambda item: _storage_key(world, kind, item))


def _items(world: World, kind: Kind, namespace: str | None) -> list[Any]:
    return [item for item in kind.items(world) if namespace is None or kind.namespace(item) == namespace]


def _storage_key(world: World, kind: Kind, item: Any) -> bytes:
    namespace = kind.namespace(item)
    name = kind.name(world, item)
    return (f"{namespace}/{name}" if namespace is not None else name).encode()


def find_item(world: World, kind: Kind, namespace: str | None, name: str) -> Any | None:
    return next((i for i in _items(world, kind, namespace) if kind.name(world, i) == name), None)
