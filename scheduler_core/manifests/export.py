"""Cluster → kubectl-apply-able manifests, and stable YAML for them."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from scheduler_core.manifests.pods import default_uid
from scheduler_core.manifests.priority import SYSTEM_PRIORITY_CLASSES
from scheduler_core.manifests.resources import is_overcommit_allowed
from scheduler_core.manifests.times import format_time
from scheduler_core.objects import (
    DEFAULT_SCHEDULER_NAME,
    DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS,
    NAMESPACE_NAME_LABEL,
    Cluster,
    Container,
    LabelSelector,
    Namespace,
    Node,
    NodeAffinity,
    NodeSelectorRequirement,
    NodeSelectorTerm,
    Pod,
    PodAffinity,
    PodAffinityTerm,
    PodDisruptionBudget,
    PriorityClass,
    Toleration,
    TopologySpreadConstraint,
    Workload,
)
from scheduler_core.quantity import format_quantity


def cluster_to_documents(cluster: Cluster) -> list[dict[str, Any]]:
    """Namespaces, PriorityClasses, Nodes, Pods, PDBs — in an order kubectl apply accepts; system
    classes omitted."""
    system = set(SYSTEM_PRIORITY_CLASSES)
    return (
        [namespace_document(ns) for ns in cluster.namespaces]
        + [priority_class_document(pc) for pc in cluster.priority_classes if pc not in system]
        + [node_document(n) for n in cluster.nodes]
        + [pod_document(p) for p in cluster.pods]
        + [pdb_document(b) for b in cluster.pdbs]
        + [workload_document(w) for w in cluster.workloads]
    )


def dump_yaml(docs: list[dict[str, Any]]) -> str:
    """Multi-document YAML; keys keep the order the documents were built in."""
    return yaml.safe_dump_all(docs, sort_keys=False, default_flow_style=False, allow_unicode=True)


def _quantities(resources: Mapping[str, int]) -> dict[str, str]:
    return {name: format_quantity(name, amount) for name, amount in resources.items()}


def _metadata(name: str, labels: Mapping[str, str], namespace: str | None = None) -> dict[str, Any]:
    meta: dict[str, Any] = {"name": name}
    if namespace is not None:
        meta["namespace"] = namespace
    if labels:
        meta["labels"] = dict(labels)
    return meta


def namespace_document(ns: Namespace) -> dict[str, Any]:
    """The automatic kubernetes.io/metadata.name label is left out: the API server adds it."""
    labels = {k: v for k, v in ns.labels.items() if k != NAMESPACE_NAME_LABEL}
    return {"apiVersion": "v1", "kind": "Namespace", "metadata": _metadata(ns.name, labels)}


def priority_class_document(pc: PriorityClass) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "apiVersion": "scheduling.k8s.io/v1",
        "kind": "PriorityClass",
        "metadata": {"name": pc.name},
        "value": pc.value,
        "globalDefault": pc.global_default,
        "preemptionPolicy": pc.preemption_policy,
    }
    if pc.description:
        doc["description"] = pc.description
    return doc


def node_document(node: Node) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    if node.unschedulable:
        spec["unschedulable"] = True
    if node.taints:
        spec["taints"] = [_drop_empty({"key": t.key, "value": t.value, "effect": t.effect}) for t in node.taints]
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": _metadata(node.name, node.labels),
        "spec": spec,
        "status": {"capacity": _quantities(node.capacity), "allocatable": _quantities(node.allocatable)},
    }


def pod_document(pod: Pod) -> dict[str, Any]:
    meta = _metadata(pod.name, pod.labels, pod.namespace)
    if pod.uid and pod.uid != default_uid(pod.namespace, pod.name):
        meta["uid"] = pod.uid
    if pod.owner_references:
        meta["ownerReferences"] = [
            {"apiVersion": r.api_version, "kind": r.kind, "name": r.name, "uid": r.uid, "controller": r.controller,
             "blockOwnerDeletion": r.block_owner_deletion}
            for r in pod.owner_references
        ]
    doc: dict[str, Any] = {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": _pod_spec(pod)}
    status: dict[str, Any] = {}
    if pod.start_time is not None:
        status["startTime"] = format_time(pod.start_time)
    if pod.nominated_node_name:
        status["nominatedNodeName"] = pod.nominated_node_name
    if status:
        doc["status"] = status
    return doc


def _pod_spec(pod: Pod) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    if pod.node_name:
        spec["nodeName"] = pod.node_name
    if pod.scheduler_name != DEFAULT_SCHEDULER_NAME:
        spec["schedulerName"] = pod.scheduler_name
    if pod.priority_class_name:
        spec["priorityClassName"] = pod.priority_class_name
    spec["priority"] = pod.priority
    spec["preemptionPolicy"] = pod.preemption_policy
    if pod.scheduling_gates:
        spec["schedulingGates"] = [{"name": g} for g in pod.scheduling_gates]
    if pod.termination_grace_period_seconds != DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS:
        spec["terminationGracePeriodSeconds"] = pod.termination_grace_period_seconds
    if pod.init_containers:
        spec["initContainers"] = [_container(c) for c in pod.init_containers]
    spec["containers"] = [_container(c) for c in pod.containers]
    if pod.overhead:
        spec["overhead"] = _quantities(pod.overhead)
    if pod.node_selector:
        spec["nodeSelector"] = dict(pod.node_selector)
    affinity = _affinity(pod)
    if affinity:
        spec["affinity"] = affinity
    if pod.tolerations:
        spec["tolerations"] = [_toleration(t) for t in pod.tolerations]
    if pod.topology_spread_constraints:
        spec["topologySpreadConstraints"] = [_spread(c) for c in pod.topology_spread_constraints]
    return spec


def _container(c: Container) -> dict[str, Any]:
    out: dict[str, Any] = {"name": c.name}
    if c.restart_policy:
        out["restartPolicy"] = c.restart_policy
    if c.requests:
        out["resources"] = {"requests": _quantities(c.requests)}
        # Extended resources and hugepages cannot be overcommitted: the API server wants limit == request.
        fixed = {k: v for k, v in c.requests.items() if not is_overcommit_allowed(k)}
        if fixed:
            out["resources"]["limits"] = _quantities(fixed)
    if c.ports:
        out["ports"] = [
            _drop_empty({"containerPort": p.container_port, "hostPort": p.host_port, "protocol": p.protocol,
                         "hostIP": p.host_ip})
            for p in c.ports
        ]
    return out


def _affinity(pod: Pod) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if pod.node_affinity is not None:
        out["nodeAffinity"] = _node_affinity(pod.node_affinity)
    if pod.pod_affinity is not None:
        out["podAffinity"] = _pod_affinity(pod.pod_affinity)
    if pod.pod_anti_affinity is not None:
        out["podAntiAffinity"] = _pod_affinity(pod.pod_anti_affinity)
    return out


def _node_affinity(aff: NodeAffinity) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if aff.required is not None:
        out["requiredDuringSchedulingIgnoredDuringExecution"] = {
            "nodeSelectorTerms": [_node_term(t) for t in aff.required]
        }
    if aff.preferred:
        out["preferredDuringSchedulingIgnoredDuringExecution"] = [
            {"weight": p.weight, "preference": _node_term(p.preference)} for p in aff.preferred
        ]
    return out


def _node_term(term: NodeSelectorTerm) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if term.match_expressions:
        out["matchExpressions"] = [_requirement(r) for r in term.match_expressions]
    if term.match_fields:
        out["matchFields"] = [_requirement(r) for r in term.match_fields]
    return out


def _requirement(req: NodeSelectorRequirement | Any) -> dict[str, Any]:
    out: dict[str, Any] = {"key": req.key, "operator": req.operator}
    if req.values:
        out["values"] = list(req.values)
    return out


def _pod_affinity(aff: PodAffinity) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if aff.required:
        out["requiredDuringSchedulingIgnoredDuringExecution"] = [_pod_term(t) for t in aff.required]
    if aff.preferred:
        out["preferredDuringSchedulingIgnoredDuringExecution"] = [
            {"weight": w.weight, "podAffinityTerm": _pod_term(w.term)} for w in aff.preferred
        ]
    return out


def _pod_term(term: PodAffinityTerm) -> dict[str, Any]:
    out: dict[str, Any] = {"topologyKey": term.topology_key}
    if term.label_selector is not None:
        out["labelSelector"] = label_selector_document(term.label_selector)
    if term.namespaces:
        out["namespaces"] = list(term.namespaces)
    if term.namespace_selector is not None:
        out["namespaceSelector"] = label_selector_document(term.namespace_selector)
    if term.match_label_keys:
        out["matchLabelKeys"] = list(term.match_label_keys)
    if term.mismatch_label_keys:
        out["mismatchLabelKeys"] = list(term.mismatch_label_keys)
    return out


def label_selector_document(selector: LabelSelector) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if selector.match_labels:
        out["matchLabels"] = dict(selector.match_labels)
    if selector.match_expressions:
        out["matchExpressions"] = [_requirement(r) for r in selector.match_expressions]
    return out


def _toleration(t: Toleration) -> dict[str, Any]:
    out = _drop_empty({"key": t.key, "operator": t.operator, "value": t.value, "effect": t.effect})
    if t.toleration_seconds is not None:
        out["tolerationSeconds"] = t.toleration_seconds
    return out


def _spread(c: TopologySpreadConstraint) -> dict[str, Any]:
    out: dict[str, Any] = {
        "maxSkew": c.max_skew,
        "topologyKey": c.topology_key,
        "whenUnsatisfiable": c.when_unsatisfiable,
    }
    if c.label_selector is not None:
        out["labelSelector"] = label_selector_document(c.label_selector)
    if c.min_domains is not None:
        out["minDomains"] = c.min_domains
    if c.node_affinity_policy != "Honor":
        out["nodeAffinityPolicy"] = c.node_affinity_policy
    if c.node_taints_policy != "Ignore":
        out["nodeTaintsPolicy"] = c.node_taints_policy
    if c.match_label_keys:
        out["matchLabelKeys"] = list(c.match_label_keys)
    return out


def pdb_document(pdb: PodDisruptionBudget) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    if pdb.selector is not None:
        spec["selector"] = label_selector_document(pdb.selector)
    if pdb.min_available is not None:
        spec["minAvailable"] = pdb.min_available
    if pdb.max_unavailable is not None:
        spec["maxUnavailable"] = pdb.max_unavailable
    doc: dict[str, Any] = {
        "apiVersion": "policy/v1",
        "kind": "PodDisruptionBudget",
        "metadata": {"name": pdb.name, "namespace": pdb.namespace},
        "spec": spec,
    }
    status: dict[str, Any] = {}
    if pdb.disruptions_allowed is not None:
        status["disruptionsAllowed"] = pdb.disruptions_allowed
    if pdb.disrupted_pods:
        status["disruptedPods"] = {name: format_time(0) for name in pdb.disrupted_pods}
    if status:
        doc["status"] = status
    return doc


def _drop_empty(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v not in ("", 0, None)}


_JOB_GENERATED_LABELS = ("batch.kubernetes.io/controller-uid", "batch.kubernetes.io/job-name", "controller-uid",
                         "job-name")


def workload_document(w: Workload) -> dict[str, Any]:
    """Deployment / ReplicaSet / StatefulSet / DaemonSet / Job as kubectl apply takes it."""
    from scheduler_core.manifests.workloads import RUN_SECONDS_ANNOTATION, workload_uid

    meta = _metadata(w.name, w.labels, w.namespace)
    if w.uid != workload_uid(w.kind, w.namespace, w.name):
        meta["uid"] = w.uid
    spec: dict[str, Any] = {}
    if w.replicas is not None:
        spec["replicas"] = w.replicas
    if w.kind == "StatefulSet" and w.pod_management_policy != "OrderedReady":
        spec["podManagementPolicy"] = w.pod_management_policy
    if w.kind == "Job":
        spec["parallelism"] = w.parallelism
        if w.completions is not None:
            spec["completions"] = w.completions
        spec["backoffLimit"] = w.backoff_limit
    template_labels = dict(w.template.labels)
    if w.kind == "Job":
        template_labels = {k: v for k, v in template_labels.items() if k not in _JOB_GENERATED_LABELS}
    else:
        spec["selector"] = label_selector_document(w.selector)
    template_meta: dict[str, Any] = {"labels": template_labels}
    if w.kind == "Job" and w.run_seconds is not None:
        template_meta["annotations"] = {RUN_SECONDS_ANNOTATION: _seconds(w.run_seconds)}
    template_spec = _pod_spec(w.template)
    if w.kind == "Job":
        template_spec = {"restartPolicy": "Never", **template_spec}
    spec["template"] = {"metadata": template_meta, "spec": template_spec}
    return {"apiVersion": w.api_version, "kind": w.kind, "metadata": meta, "spec": spec}


def _seconds(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
