"""Workloads as written, and what their pods are made from: the pod template, and the controller reference.

A workload's manifest comes from the scenario's documents or its `add_workload` command; a Deployment's
ReplicaSet is derived from the Deployment's as the deployment controller writes it (getNewReplicaSet: the
`pod-template-hash` label in its selector and template, the revision annotations, the owner reference).
"""
from __future__ import annotations

import copy
import math
from typing import Any

from playground.k8sapi.world import World
from scheduler_core.controllers.base import POD_TEMPLATE_HASH_LABEL
from scheduler_core.controllers.daemonset import DAEMON_TOLERATIONS
from scheduler_core.manifests.kinds import API_VERSIONS
from scheduler_core.manifests.workloads import workload_uid

REVISION = "deployment.kubernetes.io/revision"


def owner_key(namespace: str, owner: dict[str, Any]) -> str:
    return f"{owner['kind']}/{namespace}/{owner['name']}"


def uid_of(world: World, key: str) -> str:
    """The workload's uid; a deleted one's as last seen (its terminating pods still name it)."""
    view = world.workload_or_last(key)
    if view is not None:
        return str(view["uid"])
    kind, namespace, name = key.split("/", 2)
    return workload_uid(kind, namespace, name)


def owner_reference(world: World, namespace: str, owner: dict[str, Any]) -> dict[str, Any]:
    """metav1.NewControllerRef: controller and blockOwnerDeletion true."""
    return {"apiVersion": API_VERSIONS[owner["kind"]], "kind": owner["kind"], "name": owner["name"],
            "uid": uid_of(world, owner_key(namespace, owner)), "controller": True, "blockOwnerDeletion": True}


def max_surge(replicas: int) -> int:
    """The default RollingUpdate maxSurge, 25% rounded up (deploymentutil.MaxSurge)."""
    return math.ceil(replicas * 0.25)


def written(world: World, view: dict[str, Any]) -> dict[str, Any]:
    """The workload as written (a Deployment's ReplicaSet: as the deployment controller writes it)."""
    owner = view.get("owner")
    if view["kind"] == "ReplicaSet" and owner and owner["kind"] == "Deployment":
        return _replica_set_of(world, view, owner)
    return copy.deepcopy(world.workload_manifests.get(view["key"]) or {})


def _replica_set_of(world: World, view: dict[str, Any], owner: dict[str, Any]) -> dict[str, Any]:
    deployment = copy.deepcopy(world.workload_manifests.get(owner_key(view["namespace"], owner)) or {})
    spec = deployment.get("spec") or {}
    digest = view["name"].removeprefix(f"{owner['name']}-")
    template = spec.get("template") or {}
    template.setdefault("metadata", {}).setdefault("labels", {})[POD_TEMPLATE_HASH_LABEL] = digest
    selector = spec.get("selector") or {}
    selector.setdefault("matchLabels", {})[POD_TEMPLATE_HASH_LABEL] = digest
    desired = int((world.workload_or_last(owner_key(view["namespace"], owner)) or {}).get("replicas") or 0)
    annotations = {"deployment.kubernetes.io/desired-replicas": str(desired),
                   "deployment.kubernetes.io/max-replicas": str(desired + max_surge(desired)), REVISION: "1"}
    meta = {"name": view["name"], "namespace": view["namespace"], "labels": dict(template["metadata"]["labels"]),
            "annotations": annotations, "ownerReferences": [owner_reference(world, view["namespace"], owner)]}
    return {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": meta,
            "spec": {"replicas": view["replicas"], "selector": selector, "template": template}}


def pod_manifest(world: World, view: dict[str, Any]) -> dict[str, Any]:
    """A controller's pod as its controller created it from the template (PodControl.CreatePods); a bare pod's
    manifest as written."""
    given = world.pod_manifests.get(view["key"])
    owner = view.get("owner")
    if given is not None or not owner:
        return given or {}
    key = owner_key(view["namespace"], owner)
    workload = world.workload_or_last(key) or {"key": key, "kind": owner["kind"], "name": owner["name"],
                                                "namespace": view["namespace"], "replicas": 0}
    template = (written(world, workload).get("spec") or {}).get("template") or {}
    spec = copy.deepcopy(template.get("spec") or {})
    if owner["kind"] == "DaemonSet":
        _daemon_pod(spec, view.get("nodeName"))
    meta = {"name": view["name"], "namespace": view["namespace"],
            "ownerReferences": [owner_reference(world, view["namespace"], owner)]}
    annotations = (template.get("metadata") or {}).get("annotations")
    if annotations:
        meta["annotations"] = dict(annotations)
    return {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec}


def _daemon_pod(spec: dict[str, Any], node: str | None) -> None:
    """What the DaemonSet controller adds (AddOrUpdateDaemonPodTolerations; the pin of
    ReplaceDaemonSetPodNodeNameNodeAffinity, shown once the pod is bound and its node known)."""
    tolerations = spec.setdefault("tolerations", [])
    for t in DAEMON_TOLERATIONS:
        toleration = {"key": t.key, "operator": t.operator, "effect": t.effect}
        if toleration not in tolerations:
            tolerations.append(toleration)
    if node:
        term = {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [node]}]}
        affinity = spec.setdefault("affinity", {}).setdefault("nodeAffinity", {})
        affinity["requiredDuringSchedulingIgnoredDuringExecution"] = {"nodeSelectorTerms": [term]}
