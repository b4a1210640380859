"""A run at one event seq as the API server sees it: the folded state plus what objects need beyond it.

The state (scheduler_core.events.StateFolder over the event log) is what the run view shows. API
objects also need the manifests as written (containers, annotations), creation times, and the
scheduler's Events; those come from the same log: the frozen documents, `command.applied`,
`pod.added`/`node.added` and `k8s.event`.
"""
from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from playground.k8sapi.recorders import Recorders
from playground.runs import selectors
from playground.runs.api import Run, restore_log
from scheduler_core.events import StateFolder
from scheduler_core.manifests.kinds import WORKLOAD_KINDS
from scheduler_core.manifests.workloads import workload_uid

NOTED_KINDS = ("k8s.event", "pod.added", "node.added", "command.applied", "pod.deleted", "pod.terminating",
               "namespace.updated", "priorityclass.added", "pdb.added", "workload.updated", "pod.succeeded",
               # what moves an object's resourceVersion in the Events' references (recorders.py)
               "pod.nominated", "pod.nominationCleared", "pod.bound", "pdb.updated")


def pod_key(manifest: dict[str, Any]) -> str:
    meta = manifest.get("metadata") or {}
    return f"{meta.get('namespace') or 'default'}/{meta.get('name')}"


def workload_key(manifest: dict[str, Any]) -> str:
    """The controllers' key: <Kind>/<namespace>/<name>."""
    return f"{manifest.get('kind')}/{pod_key(manifest)}"


@dataclass
class World:
    run_id: int
    anchor: datetime  # the date of virtual time 0, from the run's clock anchor (anchor_at)
    seq: int
    state: dict[str, Any]
    clock: float = 0.0  # the run's virtual now (≥ the last event's t)
    read_at: float = 0.0  # the reader's wall time (Unix s): ages are read_at minus a date
    pod_manifests: dict[str, dict[str, Any]] = field(default_factory=dict)
    node_manifests: dict[str, dict[str, Any]] = field(default_factory=dict)
    pod_created: dict[str, float] = field(default_factory=dict)
    pod_finished: dict[str, float] = field(default_factory=dict)  # a Job's pod -> when it succeeded
    node_created: dict[str, float] = field(default_factory=dict)
    namespace_created: dict[str, float] = field(default_factory=dict)  # Namespace objects made by a command
    priority_class_created: dict[str, float] = field(default_factory=dict)  # likewise PriorityClasses
    pdb_created: dict[str, float] = field(default_factory=dict)  # and PodDisruptionBudgets, by key
    pdb_manifests: dict[str, dict[str, Any]] = field(default_factory=dict)  # as last written (labels, annotations)
    priority_class_manifests: dict[str, dict[str, Any]] = field(default_factory=dict)  # likewise
    recorders: Recorders = field(default_factory=Recorders)  # the Events as the components wrote them
    last_failure: dict[str, dict[str, Any]] = field(default_factory=dict)  # pod key -> last FailedScheduling
    evicted: set[str] = field(default_factory=set)  # pods deleted through the Eviction API
    deletion_grace: dict[str, int] = field(default_factory=dict)  # pod key -> gracePeriodSeconds of its DELETE
    pod_annotations: dict[str, dict[str, str]] = field(default_factory=dict)  # set by set_pod_annotations
    node_annotations: dict[str, dict[str, str]] = field(default_factory=dict)  # set by set_node_annotations
    # Workloads, by "<Kind>/<namespace>/<name>": as written (documents, add_workload), when they appeared and last
    # changed status, annotations set later, and each one's last view (a deleted one's terminating pods still show
    # their template and owner reference).
    workload_manifests: dict[str, dict[str, Any]] = field(default_factory=dict)
    workload_created: dict[str, float] = field(default_factory=dict)
    workload_changed: dict[str, float] = field(default_factory=dict)
    workload_annotations: dict[str, dict[str, str]] = field(default_factory=dict)
    workload_last: dict[str, dict[str, Any]] = field(default_factory=dict)
    folder: StateFolder = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.folder = StateFolder(self.state)  # the state is this world's own: folded in place

    @property
    def now(self) -> float:
        return max(self.clock, float(self.state.get("time") or 0.0))

    def age(self, t: float) -> float:
        """Seconds from virtual time t's date to the reader's now: what a client computes from the date."""
        return self.read_at - self.anchor.timestamp() - t if self.read_at else self.now - t

    def pods(self) -> list[dict[str, Any]]:
        return list(self.state.get("pods") or [])

    def pod(self, key: str) -> dict[str, Any] | None:
        return next((p for p in self.pods() if p["key"] == key), None)

    def nodes(self) -> list[dict[str, Any]]:
        return list(self.state.get("nodes") or [])

    def node(self, name: str) -> dict[str, Any] | None:
        return next((n for n in self.nodes() if n["name"] == name), None)

    def uid_of(self, kind: str, key: str) -> str:
        """The uid of the object an Event is about ("ns/name"), as the recorder read it."""
        if kind == "Pod":  # by index: this runs for every event of a run that may hold thousands of pods
            view = self.folder.pods.get(key) if self.folder.state is not None else None
            return self.recorders.pod_uid(key) or (view["uid"] if view else object_uid(self.run_id, "pod", key))
        if kind == "PodDisruptionBudget":
            return object_uid(self.run_id, "pdb", key)
        view = self.workload_or_last(f"{kind}/{key}")
        return str(view["uid"]) if view else workload_uid(kind, *key.split("/", 1))

    def namespaces(self) -> list[str]:
        names = {"default", "kube-system", "kube-public", "kube-node-lease"}
        names |= {p["namespace"] for p in self.pods()} | {p["namespace"] for p in self.state.get("pdbs") or []}
        names |= {n["name"] if isinstance(n, dict) else n for n in self.state.get("namespaces") or []}
        return sorted(names)

    def workloads(self, kind: str) -> list[dict[str, Any]]:
        return [w for w in self.state.get("workloads") or [] if w["kind"] == kind]

    def workload(self, key: str) -> dict[str, Any] | None:
        return next((w for w in self.state.get("workloads") or [] if w["key"] == key), None)

    def workload_or_last(self, key: str) -> dict[str, Any] | None:
        """The workload, or a deleted one as last seen."""
        return self.workload(key) or self.workload_last.get(key)

    def namespace_labels(self, name: str) -> dict[str, str]:
        """A Namespace object's labels; an implicit namespace has the one the apiserver sets on every namespace."""
        view = self._namespace_view(name)
        return dict(view.get("labels") or {}) if view else {"kubernetes.io/metadata.name": name}

    def namespace_deletion(self, name: str) -> float | None:
        """When a Terminating namespace was deleted (None: Active)."""
        view = self._namespace_view(name)
        return None if view is None or view.get("deletionTimestamp") is None else float(view["deletionTimestamp"])

    def _namespace_view(self, name: str) -> dict[str, Any] | None:
        return next((ns for ns in self.state.get("namespaces") or [] if isinstance(ns, dict) and ns["name"] == name),
                    None)

    def apply(self, event: dict[str, Any]) -> None:
        """The next event of the log (watch): the fold plus the notes objects need."""
        self.state = self.folder.apply(event)  # this world's own state
        self.seq = event["seq"]
        self.clock = max(self.clock, float(event.get("t") or 0.0))
        self.recorders.changed = set()
        self.note(event)

    def note(self, event: dict[str, Any]) -> None:
        kind = event["kind"]
        if kind in NOTED_KINDS:  # before last_failure moves: the recorder compares with the condition so far
            failure = self.last_failure.get(event.get("object") or "")
            self.recorders.observe(event, self.uid_of, failure["message"] if failure else None)
        if kind == "command.applied":
            self._note_command(event["command"], float(event["t"]))
        elif kind == "pod.added":
            self.pod_created[event["pod"]["key"]] = float(event["t"])
            self.evicted.discard(event["pod"]["key"])
        elif kind == "node.added":
            self.node_created[event["node"]["name"]] = float(event["t"])
        elif kind == "pdb.added":
            self.pdb_created[event["pdb"]["key"]] = float(event["t"])
        elif kind == "priorityclass.added":
            self.priority_class_created[event["priorityClass"]["name"]] = float(event["t"])
        elif kind == "namespace.updated" and event.get("change") == "added":
            self.namespace_created.setdefault(event["namespace"]["name"], float(event["t"]))
        elif kind == "k8s.event":
            if event.get("reason") == "FailedScheduling":
                self.last_failure[event["object"]] = event
        elif kind == "pod.succeeded":
            self.pod_finished[event["pod"]] = float(event["t"])
        elif kind == "workload.updated":
            view = event["workload"]
            self.workload_created.setdefault(view["key"], float(event["t"]))
            self.workload_changed[view["key"]] = float(event["t"])
            self.workload_last[view["key"]] = view
        elif kind == "pod.terminating":
            self.deletion_grace[event["pod"]] = int(event["gracePeriodSeconds"])
        elif kind == "pod.deleted":
            self.last_failure.pop(event["pod"], None)
            self.deletion_grace.pop(event["pod"], None)

    def _note_command(self, command: dict[str, Any], t: float) -> None:
        if command.get("type") == "add_workload":
            key = workload_key(command["manifest"])
            self.workload_manifests[key] = command["manifest"]
            self.workload_created[key] = t
            self.workload_annotations.pop(key, None)
        elif command.get("type") == "annotate_workload":
            key = f"{command['kind']}/{command.get('namespace') or 'default'}/{command['name']}"
            self.workload_annotations[key] = dict(command["annotations"])
        elif command.get("type") == "add_pod":
            self.pod_manifests[pod_key(command["manifest"])] = command["manifest"]
            self.pod_annotations.pop(pod_key(command["manifest"]), None)
        elif command.get("type") == "add_node":
            self.node_manifests[command["manifest"]["metadata"]["name"]] = command["manifest"]
            self.node_annotations.pop(command["manifest"]["metadata"]["name"], None)
        elif command.get("type") in ("add_priorityclass", "update_priorityclass"):
            self.priority_class_manifests[str(command["manifest"]["metadata"]["name"])] = command["manifest"]
        elif command.get("type") in ("add_pdb", "update_pdb"):
            self.pdb_manifests[pod_key(command["manifest"])] = command["manifest"]
        elif command.get("type") == "evict_pod":
            self.evicted.add(command["pod"])
        elif command.get("type") == "set_pod_annotations":
            self.pod_annotations[command["pod"]] = dict(command["annotations"])
        elif command.get("type") == "set_node_annotations":
            self.node_annotations[command["node"]] = dict(command["annotations"])


def object_uid(*parts: object) -> str:
    """The uid of an object the model keeps none for: stable per run and name."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "/".join(str(p) for p in parts)))


def _documents(documents: list[Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for doc in documents:
        if isinstance(doc, dict) and doc.get("kind") == "List":
            out += _documents(doc.get("items") or [])
        elif isinstance(doc, dict):
            out.append(doc)
    return out


def anchor_at(run: Run, wall: float) -> tuple[float, datetime]:
    """One clock for every date and age (docs/kubectl.md, "Dates"): the run's virtual now at wall time `wall`,
    and the date of virtual 0 from the run's clock anchor (virtual `time` at wall `clock_wall`), in whole
    seconds. Dates stay put while the anchor does; an age is the reader's wall time minus a date, on the server
    (tables) as on the client (kubectl events, describe)."""
    anchored = run.clock_wall  # without a clock (a worker did not anchor it): when `time` was last written
    if anchored is None:
        anchored = run.updated_at.timestamp() if run.updated_at else wall
    return selectors.virtual_now(run, wall), datetime.fromtimestamp(round(anchored - run.time), UTC)


def load(run: Run, seq: int | None = None, at: float | None = None) -> World | None:
    """The world after event `seq` (default: the last stored), read at wall time `at` (default: now);
    None while the run has no events. A dropped log is regenerated first (playground/runs/logs.py)."""
    restore_log(run)
    seq = run.last_seq if seq is None else seq
    state = selectors.state_at(run.pk, seq) if seq > 0 else None
    if state is None:
        return None
    read_at = time.time() if at is None else at
    now, anchor = anchor_at(run, read_at)
    world = World(run_id=run.pk, anchor=anchor, seq=seq, state=state, clock=now, read_at=read_at,
                  recorders=Recorders(run.created_at.timestamp()))
    for doc in _documents(run.documents or []):
        if doc.get("kind") == "Pod":
            world.pod_manifests[pod_key(doc)] = doc
        elif doc.get("kind") == "Node":
            world.node_manifests[str((doc.get("metadata") or {}).get("name"))] = doc
        elif doc.get("kind") == "PodDisruptionBudget":
            world.pdb_manifests[pod_key(doc)] = doc
        elif doc.get("kind") in WORKLOAD_KINDS:
            world.workload_manifests[workload_key(doc)] = doc
        elif doc.get("kind") == "PriorityClass":
            world.priority_class_manifests[str((doc.get("metadata") or {}).get("name"))] = doc
    for event in selectors.event_data_upto(run.pk, seq, NOTED_KINDS):
        world.note(event)
    world.seq = seq
    if seq == run.last_seq:  # the recorders' timers since the last event
        world.recorders.advance(world.now, seq)
    return world
