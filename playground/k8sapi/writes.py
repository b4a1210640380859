"""Writes: every change an API client asks for becomes a run command, applied by the run's worker.

The calls into the runs app are `_submit` (playground.runs.services.submit_command, then waiting for the
worker's verdict) and, for a dry run, `_preview` (playground.runs.previews: the same checks and the same
simulation code on a throwaway copy of the run): validation is the REST API's and the simulation's, and a
rejection comes back as a metav1.Status naming the field.
"""
from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rest_framework.exceptions import APIException, PermissionDenied

from playground.api_errors import InvalidDocuments
from playground.k8sapi import status as st
from playground.k8sapi.resources import Resource
from playground.runs import services
from playground.runs.api import ManifestRefused, Run, RunCommand, preview_commands
from playground.runs.selectors import User

SERVER_SET_METADATA = ("uid", "resourceVersion", "creationTimestamp", "generation", "managedFields", "selfLink",
                       "deletionTimestamp", "deletionGracePeriodSeconds")
_ERROR_TYPE = re.compile(r": (Required value|Invalid value|Unsupported value|Duplicate value|Not found|Forbidden|"
                         r"Too long)(?::|$)")


# A run nobody executes (finished, or paused long enough) first needs a worker to pick it up again and
# restore it: wait as long as an apiserver request may take rather than the REST API's 5 s.
REPLY_SECONDS = 30.0


@dataclass
class Outcome:
    """What a write did: the last command's verdict. A dry run's also carries the events its preview emitted after
    event `base` (the run's last stored one, which it went on from); a real one's are in the run's log."""
    command: RunCommand
    preview: list[dict[str, Any]] | None = None
    base: int = 0

    @property
    def dry_run(self) -> bool:
        return self.preview is not None


@contextmanager
def _as_status(resource: Resource, name: str, kind: str) -> Iterator[None]:
    """The runs app's refusals as the Status the apiserver would send."""
    try:
        yield
    except ManifestRefused as exc:  # refused before the run saw it, for what the run would refuse it for
        raise rejection(exc.errors[0], resource, name, kind) from exc
    except PermissionDenied as exc:
        raise st.ApiError(403, "Forbidden", str(exc.detail), {}) from exc
    except InvalidDocuments as exc:
        if exc.status_code == 413:  # the owner's storage quota: as ResourceQuota admission refuses, 403
            raise st.ApiError(403, "Forbidden", f'{resource.plural} "{name}" is forbidden: exceeded quota: '
                              f"{exc.errors[0].get('message', '')}", {"name": name, "kind": resource.plural}) from exc
        causes = [{"reason": "FieldValueInvalid", "message": e.get("message", ""), "field": e.get("field", "")}
                  for e in exc.errors]
        raise st.ApiError(422, "Invalid", str(exc.detail), {"causes": causes}) from exc
    except APIException as exc:  # e.g. Conflict: the run was stopped
        raise st.ApiError(exc.status_code, "Conflict" if exc.status_code == 409 else "BadRequest",
                          str(exc.detail), {}) from exc


def _submit(run: Run, user: User, command: dict[str, Any], resource: Resource, name: str, kind: str) -> RunCommand:
    with _as_status(resource, name, kind):
        return services.await_command(services.submit_command(run, user, command), REPLY_SECONDS)


def run_command(run: Run, user: User, resource: Resource, name: str, command: dict[str, Any],
                kind: str) -> RunCommand:
    """Submit and wait; a rejected command is raised as the Status the apiserver would send."""
    result = _submit(run, user, command, resource, name, kind)
    if result.status == RunCommand.Status.PENDING:
        raise st.ApiError(504, "Timeout", f"the run's worker has not applied the {command['type']} command yet; "
                          "it is queued and will be applied in order", {"name": name, "kind": resource.plural})
    if result.status == RunCommand.Status.REJECTED:
        raise rejection(result.error or {}, resource, name, kind)
    return result


def _preview(run: Run, user: User, resource: Resource, name: str, commands: list[dict[str, Any]],
             kind: str) -> Outcome:
    with _as_status(resource, name, kind):
        preview = preview_commands(run, user, commands)
    if preview.last.status == RunCommand.Status.REJECTED:
        raise rejection(preview.last.error or {}, resource, name, kind)
    return Outcome(preview.last, preview.events, preview.base)


def perform(run: Run, user: User, resource: Resource, name: str, commands: list[dict[str, Any]], kind: str,
            dry_run: bool) -> Outcome | None:
    """The commands in order (None: there were none); a dry run previews them and changes nothing."""
    if not commands:
        return None
    if dry_run:
        return _preview(run, user, resource, name, commands, kind)
    applied = None
    for command in commands:
        applied = run_command(run, user, resource, name, command, kind)
    assert applied is not None
    return Outcome(applied)


def rejection(error: dict[str, Any], resource: Resource, name: str, kind: str) -> st.ApiError:
    field, message = str(error.get("field") or ""), str(error.get("message") or "")
    if "already exists" in message:
        return st.already_exists(resource, name)
    if message.startswith(("no such pod", "no such node", "no such priorityclass", "no such poddisruptionbudget",
                           "no such namespace")) \
            or (field == "name" and message.startswith("no ")):
        return st.not_found(resource, name)
    if " is forbidden: " in message:  # admission (e.g. an unknown PriorityClass)
        return st.ApiError(403, "Forbidden", message, {"name": name, "kind": resource.plural})
    path = field.removeprefix("manifest.").removeprefix("manifest")
    if " is invalid: " in message:
        match = _ERROR_TYPE.search(message)
        reason = st.CAUSE_TYPES.get(match.group(1) if match else "", "FieldValueInvalid")
        detail = message.split(" is invalid: ", 1)[1].split("; ")[0]
        cause_message = detail.split(": ", 1)[1] if detail.startswith(f"{path}: ") else detail
        return st.invalid(kind, name, resource.group, [{"reason": reason, "message": cause_message, "field": path}],
                          message)
    if message.startswith("Too long: "):  # ValidateAnnotations' size: field.TooLong, no value shown
        return st.field_invalid(kind, name, resource.group, f"metadata.{path}", "Too long",
                                message.removeprefix("Too long: "))
    return st.field_invalid(kind, name, resource.group, path or resource.singular, "Invalid value", message,
                            error.get("value"))


def clean_manifest(manifest: dict[str, Any], keep_status: bool) -> dict[str, Any]:
    """What the apiserver ignores on create: server-set metadata (and a pod's status)."""
    out = {k: v for k, v in manifest.items() if k != "status" or keep_status}
    out["metadata"] = {k: v for k, v in (manifest.get("metadata") or {}).items() if k not in SERVER_SET_METADATA}
    return out


WORKLOADS = ("deployments", "replicasets", "statefulsets", "daemonsets", "jobs")


def create(run: Run, user: User, resource: Resource, manifest: dict[str, Any], dry_run: bool) -> Outcome | None:
    type_ = {"pods": "add_pod", "nodes": "add_node", "namespaces": "add_namespace",
             "priorityclasses": "add_priorityclass", "poddisruptionbudgets": "add_pdb",
             **dict.fromkeys(WORKLOADS, "add_workload")}[resource.plural]
    name = str((manifest.get("metadata") or {}).get("name") or "")
    if type_ == "add_workload":  # the apiserver's: kind and version from the URL, a new random uid
        manifest = {**manifest, "apiVersion": resource.group_version, "kind": resource.kind,
                    "metadata": {**manifest["metadata"], "uid": str(uuid.uuid4())}}
    return perform(run, user, resource, name, [{"type": type_, "manifest": manifest}], resource.kind, dry_run)


def delete_pod(run: Run, user: User, resource: Resource, key: str, grace: int | None,
               dry_run: bool) -> Outcome | None:
    return perform(run, user, resource, key.split("/", 1)[1],
                   [{"type": "delete_pod", "pod": key, "gracePeriodSeconds": grace}], "Pod", dry_run)


def evict_pod(run: Run, user: User, resource: Resource, key: str, grace: int | None,
              dry_run: bool) -> Outcome | None:
    return perform(run, user, resource, key.split("/", 1)[1],
                   [{"type": "evict_pod", "pod": key, "gracePeriodSeconds": grace}], "Pod", dry_run)


def delete_node(run: Run, user: User, resource: Resource, name: str, dry_run: bool) -> Outcome | None:
    return perform(run, user, resource, name, [{"type": "delete_node", "node": name}], "Node", dry_run)


def delete_pdb(run: Run, user: User, resource: Resource, key: str, dry_run: bool) -> Outcome | None:
    return perform(run, user, resource, key.split("/", 1)[1], [{"type": "delete_pdb", "pdb": key}],
                   "PodDisruptionBudget", dry_run)


def delete_namespace(run: Run, user: User, resource: Resource, name: str, dry_run: bool) -> Outcome | None:
    """Terminating at once; the namespace controller (scheduler_core) deletes the content, then the namespace."""
    return perform(run, user, resource, name, [{"type": "delete_namespace", "namespace": name}], "Namespace",
                   dry_run)


def workload_ref(resource: Resource, namespace: str, name: str) -> dict[str, str]:
    return {"kind": resource.kind, "namespace": namespace, "name": name}


def delete_workload(run: Run, user: User, resource: Resource, namespace: str, name: str,
                    dry_run: bool) -> Outcome | None:
    """propagationPolicy Background: the garbage collector deletes the dependents (scheduler_core)."""
    return perform(run, user, resource, name, [{"type": "delete_workload", **workload_ref(resource, namespace, name)}],
                   resource.kind, dry_run)


def scale_workload(run: Run, user: User, resource: Resource, namespace: str, name: str, replicas: int,
                   dry_run: bool) -> Outcome | None:
    command = {"type": "scale", **workload_ref(resource, namespace, name), "replicas": replicas}
    return perform(run, user, resource, name, [command], "Scale", dry_run)


def delete_priority_class(run: Run, user: User, resource: Resource, name: str, dry_run: bool) -> Outcome | None:
    return perform(run, user, resource, name, [{"type": "delete_priorityclass", "name": name}], "PriorityClass",
                   dry_run)


def _taints(spec: dict[str, Any]) -> list[dict[str, str]]:
    return [{"key": t.get("key", ""), "value": t.get("value", ""), "effect": t.get("effect", "")}
            for t in spec.get("taints") or []]


def node_commands(name: str, old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """The node commands that turn the current object into the patched one; other changes are refused."""
    commands: list[dict[str, Any]] = []
    if bool(old["spec"].get("unschedulable")) != bool(new.get("spec", {}).get("unschedulable")):
        commands.append({"type": "cordon" if new["spec"].get("unschedulable") else "uncordon", "node": name})
    if _taints(old["spec"]) != _taints(new.get("spec") or {}):
        commands.append({"type": "set_node_taints", "node": name, "taints": _taints(new["spec"])})
    new_labels = (new.get("metadata") or {}).get("labels") or {}
    if (old["metadata"].get("labels") or {}) != new_labels:
        commands.append({"type": "set_node_labels", "node": name, "labels": new_labels})
    return commands + annotation_commands("node", name, old, new)


def annotation_commands(field: str, key: str, old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    annotations = (new.get("metadata") or {}).get("annotations") or {}
    if (old["metadata"].get("annotations") or {}) == annotations:
        return []
    return [{"type": f"set_{field}_annotations", field: key, "annotations": annotations}]


def unmodelled_change(old: Any, new: Any, modelled: set[str], path: str = "") -> str | None:
    """The first field a patch changed that no command can change (None: only modelled fields changed)."""
    if path in modelled:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            found = unmodelled_change(old.get(key), new.get(key), modelled, f"{path}.{key}" if path else key)
            if found:
                return found
        return None
    return None if old == new else path


# What a write may change on an existing object (the rest: 422 naming the field); PUT replaces these exactly.
CHANGEABLE = {"pods": ("metadata.labels", "metadata.annotations"),
              "nodes": ("metadata.labels", "metadata.annotations", "spec.taints", "spec.unschedulable"),
              "namespaces": ("metadata.labels",),
              "poddisruptionbudgets": ("metadata.labels", "metadata.annotations", "spec.minAvailable",
                                       "spec.maxUnavailable", "spec.selector"),
              # value and preemptionPolicy too: the model refuses their change with the apiserver's words
              "priorityclasses": ("metadata.labels", "metadata.annotations", "value", "globalDefault", "description",
                                  "preemptionPolicy"),
              **dict.fromkeys(WORKLOADS, ("metadata.annotations", "spec.replicas"))}
# What an update never changes (rest.BeforeUpdate keeps the old values): dates move with the run's clock
# between a read and the write that sends them back (objects.py), so they must not count as a change.
IGNORED = ("metadata.resourceVersion", "metadata.managedFields", "status", "metadata.creationTimestamp",
           "metadata.deletionTimestamp", "metadata.deletionGracePeriodSeconds")


def patch_node(run: Run, user: User, resource: Resource, name: str, old: dict[str, Any],
               new: dict[str, Any], dry_run: bool) -> Outcome | None:
    changed = unmodelled_change(old, new, {*CHANGEABLE["nodes"], *IGNORED})
    if changed:
        raise st.field_invalid("Node", name, "", changed, "Forbidden", "the playground can change a node's "
                               "labels, annotations, taints and spec.unschedulable only")
    return perform(run, user, resource, name, node_commands(name, old, new), "Node", dry_run)


def patch_pod(run: Run, user: User, resource: Resource, name: str, old: dict[str, Any],
              new: dict[str, Any], dry_run: bool) -> Outcome | None:
    changed = unmodelled_change(old, new, {*CHANGEABLE["pods"], *IGNORED})
    if changed:
        raise st.field_invalid("Pod", name, "", changed, "Forbidden", "the playground can change a pod's "
                               "labels and annotations only; delete and create it to change anything else")
    key = f"{old['metadata']['namespace']}/{name}"
    commands = annotation_commands("pod", key, old, new)
    new_labels = (new.get("metadata") or {}).get("labels") or {}
    if (old["metadata"].get("labels") or {}) != new_labels:
        commands.insert(0, {"type": "set_pod_labels", "pod": key, "labels": new_labels})
    return perform(run, user, resource, name, commands, "Pod", dry_run)


def patch_namespace(run: Run, user: User, resource: Resource, name: str, old: dict[str, Any],
                    new: dict[str, Any], dry_run: bool) -> Outcome | None:
    changed = unmodelled_change(old, new, {*CHANGEABLE["namespaces"], *IGNORED})
    if changed:
        raise st.field_invalid("Namespace", name, "", changed, "Forbidden",
                               "the playground can change a namespace's labels only")
    labels = (new.get("metadata") or {}).get("labels") or {}
    commands = [{"type": "set_namespace_labels", "namespace": name, "labels": labels}]
    return perform(run, user, resource, name, commands if labels != old["metadata"].get("labels") else [],
                   "Namespace", dry_run)


def patch_pdb(run: Run, user: User, resource: Resource, name: str, old: dict[str, Any], new: dict[str, Any],
              dry_run: bool) -> Outcome | None:
    changed = unmodelled_change(old, new, {*CHANGEABLE["poddisruptionbudgets"], *IGNORED})
    if changed:
        raise st.field_invalid("PodDisruptionBudget", name, resource.group, changed, "Forbidden",
                               "the playground can change a PodDisruptionBudget's spec, labels and annotations only")
    new_meta = new.get("metadata") or {}
    meta = {"name": name, "namespace": old["metadata"]["namespace"],
            **{k: new_meta[k] for k in ("labels", "annotations") if new_meta.get(k)}}
    manifest = {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": meta, "spec": new.get("spec")}
    same = new.get("spec") == old["spec"] and all(new_meta.get(k) == old["metadata"].get(k)
                                                   for k in ("labels", "annotations"))
    commands = [] if same else [{"type": "update_pdb", "manifest": manifest}]
    return perform(run, user, resource, name, commands, "PodDisruptionBudget", dry_run)


def patch_priority_class(run: Run, user: User, resource: Resource, name: str, old: dict[str, Any],
                         new: dict[str, Any], dry_run: bool) -> Outcome | None:
    changeable = CHANGEABLE["priorityclasses"]
    changed = unmodelled_change(old, new, {*changeable, *IGNORED})
    if changed:
        raise st.field_invalid("PriorityClass", name, resource.group, changed, "Forbidden", "the playground can "
                               "change a PriorityClass's description, globalDefault, labels and annotations only")
    new_meta = new.get("metadata") or {}
    if all(_at(new, path) == _at(old, path) for path in changeable):
        return None
    meta: dict[str, Any] = {"name": name, **{k: new_meta[k] for k in ("labels", "annotations") if new_meta.get(k)}}
    fields: dict[str, Any] = {k: new[k] for k in ("value", "globalDefault", "description", "preemptionPolicy")
                              if k in new}
    manifest = {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": meta, **fields}
    return perform(run, user, resource, name, [{"type": "update_priorityclass", "manifest": manifest}],
                   "PriorityClass", dry_run)


def patch_workload(run: Run, user: User, resource: Resource, name: str, old: dict[str, Any], new: dict[str, Any],
                   dry_run: bool) -> Outcome | None:
    """spec.replicas becomes a scale command (Deployment, ReplicaSet, StatefulSet), annotations are recorded; the
    template and the rest are fixed for the run (a rollout is not modelled)."""
    changeable = ("metadata.annotations", "spec.replicas") if "replicas" in old["spec"] else ("metadata.annotations",)
    changed = unmodelled_change(old, new, {*changeable, *IGNORED, "metadata.generation"})
    if changed:
        raise st.field_invalid(resource.kind, name, resource.group, changed, "Forbidden",
                               f"the playground can change a {resource.kind}'s "
                               + ("spec.replicas and " if "replicas" in old["spec"] else "")
                               + "annotations only (rollouts are not modelled): delete and create it to change "
                               "anything else")
    namespace = old["metadata"]["namespace"]
    annotations = (new.get("metadata") or {}).get("annotations") or {}
    commands: list[dict[str, Any]] = []
    if annotations != (old["metadata"].get("annotations") or {}):
        commands.append({"type": "annotate_workload", **workload_ref(resource, namespace, name),
                         "annotations": annotations})
    replicas = (new.get("spec") or {}).get("replicas")
    if "replicas" in old["spec"] and replicas != old["spec"]["replicas"]:
        if isinstance(replicas, bool) or not isinstance(replicas, int) or replicas < 0:
            raise st.field_invalid(resource.kind, name, resource.group, "spec.replicas", "Invalid value",
                                   "must be greater than or equal to 0", replicas)
        commands.insert(0, {"type": "scale", **workload_ref(resource, namespace, name), "replicas": replicas})
    return perform(run, user, resource, name, commands, resource.kind, dry_run)


def _at(obj: Any, path: str) -> Any:
    for part in path.split("."):
        obj = obj.get(part) if isinstance(obj, dict) else None
    return obj


PATCHES = {"pods": patch_pod, "nodes": patch_node, "namespaces": patch_namespace, "poddisruptionbudgets": patch_pdb,
           "priorityclasses": patch_priority_class, **dict.fromkeys(WORKLOADS, patch_workload)}

