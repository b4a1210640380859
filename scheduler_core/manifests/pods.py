"""v1 Pod → objects.Pod (before priority admission), with pod validation."""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from scheduler_core.manifests.context import Doc, child, index
from scheduler_core.manifests.label_selectors import (
    node_affinity,
    pod_affinity,
    tolerations,
    topology_spread_constraints,
)
from scheduler_core.manifests.meta import read_metadata
from scheduler_core.manifests.names import (
    check_label_key,
    check_labels,
    check_name,
    dns1123_label_errors,
)
from scheduler_core.manifests.resources import container_requests, resource_list
from scheduler_core.manifests.times import parse_time
from scheduler_core.objects import (
    DEFAULT_SCHEDULER_NAME,
    DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS,
    PREEMPT_LOWER_PRIORITY,
    PREEMPT_NEVER,
    Container,
    ContainerPort,
    OwnerReference,
    Pod,
)

# Same namespace for every playground: uid = uuid5(UID_NAMESPACE, "<namespace>/<name>").
UID_NAMESPACE = uuid.UUID("6f1c8a52-3b0e-4c55-9a43-2d1f0f5e7a10")
PREEMPTION_POLICIES = (PREEMPT_LOWER_PRIORITY, PREEMPT_NEVER)
_PROTOCOLS = ("SCTP", "TCP", "UDP")

_SPEC_MODELLED = (
    "containers", "initContainers", "overhead", "nodeSelector", "affinity", "topologySpreadConstraints",
    "tolerations", "priorityClassName", "priority", "preemptionPolicy", "schedulingGates",
    "terminationGracePeriodSeconds", "nodeName", "schedulerName",
)
_SPEC_UNMODELLED = (
    "volumes", "ephemeralContainers", "restartPolicy", "activeDeadlineSeconds", "dnsPolicy", "dnsConfig",
    "serviceAccountName", "serviceAccount", "automountServiceAccountToken", "hostNetwork", "hostPID", "hostIPC",
    "shareProcessNamespace", "securityContext", "imagePullSecrets", "hostname", "subdomain", "hostAliases",
    "readinessGates", "runtimeClassName", "enableServiceLinks", "os", "hostUsers", "resourceClaims",
    "resources", "setHostnameAsFQDN", "hostnameOverride", "workloadRef",
)
_CONTAINER_MODELLED = ("name", "resources", "ports", "restartPolicy")
_CONTAINER_UNMODELLED = (
    "image", "command", "args", "workingDir", "envFrom", "env", "resizePolicy", "restartPolicyRules",
    "volumeMounts", "volumeDevices", "livenessProbe", "readinessProbe", "startupProbe", "lifecycle",
    "terminationMessagePath", "terminationMessagePolicy", "imagePullPolicy", "securityContext", "stdin",
    "stdinOnce", "tty",
)
_STATUS_MODELLED = ("startTime", "nominatedNodeName")
_STATUS_UNMODELLED = (
    "phase", "conditions", "message", "reason", "hostIP", "hostIPs", "podIP", "podIPs", "initContainerStatuses",
    "containerStatuses", "ephemeralContainerStatuses", "qosClass", "resize", "resourceClaimStatuses",
    "observedGeneration", "extendedResourceClaimStatus",
)


@dataclass(frozen=True)
class PodDraft:
    """A pod as written, before admission resolves its priority."""

    pod: Pod
    priority: int | None  # spec.priority as given
    preemption_policy: str | None  # spec.preemptionPolicy as given


def default_uid(namespace: str, name: str) -> str:
    return str(uuid.uuid5(UID_NAMESPACE, f"{namespace}/{name}"))


def parse_pod_draft(doc: Doc, manifest: dict[str, Any]) -> PodDraft:
    meta, labels = read_metadata(doc, manifest, ("name", "namespace", "labels", "uid", "ownerReferences"))
    check_name(doc, doc.name, "metadata.name")
    spec = doc.get_map(manifest, "spec", "")
    status = doc.get_map(manifest, "status", "")
    doc.check_keys(spec, "spec", _SPEC_MODELLED, _SPEC_UNMODELLED)
    doc.check_keys(status, "status", _STATUS_MODELLED, _STATUS_UNMODELLED)
    containers, init_containers = _all_containers(doc, spec)
    affinity = doc.get_map(spec, "affinity", "spec")
    doc.check_keys(affinity, "spec.affinity", ("nodeAffinity", "podAffinity", "podAntiAffinity"))
    policy = _preemption_policy(doc, spec)
    pod = Pod(
        name=doc.name,
        namespace=doc.namespace,
        uid=doc.get_str(meta, "uid", "metadata") or default_uid(doc.namespace, doc.name),
        labels=labels,
        containers=containers,
        init_containers=init_containers,
        overhead=resource_list(doc, spec.get("overhead"), "spec.overhead"),
        node_selector=_node_selector(doc, spec),
        node_affinity=node_affinity(doc, doc.get_map(affinity, "nodeAffinity", "spec.affinity"), "spec.affinity.nodeAffinity"),
        pod_affinity=pod_affinity(doc, doc.get_map(affinity, "podAffinity", "spec.affinity"), "spec.affinity.podAffinity"),
        pod_anti_affinity=pod_affinity(
            doc, doc.get_map(affinity, "podAntiAffinity", "spec.affinity"), "spec.affinity.podAntiAffinity"
        ),
        topology_spread_constraints=topology_spread_constraints(doc, spec, "spec"),
        tolerations=tolerations(doc, spec, "spec"),
        priority_class_name=doc.get_str(spec, "priorityClassName", "spec"),
        preemption_policy=policy or PREEMPT_LOWER_PRIORITY,
        scheduling_gates=_scheduling_gates(doc, spec),
        termination_grace_period_seconds=_grace_period(doc, spec),
        node_name=_node_name(doc, spec),
        start_time=_start_time(doc, status),
        scheduler_name=doc.get_str(spec, "schedulerName", "spec") or DEFAULT_SCHEDULER_NAME,
        nominated_node_name=doc.get_str(status, "nominatedNodeName", "status"),
        owner_references=_owner_references(doc, meta),
    )
    return PodDraft(pod, doc.get_int(spec, "priority", "spec"), policy)


def _owner_references(doc: Doc, meta: dict[str, Any]) -> tuple[OwnerReference, ...]:
    """metadata.ownerReferences (ValidateOwnerReferences: at most one controller)."""
    refs = []
    for path, raw in doc.get_maps(meta, "ownerReferences", "metadata"):
        doc.check_keys(raw, path, ("apiVersion", "kind", "name", "uid", "controller", "blockOwnerDeletion"))
        for key in ("apiVersion", "kind", "name", "uid"):
            if not raw.get(key):
                doc.required(child(path, key))
        refs.append(OwnerReference(
            api_version=doc.get_str(raw, "apiVersion", path), kind=doc.get_str(raw, "kind", path),
            name=doc.get_str(raw, "name", path), uid=doc.get_str(raw, "uid", path),
            controller=doc.get_bool(raw, "controller", path),
            block_owner_deletion=doc.get_bool(raw, "blockOwnerDeletion", path),
        ))
    if sum(ref.controller for ref in refs) > 1:
        doc.invalid("metadata.ownerReferences", [r.name for r in refs if r.controller],
                    "Only one reference can have Controller set to true")
    return tuple(refs)


def _all_containers(doc: Doc, spec: dict[str, Any]) -> tuple[tuple[Container, ...], tuple[Container, ...]]:
    if not spec.get("containers"):
        doc.required("spec.containers")
    containers = tuple(_container(doc, raw, p, init=False) for p, raw in doc.get_maps(spec, "containers", "spec"))
    init = tuple(_container(doc, raw, p, init=True) for p, raw in doc.get_maps(spec, "initContainers", "spec"))
    seen: set[str] = set()
    for path, c in [(index("spec.containers", i), c) for i, c in enumerate(containers)] + [
        (index("spec.initContainers", i), c) for i, c in enumerate(init)
    ]:
        if c.name and c.name in seen:
            doc.duplicate(child(path, "name"), c.name)
        seen.add(c.name)
    return containers, init


def _container(doc: Doc, raw: dict[str, Any], path: str, *, init: bool) -> Container:
    doc.check_keys(raw, path, _CONTAINER_MODELLED, _CONTAINER_UNMODELLED)
    name = doc.get_str(raw, "name", path)
    if not name:
        doc.required(child(path, "name"))
    else:
        for msg in dns1123_label_errors(name):
            doc.invalid(child(path, "name"), name, msg)
    restart_policy = doc.get_str(raw, "restartPolicy", path) or None
    if restart_policy is not None and (not init or restart_policy != "Always"):
        doc.not_supported(child(path, "restartPolicy"), restart_policy, ("Always",) if init else ())
    requests = container_requests(doc, doc.get_map(raw, "resources", path), child(path, "resources"))
    ports = tuple(_port(doc, p, pp) for pp, p in doc.get_maps(raw, "ports", path))
    return Container(name=name, requests=requests, ports=ports, restart_policy=restart_policy)


def _port(doc: Doc, raw: dict[str, Any], path: str) -> ContainerPort:
    doc.check_keys(raw, path, ("containerPort", "hostPort", "protocol", "hostIP"), ("name",))
    container_port = doc.get_int(raw, "containerPort", path, 0) or 0
    host_port = doc.get_int(raw, "hostPort", path, 0) or 0
    protocol = doc.get_str(raw, "protocol", path) or "TCP"
    if not 1 <= container_port <= 65535:
        doc.invalid(child(path, "containerPort"), container_port, "must be between 1 and 65535, inclusive")
    if host_port and not 1 <= host_port <= 65535:
        doc.invalid(child(path, "hostPort"), host_port, "must be between 1 and 65535, inclusive")
    if protocol not in _PROTOCOLS:
        doc.not_supported(child(path, "protocol"), protocol, _PROTOCOLS)
    return ContainerPort(container_port, host_port, protocol, doc.get_str(raw, "hostIP", path))


def _node_selector(doc: Doc, spec: dict[str, Any]) -> dict[str, str]:
    selector = doc.get_string_map(spec, "nodeSelector", "spec")
    check_labels(doc, selector, "spec.nodeSelector")
    return selector


def _preemption_policy(doc: Doc, spec: dict[str, Any]) -> str | None:
    if "preemptionPolicy" not in spec:
        return None
    policy = doc.get_str(spec, "preemptionPolicy", "spec")
    if policy not in PREEMPTION_POLICIES:
        doc.not_supported("spec.preemptionPolicy", policy, PREEMPTION_POLICIES)
        return None
    return policy


def _scheduling_gates(doc: Doc, spec: dict[str, Any]) -> tuple[str, ...]:
    gates: list[str] = []
    for path, raw in doc.get_maps(spec, "schedulingGates", "spec"):
        doc.check_keys(raw, path, ("name",))
        name = doc.get_str(raw, "name", path)
        check_label_key(doc, name, child(path, "name"))
        if name in gates:
            doc.duplicate(child(path, "name"), name)
        gates.append(name)
    return tuple(gates)


def _grace_period(doc: Doc, spec: dict[str, Any]) -> int:
    seconds = doc.get_int(spec, "terminationGracePeriodSeconds", "spec", DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS)
    assert seconds is not None
    if seconds < 0:
        doc.invalid("spec.terminationGracePeriodSeconds", seconds, "must be greater than or equal to 0")
    return seconds


def _node_name(doc: Doc, spec: dict[str, Any]) -> str:
    name = doc.get_str(spec, "nodeName", "spec")
    if name:
        check_name(doc, name, "spec.nodeName")
    return name


def _start_time(doc: Doc, status: dict[str, Any]) -> float | None:
    raw = status.get("startTime")
    if raw is None:
        return None
    if hasattr(raw, "isoformat"):  # PyYAML reads unquoted timestamps as datetime
        raw = raw.isoformat()
    try:
        return parse_time(str(raw))
    except ValueError:
        doc.invalid("status.startTime", raw, "must be an RFC 3339 date-time, e.g. '2025-12-31T23:55:00Z'")
        return None
