"""Manifests in, a validated and admitted Cluster out — every problem reported in one go."""
from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from scheduler_core.manifests.context import Doc
from scheduler_core.manifests.errors import SYNTAX, FieldError, ManifestError
from scheduler_core.manifests.kinds import API_VERSIONS, WORKLOAD_API_VERSIONS
from scheduler_core.manifests.namespaces import parse_namespace_doc
from scheduler_core.manifests.nodes import parse_node_doc
from scheduler_core.manifests.pdbs import parse_pdb_doc
from scheduler_core.manifests.pods import PodDraft, parse_pod_draft
from scheduler_core.manifests.priority import (
    SYSTEM_PRIORITY_CLASSES,
    admit_pod,
    check_single_default,
    parse_priority_class_doc,
)
from scheduler_core.manifests.workloads import (
    WorkloadDraft,
    admit_workload,
    parse_workload_doc,
)
from scheduler_core.objects import (
    Cluster,
    Namespace,
    Node,
    Pod,
    PodDisruptionBudget,
    PriorityClass,
    Workload,
)

_TOP_LEVEL = ("apiVersion", "kind", "metadata", "spec", "status")
_SKIPPED_KINDS: dict[str, str] = {}


@dataclass
class _Parsed:
    nodes: list[tuple[Doc, Node]] = field(default_factory=list)
    classes: list[tuple[Doc, PriorityClass]] = field(default_factory=list)
    pods: list[tuple[Doc, PodDraft]] = field(default_factory=list)
    pdbs: list[tuple[Doc, PodDisruptionBudget]] = field(default_factory=list)
    namespaces: list[tuple[Doc, Namespace]] = field(default_factory=list)
    workloads: list[tuple[Doc, WorkloadDraft]] = field(default_factory=list)
    docs: list[Doc] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def load_yaml(text: str) -> Cluster:
    """Multi-document YAML (``---``), each document an object or a ``kind: List``."""
    return load_documents(_read_yaml(text))


def _read_yaml(text: str) -> list[Any]:
    docs: list[Any] = []
    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        for doc in yaml.load_all(text, Loader=loader_cls):
            docs.append(doc)  # noqa: PERF402 -- one at a time, so a syntax error knows its document
    except yaml.YAMLError as err:
        raise ManifestError([_yaml_error(len(docs), err)]) from err
    return docs


def _yaml_error(document: int, err: yaml.YAMLError) -> FieldError:
    mark = getattr(err, "problem_mark", None)
    problem = getattr(err, "problem", None) or str(err)
    where = f"line {mark.line + 1}: " if mark is not None else ""
    message = f"yaml: {where}{problem}"
    return FieldError(document, "", "", 0, "", None, message, SYNTAX)


def load_documents(docs: Sequence[Any]) -> Cluster:
    """Decoded manifests (dicts) → Cluster. Raises ManifestError listing every problem."""
    parsed = _Parsed()
    kind_counts: dict[str, int] = {}
    errors: list[FieldError] = []
    for number, obj in enumerate(docs):
        for manifest in _expand(number, obj, errors, parsed.ignored):
            kind = manifest.get("kind") if isinstance(manifest.get("kind"), str) else ""
            doc = Doc(number, str(kind), kind_counts.get(str(kind), 0))
            kind_counts[str(kind)] = doc.kind_index + 1
            parsed.docs.append(doc)
            _parse_one(doc, manifest, parsed)
    cluster = _assemble(parsed)
    errors.extend(e for doc in parsed.docs for e in doc.errors)
    if errors:
        raise ManifestError(sorted(errors, key=lambda e: e.document))
    return cluster


def _expand(number: int, obj: Any, errors: list[FieldError], ignored: list[str]) -> Iterator[dict[str, Any]]:
    if obj is None:  # an empty document between two "---"
        return
    if not isinstance(obj, dict):
        errors.append(FieldError(number, "", "", 0, "", obj, "a document must be an object with apiVersion and kind",
                                 SYNTAX))
        return
    if obj.get("kind") == "List":
        items = obj.get("items") or []
        if not isinstance(items, list):
            errors.append(FieldError(number, "List", "", 0, "items", items, "Invalid value: items must be a list",
                                     SYNTAX))
            return
        for item in items:
            if isinstance(item, dict):
                yield item
            else:
                errors.append(FieldError(number, "List", "", 0, "items", item, "a List item must be an object",
                                         SYNTAX))
        return
    yield obj


def _parse_one(doc: Doc, manifest: dict[str, Any], parsed: _Parsed) -> None:
    _name_early(doc, manifest)
    if not doc.kind:
        _kind_missing(doc, manifest.get("kind"))
        return
    if doc.kind in _SKIPPED_KINDS:
        parsed.ignored.append(f"{doc.label}: not modelled and was ignored ({_SKIPPED_KINDS[doc.kind]})")
        return
    if doc.kind not in API_VERSIONS:
        doc.not_supported("kind", doc.kind, tuple(API_VERSIONS), f"{doc.kind} is not modelled by the playground")
        return
    if not _check_api_version(doc, manifest):
        return
    if doc.kind != "PriorityClass":
        doc.check_keys(manifest, "", _TOP_LEVEL)
    if doc.kind == "Node":
        parsed.nodes.append((doc, parse_node_doc(doc, manifest)))
    elif doc.kind == "Pod":
        parsed.pods.append((doc, parse_pod_draft(doc, manifest)))
    elif doc.kind == "PriorityClass":
        parsed.classes.append((doc, parse_priority_class_doc(doc, manifest)))
    elif doc.kind == "Namespace":
        parsed.namespaces.append((doc, parse_namespace_doc(doc, manifest)))
    elif doc.kind in WORKLOAD_API_VERSIONS:
        parsed.workloads.append((doc, parse_workload_doc(doc, manifest)))
    else:
        parsed.pdbs.append((doc, parse_pdb_doc(doc, manifest)))


def _kind_missing(doc: Doc, kind: Any) -> None:
    if kind is None or kind == "":
        doc.required("kind", "kind not set")
    else:  # the API server cannot decode it: json: cannot unmarshal object into ... kind of type string
        doc.invalid("kind", kind, "must be a string")


def _name_early(doc: Doc, manifest: dict[str, Any]) -> None:
    """So that errors found before metadata is read still name their object."""
    meta = manifest.get("metadata")
    if isinstance(meta, dict) and isinstance(meta.get("name"), str):
        doc.name = meta["name"]


def _check_api_version(doc: Doc, manifest: dict[str, Any]) -> bool:
    api_version = manifest.get("apiVersion")
    if not api_version:
        doc.required("apiVersion", "apiVersion not set")
        return False
    if api_version != API_VERSIONS[doc.kind]:
        doc.invalid("apiVersion", api_version, f'no matches for kind "{doc.kind}" in version "{api_version}"')
        return False
    return True


def _assemble(parsed: _Parsed) -> Cluster:
    _check_duplicates(parsed)
    classes = _priority_classes(parsed)
    node_names = {node.name for _, node in parsed.nodes}
    pods = [_admit(doc, draft, classes, node_names) for doc, draft in parsed.pods]
    return Cluster(
        nodes=tuple(node for _, node in parsed.nodes),
        priority_classes=tuple(classes),
        pods=tuple(pods),
        pdbs=tuple(pdb for _, pdb in parsed.pdbs),
        namespaces=tuple(ns for _, ns in parsed.namespaces),
        workloads=tuple(admit_workload(doc, draft, classes) for doc, draft in parsed.workloads),
        ignored=tuple(parsed.ignored + [note for doc in parsed.docs for note in doc.ignored]),
    )


def _check_duplicates(parsed: _Parsed) -> None:
    seen: set[tuple[str, str, str]] = set()
    for doc in parsed.docs:
        if doc.kind not in API_VERSIONS or not doc.name:
            continue
        key = (doc.kind, doc.namespace, doc.name)
        if key in seen:
            doc.duplicate("metadata.name", doc.name)
        seen.add(key)


def _priority_classes(parsed: _Parsed) -> list[PriorityClass]:
    """System classes first (always present), then the user's, in input order."""
    check_single_default(parsed.classes)
    system_names = {pc.name for pc in SYSTEM_PRIORITY_CLASSES}
    user = [pc for _, pc in parsed.classes if pc.name not in system_names]
    return list(SYSTEM_PRIORITY_CLASSES) + user


def _admit(doc: Doc, draft: PodDraft, classes: Sequence[PriorityClass], node_names: Collection[str] | None) -> Pod:
    pod = admit_pod(doc, draft, classes)
    if pod.node_name and node_names is not None and pod.node_name not in node_names:
        doc.not_found("spec.nodeName", pod.node_name)
    return pod


def parse_pod(
    manifest: dict[str, Any],
    priority_classes: Sequence[PriorityClass],
    *,
    existing_nodes: Collection[str] | None = None,
) -> Pod:
    """One pod added mid-run: the same validation and admission as load_documents."""
    doc = Doc(0, "Pod", 0)
    _check_single(doc, manifest, "Pod")
    draft = parse_pod_draft(doc, manifest)
    known = {pc.name for pc in priority_classes}
    classes = [pc for pc in SYSTEM_PRIORITY_CLASSES if pc.name not in known] + list(priority_classes)
    pod = _admit(doc, draft, classes, existing_nodes)
    if doc.errors:
        raise ManifestError(doc.errors)
    return pod


def parse_workload(manifest: dict[str, Any], priority_classes: Sequence[PriorityClass]) -> Workload:
    """One Deployment, ReplicaSet, StatefulSet, DaemonSet or Job created mid-run: the same validation and
    template admission as load_documents."""
    kind = manifest.get("kind")
    doc = Doc(0, kind if kind in WORKLOAD_API_VERSIONS else "Deployment", 0)
    if kind not in WORKLOAD_API_VERSIONS:
        doc.not_supported("kind", kind, tuple(WORKLOAD_API_VERSIONS))
        raise ManifestError(doc.errors)
    _check_single(doc, manifest, str(kind))
    draft = parse_workload_doc(doc, manifest)
    known = {pc.name for pc in priority_classes}
    classes = [pc for pc in SYSTEM_PRIORITY_CLASSES if pc.name not in known] + list(priority_classes)
    workload = admit_workload(doc, draft, classes)
    if doc.errors:
        raise ManifestError(doc.errors)
    return workload


def parse_namespace(manifest: dict[str, Any]) -> Namespace:
    """One Namespace created mid-run: the same validation as load_documents."""
    doc = Doc(0, "Namespace", 0)
    _check_single(doc, manifest, "Namespace")
    namespace = parse_namespace_doc(doc, manifest)
    if doc.errors:
        raise ManifestError(doc.errors)
    return namespace


def parse_priority_class(manifest: dict[str, Any]) -> PriorityClass:
    """One PriorityClass created mid-run: the same validation as load_documents (ValidatePriorityClass)."""
    doc = Doc(0, "PriorityClass", 0)
    if manifest.get("kind", "PriorityClass") != "PriorityClass":
        doc.invalid("kind", manifest.get("kind"), "must be PriorityClass")
    if "apiVersion" in manifest:
        _check_api_version(doc, manifest)
    priority_class = parse_priority_class_doc(doc, manifest)
    if doc.errors:
        raise ManifestError(doc.errors)
    return priority_class


def parse_pdb(manifest: dict[str, Any]) -> PodDisruptionBudget:
    """One PodDisruptionBudget created mid-run: the same validation as load_documents."""
    doc = Doc(0, "PodDisruptionBudget", 0)
    _check_single(doc, manifest, "PodDisruptionBudget")
    pdb = parse_pdb_doc(doc, manifest)
    if doc.errors:
        raise ManifestError(doc.errors)
    return pdb


def parse_node(manifest: dict[str, Any]) -> Node:
    doc = Doc(0, "Node", 0)
    _check_single(doc, manifest, "Node")
    node = parse_node_doc(doc, manifest)
    if doc.errors:
        raise ManifestError(doc.errors)
    return node


def _check_single(doc: Doc, manifest: dict[str, Any], kind: str) -> None:
    """kind/apiVersion may be omitted for a single object; if given they must be right."""
    if manifest.get("kind", kind) != kind:
        doc.invalid("kind", manifest.get("kind"), f"must be {kind}")
    if "apiVersion" in manifest:
        _check_api_version(doc, manifest)
    doc.check_keys(manifest, "", _TOP_LEVEL)
