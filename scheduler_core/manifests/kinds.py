"""The kinds of object the model reads, once: everything else that names a kind's apiVersion,
plural or scope derives from this table (the loader, the scenario API's URLs and schema, the
Kubernetes API's resources; tests/test_manifest_kinds_agree.py holds the browser's copy to it)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    kind: str
    api_version: str
    plural: str
    namespaced: bool
    workload: bool = False  # re-created by its controller in a run (scheduler_core.controllers)

    @property
    def group(self) -> str:
        """The API group ("" for the core group v1)."""
        return self.api_version.rpartition("/")[0]

    @property
    def version(self) -> str:
        return self.api_version.rpartition("/")[2]

    @property
    def singular(self) -> str:
        return self.kind.lower()


KINDS: tuple[Kind, ...] = (
    Kind("Node", "v1", "nodes", namespaced=False),
    Kind("PriorityClass", "scheduling.k8s.io/v1", "priorityclasses", namespaced=False),
    Kind("Pod", "v1", "pods", namespaced=True),
    Kind("PodDisruptionBudget", "policy/v1", "poddisruptionbudgets", namespaced=True),
    Kind("Namespace", "v1", "namespaces", namespaced=False),
    Kind("Deployment", "apps/v1", "deployments", namespaced=True, workload=True),
    Kind("ReplicaSet", "apps/v1", "replicasets", namespaced=True, workload=True),
    Kind("StatefulSet", "apps/v1", "statefulsets", namespaced=True, workload=True),
    Kind("DaemonSet", "apps/v1", "daemonsets", namespaced=True, workload=True),
    Kind("Job", "batch/v1", "jobs", namespaced=True, workload=True),
)
KIND_BY_NAME: dict[str, Kind] = {k.kind: k for k in KINDS}
KIND_BY_PLURAL: dict[str, Kind] = {k.plural: k for k in KINDS}
API_VERSIONS: dict[str, str] = {k.kind: k.api_version for k in KINDS}
PLURALS: dict[str, str] = {k.kind: k.plural for k in KINDS}
WORKLOADS: tuple[Kind, ...] = tuple(k for k in KINDS if k.workload)
WORKLOAD_KINDS: tuple[str, ...] = tuple(k.kind for k in WORKLOADS)
WORKLOAD_API_VERSIONS: dict[str, str] = {k.kind: k.api_version for k in WORKLOADS}
WORKLOAD_PLURALS: dict[str, str] = {k.kind: k.plural for k in WORKLOADS}
