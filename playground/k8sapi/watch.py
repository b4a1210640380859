"""Watch: the changes after a resourceVersion (= event seq), one JSON object per line, as they are stored.

The world is folded event by event (World.apply); each event that can change objects of the watched
kind re-renders the objects it names and sends ADDED / MODIFIED / DELETED when they differ.
"""
from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async

from playground.k8sapi import catalog, tables
from playground.k8sapi.world import World, anchor_at
from playground.runs import selectors
from scheduler_core.manifests.kinds import WORKLOAD_PLURALS

POLL_SECONDS = 0.2
BOOKMARK_SECONDS = 5.0
PAGE = 500
POD_CHANGES = {"cluster.snapshot", "pod.added", "pod.nominated", "pod.nominationCleared", "pod.bound",
               "pod.terminating", "pod.deleted", "pod.succeeded", "k8s.event", "command.applied"}
CHANGES_BY_RESOURCE = {
    "pods": POD_CHANGES,
    "nodes": {"cluster.snapshot", "node.added", "node.updated", "node.deleted", "command.applied"},
    "poddisruptionbudgets": {"cluster.snapshot", "pdb.updated", "pdb.added", "pdb.deleted", "pod.added", "pod.bound",
                             "pod.terminating", "pod.deleted"},
    "namespaces": {"cluster.snapshot", "pod.added", "pod.deleted", "pdb.added", "pdb.deleted", "namespace.updated",
                   "namespace.deleted"},
    "priorityclasses": {"cluster.snapshot", "priorityclass.added", "priorityclass.deleted"},
    **{plural: {"cluster.snapshot", "workload.updated", "workload.deleted", "command.applied"}
       for plural in ("deployments", "replicasets", "statefulsets", "daemonsets", "jobs")},
}


@dataclass
class WatchRequest:
    kind: catalog.Kind
    namespace: str | None
    matches: Callable[[dict[str, Any]], bool]  # label and field selectors on the rendered object
    as_table: bool
    include: str
    bookmarks: bool
    timeout: float


def _strip(obj: dict[str, Any]) -> dict[str, Any]:
    meta = {k: v for k, v in obj["metadata"].items() if k != "resourceVersion"}
    return {**obj, "metadata": meta}


Seen = dict[str, tuple[dict[str, Any], list[Any]]]  # "ns/name" -> (object, Table cells when asked for)


def _key(kind: catalog.Kind, world: World, item: Any) -> str:
    return f"{kind.namespace(item) or ''}/{kind.name(world, item)}"


def snapshot(world: World, req: WatchRequest, keys: set[str] | None = None) -> Seen:
    """The watched objects (only those with these keys, when given) as the watcher sees them now."""
    out: Seen = {}
    for item in catalog.items_in(world, req.kind, req.namespace):
        if keys is not None and _key(req.kind, world, item) not in keys:
            continue
        obj = req.kind.render(world, item)
        if req.matches(obj):
            cells = req.kind.cells(world, item, obj) if req.as_table else []
            out[_key(req.kind, world, item)] = (obj, cells)
    return out


def _frame(world: World, req: WatchRequest, type_: str, obj: dict[str, Any], cells: list[Any], first: bool) -> bytes:
    if req.as_table:
        body = tables.table(req.kind.columns if first else None, [(cells, obj)], str(world.seq), req.include)
        return (json.dumps({"type": type_, "object": body}) + "\n").encode()
    return (json.dumps({"type": type_, "object": obj}) + "\n").encode()


Change = tuple[str, dict[str, Any], list[Any]]


def diff(before: Seen, after: Seen) -> list[Change]:
    """What a watcher hears: new objects, changed ones (beyond resourceVersion), and gone ones as last seen."""
    changes: list[Change] = []
    for key, (obj, cells) in after.items():
        if key not in before:
            changes.append(("ADDED", obj, cells))
        elif _strip(before[key][0]) != _strip(obj):
            changes.append(("MODIFIED", obj, cells))
    changes += [("DELETED", obj, cells) for key, (obj, cells) in before.items() if key not in after]
    return changes


def _bookmark(world: World, req: WatchRequest) -> bytes:
    r = req.kind.resource
    obj = {"kind": r.kind, "apiVersion": r.group_version,
           "metadata": {"resourceVersion": str(world.seq), "creationTimestamp": None}}
    return (json.dumps({"type": "BOOKMARK", "object": obj}) + "\n").encode()


def changes_of(world: World, req: WatchRequest, event: dict[str, Any], current: Seen) -> tuple[list[Change], Seen]:
    """Fold one event; the changes it makes to the watched objects, and the new snapshot."""
    world.apply(event)
    if req.kind.resource.plural == "events":  # the Events the recorders wrote on this event
        keys: set[str] | None = set(world.recorders.changed)
        if not keys:
            return [], current
    elif event["kind"] not in CHANGES_BY_RESOURCE.get(req.kind.resource.plural, set()):
        return [], current
    else:
        keys = affected(event, req.kind.resource.plural)
    if keys is None:
        after = snapshot(world, req)
        return diff(current, after), after
    before = {k: v for k, v in current.items() if k in keys}
    now = snapshot(world, req, keys)
    after = {k: v for k, v in current.items() if k not in keys} | now
    return diff(before, now), after


def affected(event: dict[str, Any], plural: str) -> set[str] | None:
    """Keys ("ns/name", "/name" for cluster-scoped) of the objects an event can change; None: any."""
    kind = event["kind"]
    if plural == "pods" and kind != "cluster.snapshot":
        names = [event.get("pod"), event.get("object"), (event.get("command") or {}).get("pod")]
        if kind == "pod.added":
            names = [event["pod"]["key"]]
        return {n for n in names if isinstance(n, str)}
    if plural in WORKLOAD_PLURALS.values() and kind != "cluster.snapshot":
        return _workloads_affected(event, plural)
    if plural == "namespaces" and kind in ("namespace.updated", "namespace.deleted"):
        namespace = event["namespace"]
        return {f"/{namespace['name'] if isinstance(namespace, dict) else namespace}"}
    if plural == "nodes" and kind != "cluster.snapshot":
        node = event.get("node") or (event.get("command") or {}).get("node")
        return {f"/{node['name'] if isinstance(node, dict) else node}"} if node else set()
    return None


def _workloads_affected(event: dict[str, Any], plural: str) -> set[str]:
    """A workload's own change; a ReplicaSet's changes its Deployment's status too."""
    if event["kind"] == "command.applied":
        command = event["command"]
        if command.get("type") not in ("annotate_workload", "add_workload", "delete_workload", "scale"):
            return set()
        meta = (command.get("manifest") or {}).get("metadata") or {}
        kind = command.get("kind") or (command.get("manifest") or {}).get("kind")
        namespace = command.get("namespace") or meta.get("namespace") or "default"
        name = command.get("name") or meta.get("name")
        return {f"{namespace}/{name}"} if WORKLOAD_PLURALS.get(str(kind)) == plural else set()
    if event["kind"] == "workload.deleted":
        kind, namespace, name = event["workload"].split("/", 2)
        return {f"{namespace}/{name}"} if WORKLOAD_PLURALS[kind] == plural else set()
    view = event["workload"]
    keys = {f"{view['namespace']}/{view['name']}"} if WORKLOAD_PLURALS[view["kind"]] == plural else set()
    owner = view.get("owner")
    if owner and WORKLOAD_PLURALS.get(owner["kind"]) == plural:
        keys.add(f"{view['namespace']}/{owner['name']}")
    return keys


async def stream(world: World, req: WatchRequest, send_initial: bool) -> AsyncIterator[bytes]:
    current = await sync_to_async(snapshot)(world, req)
    first = True
    if send_initial:
        for obj, cells in current.values():
            yield _frame(world, req, "ADDED", obj, cells, first)
            first = False
    deadline = time.monotonic() + req.timeout
    quiet_since = time.monotonic()
    while time.monotonic() < deadline:
        events = await sync_to_async(selectors.events_after)(world.run_id, world.seq, PAGE)
        if not events:
            if req.bookmarks and time.monotonic() - quiet_since >= BOOKMARK_SECONDS:
                quiet_since = time.monotonic()
                yield _bookmark(world, req)
            await asyncio.sleep(POLL_SECONDS)
            continue
        frames, current = await sync_to_async(_fold_page)(world, req, events, current, first)
        for frame in frames:
            first = False
            yield frame
        quiet_since = time.monotonic()
    if req.bookmarks:
        yield _bookmark(world, req)


def _read_clock(world: World) -> None:
    """The run's clock as this page of changes is sent: ages (Tables) from now, dates from its current anchor."""
    run = selectors.run_clock(world.run_id)
    world.read_at = time.time()
    if run is not None:
        now, world.anchor = anchor_at(run, world.read_at)
        world.clock = max(world.clock, now)


def _fold_page(world: World, req: WatchRequest, events: list[dict[str, Any]], current: Seen,
               first: bool) -> tuple[list[bytes], Seen]:
    frames: list[bytes] = []
    _read_clock(world)
    for event in events:
        changes, current = changes_of(world, req, event, current)
        for type_, obj, cells in changes:
            frames.append(_frame(world, req, type_, obj, cells, first and not frames))
    return frames, current
