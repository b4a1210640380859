"""Validation of simulation commands (the edge: bad input is rejected with the field and value)."""
from __future__ import annotations

from typing import Any

from scheduler_core.manifests.kinds import WORKLOAD_KINDS
from scheduler_core.manifests.names import (
    ANNOTATIONS_TOO_LONG,
    annotation_key_errors,
    annotations_too_large,
    label_key_errors,
    label_value_errors,
)

COMMAND_FIELDS: dict[str, tuple[str, ...]] = {
    "add_pod": ("manifest",),
    "delete_pod": ("pod",),
    "evict_pod": ("pod",),
    "add_node": ("manifest",),
    "delete_node": ("node",),
    "cordon": ("node",),
    "uncordon": ("node",),
    "set_node_labels": ("node", "labels"),
    "set_node_taints": ("node", "taints"),
    # API metadata the scheduler ignores: recorded in the log (command.applied) so replays and API views keep it.
    "set_node_annotations": ("node", "annotations"),
    "set_pod_annotations": ("pod", "annotations"),
    "set_pod_labels": ("pod", "labels"),
    "remove_scheduling_gates": ("pod",),
    "add_namespace": ("manifest",),
    "set_namespace_labels": ("namespace", "labels"),
    # DELETE of a Namespace: Terminating at once; the namespace controller deletes its content (workloads with
    # their dependents, PDBs, pods gracefully) and the namespace itself once no pod is left in it.
    "delete_namespace": ("namespace",),
    "scale": ("kind", "name", "replicas"),
    # Workloads (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job): their controllers act on them from the next
    # sync; a delete removes the object at once and the garbage collector deletes its dependents (background).
    "add_workload": ("manifest",),
    "delete_workload": ("kind", "name"),
    "annotate_workload": ("kind", "name", "annotations"),
    # PriorityClasses: admission reads them when a pod is created; pods already admitted keep their priority.
    "add_priorityclass": ("manifest",),
    "update_priorityclass": ("manifest",),  # description, globalDefault; value and preemptionPolicy are immutable
    "delete_priorityclass": ("name",),
    # PodDisruptionBudgets: the disruption controller computes the new one's status at once.
    "add_pdb": ("manifest",),
    "update_pdb": ("manifest",),  # its spec replaced (minAvailable, maxUnavailable, selector: mutable since 1.15)
    "delete_pdb": ("pdb",),
    # A pod waiting at Permit (the teaching PermitGate, SchedulerConfig.permit_gate_label): what a Permit
    # plugin's own code calls on it, WaitingPod.Allow("PermitGate") / WaitingPod.Reject("PermitGate", message).
    "allow_waiting_pod": ("pod",),
    "reject_waiting_pod": ("pod",),
}
# Fields a command may leave out. gracePeriodSeconds: the DeleteOptions override (left out or null:
# the pod's own spec.terminationGracePeriodSeconds applies); scale's namespace defaults to `default`.
OPTIONAL_FIELDS: dict[str, tuple[str, ...]] = {"scale": ("namespace",), "delete_pod": ("gracePeriodSeconds",),
                                               "evict_pod": ("gracePeriodSeconds",),
                                               "delete_workload": ("namespace",),
                                               "annotate_workload": ("namespace",),
                                               "reject_waiting_pod": ("message",)}
SCALE_KINDS = ("Deployment", "ReplicaSet", "StatefulSet")
MAX_REPLICAS = 10_000
TAINT_EFFECTS = ("NoSchedule", "PreferNoSchedule", "NoExecute")
INT64_MAX = 2**63 - 1


class CommandError(ValueError):
    """A command that cannot be applied: ``path`` names the field, ``value`` what was given."""

    def __init__(self, path: str, value: Any, message: str) -> None:
        super().__init__(f"{path}: {message} (got {value!r})")
        self.path = path
        self.value = value
        self.message = message

    def to_json(self) -> dict[str, Any]:
        value = self.value if isinstance(self.value, (str, int, float, bool, type(None))) else repr(self.value)
        return {"path": self.path, "value": value, "message": self.message}


def validate_command(command: Any) -> dict[str, Any]:
    """Shape checks only; existence of pods/nodes is checked by the simulation."""
    if not isinstance(command, dict):
        raise CommandError("command", command, "must be an object")
    kind = command.get("type")
    if kind not in COMMAND_FIELDS:
        raise CommandError("command.type", kind, f"must be one of {', '.join(COMMAND_FIELDS)}")
    for name in COMMAND_FIELDS[kind]:
        if name not in command:
            raise CommandError(f"command.{name}", None, "is required")
    _check_grace_period(command.get("gracePeriodSeconds"))
    for name in ("pod", "node", "namespace", "name", "pdb"):
        if name in COMMAND_FIELDS[kind] and (not isinstance(command[name], str) or not command[name]):
            raise CommandError(f"command.{name}", command[name], "must be a non-empty string")
    if "manifest" in COMMAND_FIELDS[kind] and not isinstance(command["manifest"], dict):
        raise CommandError("command.manifest", command["manifest"], "must be an object")
    if kind in ("set_node_labels", "set_namespace_labels", "set_pod_labels"):
        _check_labels(command["labels"])
    if "annotations" in COMMAND_FIELDS[kind]:
        _check_annotations(command["annotations"])
    if kind == "set_node_taints":
        _check_taints(command["taints"])
    if kind == "scale":
        _check_scale(command)
    if kind in ("delete_workload", "annotate_workload"):
        _check_workload_ref(command, WORKLOAD_KINDS)
    if command.get("message") is not None and (not isinstance(command["message"], str) or not command["message"]):
        raise CommandError("command.message", command["message"], "must be a non-empty string")
    return command


def _check_workload_ref(command: dict[str, Any], kinds: tuple[str, ...]) -> None:
    """{kind, name, namespace?}: one workload, as scale and delete_workload name it."""
    if command["kind"] not in kinds:
        raise CommandError("command.kind", command["kind"], f"must be one of {', '.join(kinds)}")
    for name in ("name", "namespace"):
        if name in command and (not isinstance(command[name], str) or not command[name]):
            raise CommandError(f"command.{name}", command[name], "must be a non-empty string")


def _check_scale(command: dict[str, Any]) -> None:
    """scale {kind, name, replicas, namespace?}: what `kubectl scale` sends to the scale subresource."""
    _check_workload_ref(command, SCALE_KINDS)
    replicas = command["replicas"]
    if isinstance(replicas, bool) or not isinstance(replicas, int) or not 0 <= replicas <= MAX_REPLICAS:
        raise CommandError("command.replicas", replicas, f"must be an integer from 0 to {MAX_REPLICAS}")


def _check_labels(labels: Any) -> None:
    """unversionedvalidation.ValidateLabels."""
    _check_string_map(labels, "labels")
    for key, value in labels.items():
        _first_error("command.labels", key, label_key_errors(key))  # as metadata.labels names it
        _first_error("command.labels", value, label_value_errors(value))


def _check_annotations(annotations: Any) -> None:
    """apimachinery ValidateAnnotations: qualified-name keys, 256 KiB in all."""
    _check_string_map(annotations, "annotations")
    for key in annotations:
        _first_error("command.annotations", key, annotation_key_errors(key))
    if annotations_too_large(annotations):
        raise CommandError("command.annotations", "", f"Too long: {ANNOTATIONS_TOO_LONG}")


def _check_string_map(values: Any, field: str) -> None:
    if not isinstance(values, dict):
        raise CommandError(f"command.{field}", values, "must be an object of string to string")
    for key, value in values.items():
        if not isinstance(key, str) or not key or not isinstance(value, str):
            raise CommandError(f"command.{field}.{key}", value, f"{field[:-1]} keys and values must be strings")


def _first_error(path: str, value: str, errors: list[str]) -> None:
    if errors:
        raise CommandError(path, value, errors[0])


def _check_taints(taints: Any) -> None:
    if not isinstance(taints, list):
        raise CommandError("command.taints", taints, "must be a list of {key, value, effect}")
    for i, taint in enumerate(taints):
        if not isinstance(taint, dict) or not isinstance(taint.get("key"), str) or not taint.get("key"):
            raise CommandError(f"command.taints[{i}].key", taint, "is required")
        _first_error(f"command.taints[{i}].key", taint["key"], label_key_errors(taint["key"]))
        if not isinstance(taint.get("value", ""), str):
            raise CommandError(f"command.taints[{i}].value", taint.get("value"), "must be a string")
        _first_error(f"command.taints[{i}].value", taint.get("value", ""), label_value_errors(taint.get("value", "")))
        if taint.get("effect") not in TAINT_EFFECTS:
            raise CommandError(f"command.taints[{i}].effect", taint.get("effect"),
                               f"must be one of {', '.join(TAINT_EFFECTS)}")


def _check_grace_period(value: Any) -> None:
    """DeleteOptions.gracePeriodSeconds is an int64: the API server cannot even decode a larger number."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= INT64_MAX):
        raise CommandError("command.gracePeriodSeconds", value,
                           f"must be a non-negative integer (seconds) of at most {INT64_MAX} (int64)")
