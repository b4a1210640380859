"""Kubernetes manifests ↔ scheduler_core objects: the project's only validation.

Public API (the REST layer and the simulation code against exactly this):
load_yaml, load_documents, parse_pod, parse_node, parse_namespace, parse_priority_class, parse_pdb,
parse_workload,
cluster_to_documents, dump_yaml,
FieldError, ManifestError, SYSTEM_PRIORITY_CLASSES, SIM_EPOCH.
"""
from __future__ import annotations

from scheduler_core.manifests.errors import FieldError, ManifestError
from scheduler_core.manifests.export import cluster_to_documents, dump_yaml
from scheduler_core.manifests.loader import (
    load_documents,
    load_yaml,
    parse_namespace,
    parse_node,
    parse_pdb,
    parse_pod,
    parse_priority_class,
    parse_workload,
)
from scheduler_core.manifests.priority import SYSTEM_PRIORITY_CLASSES
from scheduler_core.manifests.times import SIM_EPOCH

__all__ = [
    "SIM_EPOCH",
    "SYSTEM_PRIORITY_CLASSES",
    "FieldError",
    "ManifestError",
    "cluster_to_documents",
    "dump_yaml",
    "load_documents",
    "load_yaml",
    "parse_namespace",
    "parse_node",
    "parse_pdb",
    "parse_pod",
    "parse_priority_class",
    "parse_workload",
]
