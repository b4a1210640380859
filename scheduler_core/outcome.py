"""A run's outcome in one object: where each pod ended, who preempted whom and why, each node's load.

The cluster part is the State the fold gives (``events.StateFolder``, the same fold as a run's
``state/``); the rest is what the State does not keep — a pod's attempts and last FailedScheduling
message, the preemptions, the pods that are gone — read from the few event kinds in
``OUTCOME_KINDS``. ``outcome_of(events)`` is the whole thing for a log in memory; the playground
folds its stored state and feeds ``OutcomeRecorder`` the stored events of those kinds.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scheduler_core.events import State, StateFolder

OUTCOME_KINDS: frozenset[str] = frozenset({"cycle.started", "preemption.evaluated", "k8s.event", "pod.deleted"})
# A pod holds its node's resources until it is deleted; a Job's finished pod no longer does
# (pkg/scheduler/framework/types.go, NodeInfo.AddPod; the kubelet frees a Succeeded pod's resources).
_HOLDS_ITS_NODE = ("Running", "Terminating", "Pending")


class OutcomeRecorder:
    """Keeps, of the events it is fed in seq order, what the outcome needs beyond the State."""

    def __init__(self) -> None:
        self.attempts: dict[str, int] = {}
        self.failed_scheduling: dict[str, str] = {}
        self.preemptions: list[dict[str, Any]] = []
        self.deleted: list[dict[str, Any]] = []

    def record(self, event: dict[str, Any]) -> None:
        kind = event["kind"]
        if kind == "cycle.started":
            self.attempts[event["pod"]] = int(event["attempts"])
        elif kind == "k8s.event" and event.get("reason") == "FailedScheduling":
            self.failed_scheduling[str(event["object"])] = str(event["message"])
        elif kind == "preemption.evaluated" and event.get("chosen"):
            self.preemptions.append(preemption_view(event))
        elif kind == "pod.deleted":
            self.deleted.append({"pod": event["pod"], "node": event["node"], "reason": event["reason"], "t": event["t"]})

    def outcome(self, state: State) -> dict[str, Any]:
        return {
            "time": state["time"],
            "pods": [self._pod_view(pod) for pod in state["pods"]],
            "preemptions": self.preemptions,
            "deleted": self.deleted,
            "nodes": nodes_view(state),
        }

    def _pod_view(self, pod: dict[str, Any]) -> dict[str, Any]:
        key = pod["key"]
        return {"key": key, "phase": pod["phase"], "node": pod["nodeName"], "nominatedNode": pod["nominatedNodeName"],
                "priority": pod["priority"], "attempts": self.attempts.get(key, 0),
                "lastFailedScheduling": self.failed_scheduling.get(key), "preemptedBy": pod["preemptedBy"]}


def preemption_view(event: dict[str, Any]) -> dict[str, Any]:
    """A successful PostFilter: the chosen candidate's victims and PDB violations (``None`` when the
    chosen node is not among the event's first 100 candidates, the ones it lists)."""
    chosen = next((c for c in event.get("candidates") or [] if c["node"] == event["chosen"]), None)
    return {"preemptor": event["pod"], "node": event["chosen"], "victims": list(event.get("victims") or []),
            "criterion": event.get("criterion"), "pdbViolations": chosen["numPDBViolations"] if chosen else None,
            "cycle": event["cycle"], "t": event["t"]}


def nodes_view(state: State) -> list[dict[str, Any]]:
    """Each node's allocatable and what the pods on it request, in the State's units (cpu in
    millicores, memory in bytes), with ``pods`` counted as the NodeResourcesFit filter counts them."""
    on_node: dict[str, list[dict[str, Any]]] = {node["name"]: [] for node in state["nodes"]}
    for pod in state["pods"]:
        if pod["nodeName"] in on_node and pod["phase"] in _HOLDS_ITS_NODE:
            on_node[pod["nodeName"]].append(pod)
    return [_node_view(node, on_node[node["name"]]) for node in state["nodes"]]


def _node_view(node: dict[str, Any], pods: list[dict[str, Any]]) -> dict[str, Any]:
    requested: dict[str, int] = {}
    for pod in pods:
        for resource, amount in pod["requests"].items():
            requested[resource] = requested.get(resource, 0) + amount
    requested["pods"] = len(pods)
    return {"name": node["name"], "allocatable": dict(node["allocatable"]), "requested": dict(sorted(requested.items())),
            "pods": [pod["key"] for pod in pods], "unschedulable": node["unschedulable"]}


def outcome_of(events: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The outcome of a whole event log (a Simulation's ``events``)."""
    folder, recorder = StateFolder(), OutcomeRecorder()
    for event in events:
        folder.apply(event)
        if event["kind"] in OUTCOME_KINDS:
            recorder.record(event)
    if folder.state is None:
        raise ValueError("an outcome needs a log that starts with a cluster.snapshot")
    return recorder.outcome(folder.state)
