"""The payload of every event kind, as JSON Schema (2020-12): what the core emits, published once.

`EVENT_FIELDS` names each kind's fields (required, optional) over the views in `DEFS`;
`event_schema(kind)` is one kind's schema, `schema_document()` the whole protocol (one `oneOf` by
`kind`), written to docs/events.schema.json by ``python -m scheduler_core.event_schema``.
Objects are closed (no field the schema does not name), so a field added to an event without
its schema fails tests/scheduler_core/test_event_schema.py, which validates every event of the
shared fixtures (frontend/src/test/real/, one of them covering every kind).
"""
from __future__ import annotations

import json
import sys
from typing import Any

from scheduler_core.events import EVENT_KINDS
from scheduler_core.manifests.kinds import WORKLOAD_KINDS
from scheduler_core.preemption.evaluator import CRITERIA

Schema = dict[str, Any]

STR: Schema = {"type": "string"}
INT: Schema = {"type": "integer"}
NUM: Schema = {"type": "number"}
BOOL: Schema = {"type": "boolean"}
ANY: Schema = {}
STR_MAP: Schema = {"type": "object", "additionalProperties": STR}
NUM_MAP: Schema = {"type": "object", "additionalProperties": NUM}


def obj(required: dict[str, Schema], optional: dict[str, Schema] | None = None) -> Schema:
    """A closed object: the required fields, the optional ones, nothing else."""
    return {"type": "object", "required": list(required), "properties": {**required, **(optional or {})},
            "additionalProperties": False}


def null(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def arr(schema: Schema) -> Schema:
    return {"type": "array", "items": schema}


def enum(*values: Any) -> Schema:
    return {"enum": list(values)}


def ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


QUEUE_NAMES = ("active", "backoff", "unschedulable", "gated", "inFlight", "waiting")
POD_PHASES = ("Pending", "Running", "Terminating", "Succeeded", "Deleted")
COMMAND_SOURCES = ("user", "lesson")
OWNER = obj({"kind": STR, "name": STR})
INT_OR_STRING = {"anyOf": [INT, STR]}

DEFS: dict[str, Schema] = {
    "Resources": {"type": "object", "additionalProperties": NUM,
                  "description": "cpu in millicores, memory in bytes, others as counts"},
    "PodView": obj({
        "key": STR, "name": STR, "namespace": STR, "uid": STR, "labels": STR_MAP, "priority": INT,
        "priorityClassName": STR, "preemptionPolicy": STR, "requests": ref("Resources"),
        "nodeName": null(STR), "nominatedNodeName": null(STR),
        "phase": enum(*POD_PHASES),
        "queue": null(enum(*QUEUE_NAMES)), "startTime": null(NUM), "deletionTimestamp": null(NUM),
        "preemptedBy": null(STR), "schedulingGates": arr(STR),
    }, {"owner": OWNER}),
    "Taint": obj({"key": STR, "value": STR, "effect": STR}),
    "NodeView": obj({"name": STR, "labels": STR_MAP, "allocatable": ref("Resources"), "taints": arr(ref("Taint")),
                     "unschedulable": BOOL}),
    "NamespaceView": obj({"name": STR, "labels": STR_MAP}, {"deletionTimestamp": NUM}),
    "PriorityClassView": obj({"name": STR, "value": INT, "globalDefault": BOOL, "preemptionPolicy": STR,
                              "description": STR}),
    "LabelSelector": obj({"matchLabels": STR_MAP, "matchExpressions": arr(obj(
        {"key": STR, "operator": STR, "values": arr(STR)}))}),
    "PdbView": obj({
        "key": STR, "name": STR, "namespace": STR, "selector": null(ref("LabelSelector")),
        "minAvailable": null(INT_OR_STRING), "maxUnavailable": null(INT_OR_STRING),
        "disruptionsAllowed": INT, "disruptedPods": ANY, "currentHealthy": INT, "desiredHealthy": INT,
        "expectedPods": INT,
    }),
    "WorkloadView": obj({
        "key": STR, "kind": enum(*WORKLOAD_KINDS), "name": STR, "namespace": STR, "uid": STR, "replicas": INT,
        "currentPods": INT, "readyPods": INT, "owner": null(OWNER),
    }, {"succeeded": INT, "failed": INT, "completions": null(INT), "finished": null(enum("Complete", "Failed")),
        "podManagementPolicy": STR, "generation": INT, "observedGeneration": INT}),
    "Queues": obj({
        "active": arr(STR),
        "backoff": arr(obj({"pod": STR, "until": NUM})),
        "unschedulable": arr(obj({"pod": STR, "plugins": arr(STR), "message": STR})),
        "gated": arr(obj({"pod": STR, "plugin": STR, "message": STR})),
    }),
    "Metrics": obj({
        "scheduler_preemption_attempts_total": INT,
        "scheduler_preemption_victims": arr(INT),
        "scheduler_schedule_attempts_total": obj({"scheduled": INT, "unschedulable": INT, "error": INT}),
        "scheduler_pending_pods": obj({"active": INT, "backoff": INT, "unschedulable": INT, "gated": INT}),
    }),
    "ClusterState": obj({
        "time": NUM, "cycle": INT, "nodes": arr(ref("NodeView")), "pods": arr(ref("PodView")),
        "priorityClasses": arr(ref("PriorityClassView")), "pdbs": arr(ref("PdbView")),
        "namespaces": arr(ref("NamespaceView")), "queues": ref("Queues"), "metrics": ref("Metrics"),
    }, {"workloads": arr(ref("WorkloadView")), "waitingPods": arr(ref("WaitingPodView"))}),
    "WaitingPodView": obj({"pod": STR, "node": STR, "cycle": INT, "plugins": arr(STR), "until": NUM}),
    # Reserve, Permit, PreBind, PostBind are absent in runs recorded before the model ran them.
    "Profile": obj({point: arr(STR) for point in (
        "preEnqueue", "queueSort", "preFilter", "filter", "postFilter", "preScore", "score", "normalizeScore",
        "bind")}, {point: arr(STR) for point in ("reserve", "permit", "preBind", "postBind")}),
    "NodeStatus": obj({"code": STR, "plugin": STR, "reasons": arr(STR)}),
    "PreemptionCandidate": obj({"node": STR, "victims": arr(STR), "numPDBViolations": INT, "highestPriority": INT,
                                "prioritySum": INT, "earliestStartTime": null(NUM)}),
    "Command": {"type": "object", "required": ["type"], "properties": {"type": STR},
                "description": "a run command as applied (docs/runs.md; scheduler_core.commands.COMMAND_FIELDS)"},
}

# Per-node verdicts, compact at 5,000 nodes: node -> index into `verdicts` (docs/events.md).
VERDICTS = {"statuses": {"type": "object", "additionalProperties": INT}, "verdicts": arr(ref("NodeStatus"))}
COMMAND_SOURCE = enum(*COMMAND_SOURCES)

# kind -> (required fields, optional fields), besides seq, t and kind.
EVENT_FIELDS: dict[str, tuple[dict[str, Schema], dict[str, Schema]]] = {
    "cluster.snapshot": ({"state": ref("ClusterState")}, {"profile": ref("Profile")}),
    "node.added": ({"node": ref("NodeView")}, {}),
    "node.updated": ({"node": ref("NodeView"), "change": STR}, {}),
    "node.deleted": ({"node": STR}, {}),
    "namespace.updated": ({"namespace": ref("NamespaceView"), "change": enum("added", "labels", "terminating")}, {}),
    "namespace.deleted": ({"namespace": STR}, {}),
    "priorityclass.added": ({"priorityClass": ref("PriorityClassView")}, {}),
    "priorityclass.changed": ({"priorityClass": ref("PriorityClassView")}, {}),
    "priorityclass.deleted": ({"name": STR}, {}),
    "pod.added": ({"pod": ref("PodView")}, {}),
    "queue.moved": ({"pod": STR, "from": null(enum(*QUEUE_NAMES)), "to": null(enum(*QUEUE_NAMES)), "event": STR,
                     "until": null(NUM)},
                    {"plugins": null(arr(STR)), "message": null(STR), "index": null(INT)}),
    "cycle.started": ({"cycle": INT, "pod": STR, "attempts": INT}, {}),
    "cycle.filtered": ({"cycle": INT, "pod": STR, "nominatedNode": null(STR), "feasible": arr(STR),
                        "evaluated": INT, "total": INT, "preFilter": null(ref("NodeStatus")), **VERDICTS},
                       {"rejected": INT, "histogram": NUM_MAP, "feasibleCount": INT, "preFilterSkipped": arr(STR),
                        "rejectedBy": {"type": "object", "additionalProperties": NUM_MAP},
                        "nominatedPods": {"type": "object", "additionalProperties": arr(STR)}}),
    "cycle.scored": ({"cycle": INT, "pod": STR, "weights": NUM_MAP,
                      "scores": {"type": "object", "additionalProperties": NUM_MAP}, "totals": NUM_MAP,
                      "chosen": STR, "ties": arr(STR)},
                     {"scoredCount": INT}),
    "preemption.evaluated": ({"cycle": INT, "pod": STR, "eligible": BOOL, "message": STR,
                              "potentialNodes": {"anyOf": [arr(STR), INT]}, "numCandidates": INT, "offset": null(INT),
                              "candidates": arr(ref("PreemptionCandidate")), "chosen": null(STR),
                              "criterion": null(enum(*CRITERIA)), **VERDICTS},
                             {"victims": arr(STR), "reprieve": obj({"order": arr(STR), "pdbViolating": INT})}),
    "pod.nominated": ({"pod": STR, "node": STR}, {}),
    "pod.nominationCleared": ({"pod": STR, "node": null(STR), "reason": STR}, {}),
    "pod.bound": ({"pod": STR, "node": STR, "cycle": INT}, {"nominatedNodeName": STR}),
    "permit.waiting": ({"pod": STR, "node": STR, "cycle": INT, "plugins": NUM_MAP, "until": NUM}, {}),
    "permit.allowed": ({"pod": STR, "node": STR, "cycle": INT}, {}),
    "permit.rejected": ({"pod": STR, "node": STR, "cycle": INT, "plugin": STR, "message": STR}, {}),
    "pod.terminating": ({"pod": STR, "node": null(STR), "gracePeriodSeconds": NUM, "deletionTimestamp": NUM,
                         "deleteAt": NUM, "preemptedBy": null(STR)}, {}),
    "pod.deleted": ({"pod": STR, "node": null(STR), "reason": STR}, {}),
    "pdb.updated": ({"pdb": STR, "disruptionsAllowed": INT, "currentHealthy": INT, "desiredHealthy": INT,
                     "expectedPods": INT}, {}),
    "pdb.added": ({"pdb": ref("PdbView")}, {}),
    "pdb.changed": ({"pdb": ref("PdbView")}, {}),
    "pdb.deleted": ({"pdb": STR}, {}),
    "pod.succeeded": ({"pod": STR, "node": null(STR)}, {}),
    "workload.updated": ({"workload": ref("WorkloadView")}, {}),
    "workload.deleted": ({"workload": STR}, {}),
    "k8s.event": ({"type": enum("Normal", "Warning"), "reason": STR, "object": STR, "message": STR,
                   "action": null(STR), "related": null(STR)}, {"objectKind": STR}),
    "cycle.finished": ({"cycle": INT, "pod": STR, "result": enum("scheduled", "unschedulable", "error"),
                        "node": null(STR)}, {}),
    "command.applied": ({"command": ref("Command")}, {"source": COMMAND_SOURCE}),
    "command.rejected": ({"command": ref("Command"), "source": COMMAND_SOURCE,
                          "error": obj({"path": STR, "value": ANY, "message": STR})}, {}),
    # Reserved for the playground's worker; not sent in protocol 1 (docs/events.md).
    "run.status": ({"status": STR, "reason": STR}, {}),
}

# The vocabularies the browser names: scripts/event_types.py writes each as a const list and its type.
VOCABULARIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "EVENT_KINDS": ("EventKind", EVENT_KINDS),
    "QUEUE_NAMES": ("QueueName", QUEUE_NAMES),
    "POD_PHASES": ("PodPhase", POD_PHASES),
    "WORKLOAD_KINDS": ("WorkloadKind", WORKLOAD_KINDS),
    "PREEMPTION_CRITERIA": ("PreemptionCriterion", CRITERIA),
    "COMMAND_SOURCES": ("CommandSource", COMMAND_SOURCES),
}


def kind_schema(kind: str) -> Schema:
    """One kind's event, its views by reference (#/$defs/...)."""
    required, optional = EVENT_FIELDS[kind]
    return obj({"seq": {"type": "integer", "minimum": 1}, "t": NUM, "kind": {"const": kind}, **required}, optional)


def event_schema(kind: str) -> Schema:
    """One kind's event as a standalone schema."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": DEFS, **kind_schema(kind)}


def schema_document() -> Schema:
    """The whole event protocol: an event is exactly one of the kinds (docs/events.md)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "scheduler_core events",
        "description": "Generated by `python -m scheduler_core.event_schema`; do not edit.",
        "$defs": {**DEFS, **{kind: kind_schema(kind) for kind in EVENT_KINDS}},
        "oneOf": [ref(kind) for kind in EVENT_KINDS],
    }


def main() -> None:
    sys.stdout.write(json.dumps(schema_document(), indent=1) + "\n")


if __name__ == "__main__":
    main()
