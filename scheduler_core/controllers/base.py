"""What every workload controller shares: its mutable state, pod names, the pods it owns, and
PodControl (create and delete a pod, with kube-controller-manager's events).

Names: ``generateName`` + 5 characters of ``utilrand.String`` (alphabet bcdfghjklmnpqrstvwxz2456789),
drawn from the run's own seeded ``random.Random`` for names, so they are deterministic.
"""
from __future__ import annotations

import json
import random
import uuid
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from scheduler_core.cluster_state import RUNNING, SUCCEEDED, ClusterState, PodRecord
from scheduler_core.objects import Pod, Workload

ALPHANUMS = "bcdfghjklmnpqrstvwxz2456789"  # k8s.io/apimachinery/pkg/util/rand
POD_TEMPLATE_HASH_LABEL = "pod-template-hash"


class ControllerHost(Protocol):
    """The simulation as the controllers see it: the API objects, the clock, the event log."""

    cluster: ClusterState

    @property
    def now(self) -> float: ...

    def emit(self, kind: str, **fields: Any) -> None: ...

    def add_pod(self, pod: Pod) -> None: ...

    def controller_delete_pod(self, key: str) -> None: ...


@dataclass
class WorkloadState:
    """A workload plus the status its controller keeps (Job counters, a Deployment's ReplicaSet)."""

    workload: Workload
    succeeded: int = 0
    failed: int = 0
    finished: str | None = None  # Job: "Complete" | "Failed"
    replica_set: str | None = None  # Deployment: key of its ReplicaSet
    counted: set[str] = field(default_factory=set)  # Job: pod uids already counted succeeded/failed
    generation: int = 1  # metadata.generation: 1 + the spec changes (scale)
    observed_generation: int = 0  # status.observedGeneration: the generation its controller last synced

    @property
    def key(self) -> str:
        return self.workload.key


@dataclass
class Context:
    host: ControllerHost
    names: random.Random

    def owned(self, workload: Workload) -> list[PodRecord]:
        """The pods whose controller reference is this workload, in creation order."""
        return [r for r in self.host.cluster.pods.values()
                if (ref := r.pod.controller_ref) is not None and ref.uid == workload.uid]

    def generate_name(self, prefix: str) -> str:
        """names.SimpleNameGenerator: prefix + 5 random alphanumerics, unique among the pods."""
        while True:
            name = prefix + "".join(self.names.choice(ALPHANUMS) for _ in range(5))
            if not any(r.pod.name == name for r in self.host.cluster.pods.values()):
                return name

    def create_pod(self, workload: Workload, name: str, message: str, reason: str = "SuccessfulCreate",
                   **changes: Any) -> None:
        """PodControl.CreatePods: the template as a new pod with a controller reference, then the event."""
        uid = str(uuid.UUID(int=self.names.getrandbits(128), version=4))  # the API server's random UID
        pod = replace(workload.template, name=name, namespace=workload.namespace, uid=uid,
                      owner_references=(workload.owner_reference(),), **changes)
        self.host.add_pod(pod)
        self.event(workload, "Normal", reason, message)

    def delete_pod(self, workload: Workload, record: PodRecord, message: str) -> None:
        """PodControl.DeletePod: DELETE with the pod's grace period, then the event."""
        self.host.controller_delete_pod(record.pod.key)
        self.event(workload, "Normal", "SuccessfulDelete", message)

    def event(self, workload: Workload, type_: str, reason: str, message: str) -> None:
        self.host.emit("k8s.event", type=type_, reason=reason, object=f"{workload.namespace}/{workload.name}",
                       objectKind=workload.kind, action=None, message=message, related=None)


def is_active(record: PodRecord) -> bool:
    """controller.IsPodActive: not Succeeded/Failed and not being deleted."""
    return record.phase != SUCCEEDED and record.deletion_timestamp is None


def is_ready(record: PodRecord) -> bool:
    """Running and Ready; the model's containers are ready as soon as the pod runs."""
    return record.phase == RUNNING and record.deletion_timestamp is None


def safe_encode(text: str) -> str:
    """rand.SafeEncodeString."""
    return "".join(ALPHANUMS[ord(c) % len(ALPHANUMS)] for c in text)


def template_hash(template_document: dict[str, Any]) -> str:
    """controller.ComputeHash: FNV-32a of the template, SafeEncodeString of its decimal value.

    Upstream hashes the Go object's dump; here the template's canonical JSON, so the names look
    like a real cluster's but are not byte-equal to them.
    """
    h = 0x811C9DC5
    for byte in json.dumps(template_document, sort_keys=True).encode():
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    return safe_encode(str(h))
