"""Validate and normalise a run command (REST body or WebSocket `command`) into its payload."""
from __future__ import annotations

from typing import Any

from django.conf import settings

from playground import ranges, safeload
from playground.api_errors import InvalidDocuments, field_error
from playground.runs.models import RunCommand
from scheduler_core.manifests.kinds import API_VERSIONS, WORKLOAD_API_VERSIONS

MAX_SPEED = ranges.MAX_SPEED
NODE_COMMANDS = ("delete_node", "cordon", "uncordon")
MANIFEST_KIND = {"add_pod": "Pod", "add_node": "Node", "add_namespace": "Namespace",
                 "add_priorityclass": "PriorityClass", "add_pdb": "PodDisruptionBudget",
                 "update_pdb": "PodDisruptionBudget", "update_priorityclass": "PriorityClass"}


def invalid(field: str, value: Any, message: str) -> InvalidDocuments:
    return InvalidDocuments([field_error(field, message, value=value)])


def normalise(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise invalid("command", body, "must be an object with a type")
    type_ = body.get("type")
    if type_ not in RunCommand.CONTROL + RunCommand.CLUSTER:
        known = ", ".join(RunCommand.CONTROL + RunCommand.CLUSTER)
        raise invalid("type", type_, f"must be one of {known}")
    if type_ == "speed":
        return {"type": type_, "speed": _speed(body.get("speed"))}
    if type_ in MANIFEST_KIND:
        return {"type": type_, "manifest": _manifest(body, MANIFEST_KIND[type_])}
    if type_ == "add_workload":
        return {"type": type_, "manifest": _manifest(body, None)}
    if type_ in ("delete_pod", "evict_pod"):
        payload = _checked_by_core({**body, "pod": _pod_key(body.get("pod"))})
        return {k: v for k, v in payload.items() if v is not None}  # no grace period: the pod's own
    if type_ in NODE_COMMANDS:
        return {"type": type_, "node": _name("node", body.get("node"))}
    if type_ in RunCommand.CLUSTER:
        for field in ("pod", "pdb"):  # "web" means "default/web", as for delete_pod
            if field in body:
                body = {**body, field: _namespaced_key(field, body.get(field))}
        return _checked_by_core(body)
    return {"type": type_}


def _checked_by_core(body: dict[str, Any]) -> dict[str, Any]:
    from scheduler_core.commands import COMMAND_FIELDS, OPTIONAL_FIELDS, CommandError, validate_command

    command = {"type": body["type"], **{k: body.get(k) for k in COMMAND_FIELDS[body["type"]]}}
    command.update({k: body[k] for k in OPTIONAL_FIELDS.get(body["type"], ()) if k in body})
    try:
        return validate_command(command)
    except CommandError as e:
        raise invalid(e.path.removeprefix("command."), e.value, e.message) from e


def _speed(value: Any) -> float:
    return ranges.check_speed(value)


def _manifest(body: dict[str, Any], kind: str | None) -> dict[str, Any]:
    """One manifest of `kind` (kind and apiVersion filled in when missing); kind None: one workload, its kind given."""
    if "yaml" in body and body["yaml"] is not None:
        manifest = _parse_yaml(body["yaml"])
        field = "yaml"
    else:
        manifest, field = body.get("manifest"), "manifest"
    if not isinstance(manifest, dict):
        raise invalid(field, manifest, f"must be one {kind or 'workload'} manifest (an object)")
    if kind is None:
        if manifest.get("kind") not in WORKLOAD_API_VERSIONS:
            raise invalid(f"{field}.kind", manifest.get("kind"), f"must be one of {', '.join(WORKLOAD_API_VERSIONS)}")
        kind = str(manifest["kind"])
    manifest.setdefault("kind", kind)
    if manifest["kind"] != kind:
        raise invalid(f"{field}.kind", manifest["kind"], f"must be {kind}")
    manifest.setdefault("apiVersion", API_VERSIONS[kind])
    if not isinstance(manifest.get("metadata"), dict) or not manifest["metadata"].get("name"):
        raise invalid(f"{field}.metadata.name", (manifest.get("metadata") or {}).get("name"), "is required")
    _check_shape(field, manifest)
    return manifest


class ManifestRefused(InvalidDocuments):
    """A command's manifest that the core's loader refuses on its own (its shape): the same refusal the run
    would give it, sooner. Its errors carry the loader's own texts (`Pod "x" is invalid: spec...`), so the
    Kubernetes API answers it as it answers a refusal by the run (k8sapi.writes.rejection)."""


def _check_shape(field: str, manifest: dict[str, Any]) -> None:
    """The manifest read alone, as the API server validates an object before admission: a wrong type or
    value is a 400 now, not a refusal from the worker later. What it names (a PriorityClass, a namespace)
    is checked by the run, which knows what its cluster holds by then."""
    from scheduler_core.manifests import ManifestError, load_documents
    from scheduler_core.manifests.errors import ADMISSION, NOT_FOUND

    try:
        load_documents([manifest])
    except ManifestError as e:
        shape = [error for error in e.errors if error.type not in (ADMISSION, NOT_FOUND)]
        if shape:
            raise ManifestRefused([field_error(f"{field}.{error.path}" if error.path else field, str(error),
                                               value=error.to_json()["value"]) for error in shape]) from e


def _parse_yaml(text: Any) -> Any:
    if not isinstance(text, str):
        raise invalid("yaml", text, "must be a string holding one YAML document")
    docs = safeload.load_yaml(text, "yaml", settings.COMMAND_YAML_MAX_BYTES)
    if len(docs) != 1:
        raise invalid("yaml", text[:200], f"must hold exactly one document, found {len(docs)}")
    return docs[0]


def _pod_key(value: Any) -> str:
    return _namespaced_key("pod", value)


def _namespaced_key(field: str, value: Any) -> str:
    name = _name(field, value)
    return name if "/" in name else f"default/{name}"


def _name(field: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise invalid(field, value, "is required: a name" + (' like "default/web"' if field in ("pod", "pdb") else ""))
    return value.strip()
