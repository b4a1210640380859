"""Event kinds (defined once here; frontend/src/protocol/events.gen.ts is generated from them) and the pure fold.

``apply_event(state, event)`` turns the State before an event into the State after it, so
``reduce(apply_event, events[1:], events[0]["state"]) == sim.state()`` at any point.
"""
from __future__ import annotations

import copy
from typing import Any

EVENT_KINDS: tuple[str, ...] = (
    "cluster.snapshot",
    "node.added",
    "node.updated",
    "node.deleted",
    "namespace.updated",
    "namespace.deleted",
    "priorityclass.added",
    "priorityclass.changed",
    "priorityclass.deleted",
    "pod.added",
    "queue.moved",
    "cycle.started",
    "cycle.filtered",
    "cycle.scored",
    "preemption.evaluated",
    "pod.nominated",
    "pod.nominationCleared",
    "pod.bound",
    "permit.waiting",
    "permit.allowed",
    "permit.rejected",
    "pod.terminating",
    "pod.deleted",
    "pdb.updated",
    "pdb.added",
    "pdb.changed",
    "pdb.deleted",
    "pod.succeeded",
    "workload.updated",
    "workload.deleted",
    "k8s.event",
    "cycle.finished",
    "command.applied",
    "command.rejected",
    "run.status",  # added by the playground worker only
)

State = dict[str, Any]


def apply_event(state: State, event: dict[str, Any]) -> State:
    """Pure: returns a new State; the input is not modified."""
    return StateFolder(copy.deepcopy(state) if event["kind"] != "cluster.snapshot" else None).apply(event)


def fold(events: list[dict[str, Any]]) -> State:
    folder = StateFolder()
    for event in events:
        folder.apply(event)
    return folder.state if folder.state is not None else {}


class StateFolder:
    """Folds events into a State it owns, changing it in place — for a caller that folds many
    events (``GET …/state/?seq=``, a Kubernetes watch): the pure form copies the whole cluster per
    event. Pods by key and each queued pod's queue are indexed, so an event costs the same at
    5,000 pods as at 5. What the State keeps of an event is copied: it never shares the event's
    objects. ``apply_event`` is this on a copy, so both give the same States."""

    def __init__(self, state: State | None = None, *, owns_events: bool = False) -> None:
        """``owns_events``: the caller decoded the events for this fold alone, so a snapshot's
        state is taken as it is instead of copied (5 MB at 5,000 nodes)."""
        self.state: State | None = None
        self.owns_events = owns_events
        if state:
            self._own(state)

    def _own(self, state: State) -> None:
        self.state = state
        self.pods: dict[str, dict[str, Any]] = {p["key"]: p for p in state["pods"]}
        queues = state["queues"]
        self.queue_of: dict[str, str] = dict.fromkeys(queues["active"], "active")
        for name in ("backoff", "unschedulable", "gated"):
            self.queue_of.update((entry["pod"], name) for entry in queues[name])

    def apply(self, event: dict[str, Any]) -> State:
        if event["kind"] == "cluster.snapshot":
            self._own(event["state"] if self.owns_events else copy.deepcopy(event["state"]))
            return self.s
        if self.state is None:
            raise ValueError(f"event {event.get('seq')} ({event['kind']}) comes before any cluster.snapshot")
        state = self.state
        state["time"] = event["t"]
        handler = _HANDLERS.get(event["kind"])
        if handler is not None:
            handler(self, event)
        state["metrics"]["scheduler_pending_pods"] = {name: len(entries) for name, entries in state["queues"].items()}
        return state

    @property
    def s(self) -> State:
        """The State, for the handlers (which run only once there is one)."""
        assert self.state is not None
        return self.state

    def patch_pod(self, key: str, **fields: Any) -> None:
        pod = self.pods.get(key)
        if pod is not None:
            pod.update(fields)

    def drop_pod(self, key: str) -> None:
        if self.pods.pop(key, None) is not None:
            self.s["pods"] = [p for p in self.s["pods"] if p["key"] != key]

    def leave_queue(self, key: str) -> None:
        name = self.queue_of.pop(key, None)
        if name is None:
            return
        q = self.s["queues"]
        if name == "active":
            q["active"].remove(key)
        else:
            q[name] = [entry for entry in q[name] if entry["pod"] != key]



def _node_added(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["nodes"].append(copy.deepcopy(e["node"]))


def _node_updated(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["nodes"] = [copy.deepcopy(e["node"]) if n["name"] == e["node"]["name"] else n for n in f.s["nodes"]]


def _node_deleted(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["nodes"] = [n for n in f.s["nodes"] if n["name"] != e["node"]]


def _namespace_updated(f: StateFolder, e: dict[str, Any]) -> None:
    s, view = f.s, copy.deepcopy(e["namespace"])
    others = [ns for ns in s.get("namespaces", []) if ns["name"] != e["namespace"]["name"]]
    if len(others) == len(s.get("namespaces", [])):
        s["namespaces"] = others + [view]
    else:
        s["namespaces"] = [view if ns["name"] == view["name"] else ns
                           for ns in s["namespaces"]]


def _namespace_deleted(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["namespaces"] = [ns for ns in f.s.get("namespaces", []) if ns["name"] != e["namespace"]]


def _priority_class_added(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["priorityClasses"] = [*f.s.get("priorityClasses", []), copy.deepcopy(e["priorityClass"])]


def _priority_class_changed(f: StateFolder, e: dict[str, Any]) -> None:
    view = e["priorityClass"]
    f.s["priorityClasses"] = [copy.deepcopy(view) if pc["name"] == view["name"] else pc
                              for pc in f.s.get("priorityClasses", [])]


def _priority_class_deleted(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["priorityClasses"] = [pc for pc in f.s.get("priorityClasses", []) if pc["name"] != e["name"]]


def _pdb_added(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["pdbs"] = [*f.s.get("pdbs", []), copy.deepcopy(e["pdb"])]


def _pdb_changed(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["pdbs"] = [copy.deepcopy(e["pdb"]) if pdb["key"] == e["pdb"]["key"] else pdb for pdb in f.s.get("pdbs", [])]


def _pdb_deleted(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["pdbs"] = [pdb for pdb in f.s.get("pdbs", []) if pdb["key"] != e["pdb"]]


def _pod_added(f: StateFolder, e: dict[str, Any]) -> None:
    pod = copy.deepcopy(e["pod"])
    f.drop_pod(pod["key"])  # re-created: it moves to the end
    f.s["pods"].append(pod)
    f.pods[pod["key"]] = pod


def _queue_moved(f: StateFolder, e: dict[str, Any]) -> None:
    key, target = e["pod"], e["to"]
    f.leave_queue(key)
    f.patch_pod(key, queue=target)
    q = f.s["queues"]
    if target in q:
        f.queue_of[key] = target
    if target == "active":
        q["active"].insert(e["index"], key)
    elif target == "backoff":
        q["backoff"].insert(e["index"], {"pod": key, "until": e["until"]})
    elif target == "unschedulable":
        q["unschedulable"].append({"pod": key, "plugins": list(e["plugins"] or []), "message": e["message"] or ""})
    elif target == "gated":
        plugins = e["plugins"] or [""]
        q["gated"].append({"pod": key, "plugin": plugins[0], "message": e["message"] or ""})


def _cycle_started(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["cycle"] = e["cycle"]


def _preemption_evaluated(f: StateFolder, e: dict[str, Any]) -> None:
    m = f.s["metrics"]
    m["scheduler_preemption_attempts_total"] += 1
    if e.get("chosen"):
        m["scheduler_preemption_victims"].append(len(e.get("victims") or []))


def _cycle_finished(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["metrics"]["scheduler_schedule_attempts_total"][e["result"]] += 1


def _pod_nominated(f: StateFolder, e: dict[str, Any]) -> None:
    f.patch_pod(e["pod"], nominatedNodeName=e["node"])


def _pod_nomination_cleared(f: StateFolder, e: dict[str, Any]) -> None:
    f.patch_pod(e["pod"], nominatedNodeName=None)


def _pod_bound(f: StateFolder, e: dict[str, Any]) -> None:
    # The nomination a bound pod keeps (ClearingNominatedNodeNameAfterBinding off); logs stored before
    # the field existed cleared it.
    f.patch_pod(e["pod"], nodeName=e["node"], nominatedNodeName=e.get("nominatedNodeName"), phase="Running",
                startTime=e["t"], queue=None)


def _permit_waiting(f: StateFolder, e: dict[str, Any]) -> None:
    f.patch_pod(e["pod"], queue="waiting")
    f.s.setdefault("waitingPods", []).append(
        {"pod": e["pod"], "node": e["node"], "cycle": e["cycle"], "plugins": list(e["plugins"]), "until": e["until"]})


def _permit_ended(f: StateFolder, e: dict[str, Any]) -> None:
    """The wait is over: the binding cycle goes on (or fails) with the pod still in flight."""
    f.patch_pod(e["pod"], queue="inFlight")
    f.s["waitingPods"] = [w for w in f.s.get("waitingPods", []) if w["pod"] != e["pod"]]


def _pod_terminating(f: StateFolder, e: dict[str, Any]) -> None:
    f.patch_pod(e["pod"], phase="Terminating", deletionTimestamp=e["deletionTimestamp"],
               preemptedBy=e["preemptedBy"])


def _pod_deleted(f: StateFolder, e: dict[str, Any]) -> None:
    f.drop_pod(e["pod"])
    f.leave_queue(e["pod"])


def _pdb_updated(f: StateFolder, e: dict[str, Any]) -> None:
    for pdb in f.s["pdbs"]:
        if pdb["key"] == e["pdb"]:
            for name in ("disruptionsAllowed", "currentHealthy", "desiredHealthy", "expectedPods"):
                pdb[name] = e[name]


def _pod_succeeded(f: StateFolder, e: dict[str, Any]) -> None:
    f.patch_pod(e["pod"], phase="Succeeded")


def _workload_updated(f: StateFolder, e: dict[str, Any]) -> None:
    view = copy.deepcopy(e["workload"])
    workloads = f.s.setdefault("workloads", [])
    for i, w in enumerate(workloads):
        if w["key"] == view["key"]:
            workloads[i] = view
            return
    workloads.append(view)


def _workload_deleted(f: StateFolder, e: dict[str, Any]) -> None:
    f.s["workloads"] = [w for w in f.s.get("workloads") or [] if w["key"] != e["workload"]]


def _command_applied(f: StateFolder, e: dict[str, Any]) -> None:
    command = e["command"]
    if command.get("type") == "remove_scheduling_gates":
        f.patch_pod(command["pod"], schedulingGates=[])
    elif command.get("type") == "set_pod_labels":
        f.patch_pod(command["pod"], labels=dict(command["labels"]))


_HANDLERS: dict[str, Any] = {
    "node.added": _node_added,
    "node.updated": _node_updated,
    "node.deleted": _node_deleted,
    "namespace.updated": _namespace_updated,
    "namespace.deleted": _namespace_deleted,
    "priorityclass.added": _priority_class_added,
    "priorityclass.changed": _priority_class_changed,
    "priorityclass.deleted": _priority_class_deleted,
    "pod.added": _pod_added,
    "queue.moved": _queue_moved,
    "cycle.started": _cycle_started,
    "preemption.evaluated": _preemption_evaluated,
    "cycle.finished": _cycle_finished,
    "pod.nominated": _pod_nominated,
    "pod.nominationCleared": _pod_nomination_cleared,
    "pod.bound": _pod_bound,
    "permit.waiting": _permit_waiting,
    "permit.allowed": _permit_ended,
    "permit.rejected": _permit_ended,
    "pod.terminating": _pod_terminating,
    "pod.deleted": _pod_deleted,
    "pdb.updated": _pdb_updated,
    "pdb.added": _pdb_added,
    "pdb.changed": _pdb_changed,
    "pdb.deleted": _pdb_deleted,
    "pod.succeeded": _pod_succeeded,
    "workload.updated": _workload_updated,
    "workload.deleted": _workload_deleted,
    "command.applied": _command_applied,
}

# Every other kind (the cycle's trace, Kubernetes Events, rejected commands, run.status) moves
# only the State's ``time``: a reader may skip them and set ``time`` from the last event.
FOLDED_KINDS: frozenset[str] = frozenset(_HANDLERS) | {"cluster.snapshot"}
