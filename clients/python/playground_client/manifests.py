"""Kubernetes manifests in one call each, for scripts: plain dicts, as ``kubectl apply`` takes them
(``Playground.scenario`` and ``play`` take these; ``apiVersion`` is filled in by the server)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Manifest = dict[str, Any]


def _metadata(name: str, labels: Mapping[str, str] | None, namespace: str | None = None) -> dict[str, Any]:
    metadata: dict[str, Any] = {"name": name}
    if namespace:
        metadata["namespace"] = namespace
    if labels:
        metadata["labels"] = dict(labels)
    return metadata


def node(name: str, cpu: str = "4", memory: str = "8Gi", pods: str = "110", *,
         labels: Mapping[str, str] | None = None) -> Manifest:
    """A Node with this much allocatable."""
    return {"kind": "Node", "metadata": _metadata(name, labels),
            "status": {"allocatable": {"cpu": cpu, "memory": memory, "pods": pods}}}


def priority_class(name: str, value: int, *, preemption_policy: str | None = None) -> Manifest:
    manifest: Manifest = {"kind": "PriorityClass", "metadata": {"name": name}, "value": value}
    if preemption_policy:
        manifest["preemptionPolicy"] = preemption_policy
    return manifest


def pod(name: str, cpu: str = "0", memory: str | None = None, *, priority_class: str | None = None,
        node: str | None = None, labels: Mapping[str, str] | None = None, namespace: str | None = None) -> Manifest:
    """A Pod of one container requesting ``cpu`` (and ``memory``); ``node`` binds it there from the
    start (spec.nodeName), else the scheduler places it."""
    requests = {"cpu": cpu, **({"memory": memory} if memory else {})}
    spec: dict[str, Any] = {"containers": [{"name": "c", "resources": {"requests": requests}}]}
    if priority_class:
        spec["priorityClassName"] = priority_class
    if node:
        spec["nodeName"] = node
    return {"kind": "Pod", "metadata": _metadata(name, labels, namespace), "spec": spec}


def pdb(name: str, match_labels: Mapping[str, str], *, min_available: int | str | None = None,
        max_unavailable: int | str | None = None, namespace: str | None = None) -> Manifest:
    """A PodDisruptionBudget over the pods with these labels."""
    spec: dict[str, Any] = {"selector": {"matchLabels": dict(match_labels)}}
    if min_available is not None:
        spec["minAvailable"] = min_available
    if max_unavailable is not None:
        spec["maxUnavailable"] = max_unavailable
    return {"kind": "PodDisruptionBudget", "metadata": _metadata(name, None, namespace), "spec": spec}
