"""Kubernetes objects as the scheduler sees them: frozen values, canonical units.

Resource amounts are integers in canonical units: ``cpu`` in millicores, ``memory``,
``ephemeral-storage`` and ``hugepages-*`` in bytes, ``pods`` and extended resources as counts.
Times are virtual seconds relative to the simulation's start (t=0); running pods usually have a
negative ``start_time``. ``scheduler_core.quantity`` converts Kubernetes quantities to these units.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

CPU = "cpu"
MEMORY = "memory"
EPHEMERAL_STORAGE = "ephemeral-storage"
PODS = "pods"

PREEMPT_LOWER_PRIORITY = "PreemptLowerPriority"
PREEMPT_NEVER = "Never"
DEFAULT_SCHEDULER_NAME = "default-scheduler"
DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30

Resources = Mapping[str, int]


@dataclass(frozen=True)
class Taint:
    key: str
    effect: str  # NoSchedule | PreferNoSchedule | NoExecute
    value: str = ""


@dataclass(frozen=True)
class Toleration:
    key: str = ""
    operator: str = "Equal"  # Equal | Exists
    value: str = ""
    effect: str = ""  # "" tolerates every effect
    toleration_seconds: int | None = None

    def tolerates(self, taint: Taint) -> bool:
        """Toleration.ToleratesTaint (k8s.io/api/core/v1/toleration.go)."""
        if self.effect and self.effect != taint.effect:
            return False
        if self.key and self.key != taint.key:
            return False
        if self.operator == "Exists":
            return True
        return self.value == taint.value


@dataclass(frozen=True)
class NodeSelectorRequirement:
    key: str
    operator: str  # In | NotIn | Exists | DoesNotExist | Gt | Lt
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class NodeSelectorTerm:
    match_expressions: tuple[NodeSelectorRequirement, ...] = ()
    match_fields: tuple[NodeSelectorRequirement, ...] = ()


@dataclass(frozen=True)
class PreferredSchedulingTerm:
    weight: int
    preference: NodeSelectorTerm


@dataclass(frozen=True)
class NodeAffinity:
    # None = no required affinity; () = required with zero terms (matches nothing).
    required: tuple[NodeSelectorTerm, ...] | None = None
    preferred: tuple[PreferredSchedulingTerm, ...] = ()


@dataclass(frozen=True)
class LabelSelectorRequirement:
    key: str
    operator: str  # In | NotIn | Exists | DoesNotExist
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class LabelSelector:
    match_labels: tuple[tuple[str, str], ...] = ()
    match_expressions: tuple[LabelSelectorRequirement, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not self.match_labels and not self.match_expressions

    def matches(self, labels: Mapping[str, str]) -> bool:
        """metav1.LabelSelectorAsSelector(...).Matches; an empty selector matches everything."""
        if any(labels.get(k) != v for k, v in self.match_labels):
            return False
        return all(set_requirement_matches(r, labels) for r in self.match_expressions)


def set_requirement_matches(req: LabelSelectorRequirement | NodeSelectorRequirement,
                            labels: Mapping[str, str]) -> bool:
    """labels.Requirement.Matches for the set operators (In, NotIn, Exists, DoesNotExist)."""
    present = req.key in labels
    if req.operator == "In":
        return present and labels[req.key] in req.values
    if req.operator == "NotIn":
        return not present or labels[req.key] not in req.values
    if req.operator == "Exists":
        return present
    if req.operator == "DoesNotExist":
        return not present
    return False


@dataclass(frozen=True)
class PodAffinityTerm:
    topology_key: str
    label_selector: LabelSelector | None = None  # None matches no pod
    namespaces: tuple[str, ...] = ()  # empty (and no namespace_selector) = the pod's own namespace
    namespace_selector: LabelSelector | None = None  # empty selector = all namespaces
    match_label_keys: tuple[str, ...] = ()
    mismatch_label_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class WeightedPodAffinityTerm:
    weight: int
    term: PodAffinityTerm


@dataclass(frozen=True)
class PodAffinity:
    """Used for both podAffinity and podAntiAffinity."""

    required: tuple[PodAffinityTerm, ...] = ()
    preferred: tuple[WeightedPodAffinityTerm, ...] = ()


@dataclass(frozen=True)
class TopologySpreadConstraint:
    max_skew: int
    topology_key: str
    when_unsatisfiable: str  # DoNotSchedule | ScheduleAnyway
    label_selector: LabelSelector | None = None
    min_domains: int | None = None
    node_affinity_policy: str = "Honor"  # Honor | Ignore
    node_taints_policy: str = "Ignore"  # Honor | Ignore
    match_label_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class ContainerPort:
    container_port: int
    host_port: int = 0
    protocol: str = "TCP"
    host_ip: str = ""


@dataclass(frozen=True)
class Container:
    name: str
    requests: Resources = field(default_factory=dict)
    ports: tuple[ContainerPort, ...] = ()
    restart_policy: str | None = None  # "Always" on an init container = sidecar

    @property
    def is_sidecar(self) -> bool:
        return self.restart_policy == "Always"


@dataclass(frozen=True)
class OwnerReference:
    """metadata.ownerReferences[]: the controller that owns a pod (or a ReplicaSet)."""

    api_version: str
    kind: str
    name: str
    uid: str
    controller: bool = True
    block_owner_deletion: bool = True


@dataclass(frozen=True)
class Pod:
    name: str
    namespace: str = "default"
    uid: str = ""
    labels: Mapping[str, str] = field(default_factory=dict)
    containers: tuple[Container, ...] = ()
    init_containers: tuple[Container, ...] = ()
    overhead: Resources = field(default_factory=dict)
    node_selector: Mapping[str, str] = field(default_factory=dict)
    node_affinity: NodeAffinity | None = None
    pod_affinity: PodAffinity | None = None
    pod_anti_affinity: PodAffinity | None = None
    topology_spread_constraints: tuple[TopologySpreadConstraint, ...] = ()
    tolerations: tuple[Toleration, ...] = ()
    priority_class_name: str = ""
    priority: int = 0  # resolved by priority admission (scheduler_core.manifests)
    preemption_policy: str = PREEMPT_LOWER_PRIORITY
    scheduling_gates: tuple[str, ...] = ()
    termination_grace_period_seconds: int = DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS
    node_name: str = ""  # set = already bound (running); never queued
    start_time: float | None = None  # virtual seconds; None counts as "now" (GetPodStartTime)
    scheduler_name: str = DEFAULT_SCHEDULER_NAME
    nominated_node_name: str = ""  # status.nominatedNodeName as given in the manifest
    owner_references: tuple[OwnerReference, ...] = ()

    @cached_property
    def key(self) -> str:
        return f"{self.namespace}/{self.name}"

    @property
    def controller_ref(self) -> OwnerReference | None:
        """metav1.GetControllerOf."""
        return next((ref for ref in self.owner_references if ref.controller), None)

    @cached_property
    def requests(self) -> dict[str, int]:
        """Effective pod request (component-helpers resource.PodRequests, sidecar-aware) + overhead."""
        return aggregate_requests(self)

    @cached_property
    def non_zero_requests(self) -> dict[str, int]:
        """cpu/memory as the scorers see them (schedutil.GetNonzeroRequests)."""
        reqs = aggregate_requests(self, NON_MISSING_DEFAULTS)
        return {CPU: reqs.get(CPU, 0), MEMORY: reqs.get(MEMORY, 0)}

    @cached_property
    def host_ports(self) -> tuple[ContainerPort, ...]:
        containers = self.containers + tuple(c for c in self.init_containers if c.is_sidecar)
        return tuple(p for c in containers for p in c.ports if p.host_port > 0)


# schedutil.DefaultMilliCPURequest / DefaultMemoryRequest: only for scoring, never for Fit.
DEFAULT_MILLI_CPU_REQUEST = 100
DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024
NON_MISSING_DEFAULTS: Mapping[str, int] = {CPU: DEFAULT_MILLI_CPU_REQUEST, MEMORY: DEFAULT_MEMORY_REQUEST}


def aggregate_requests(pod: Pod, non_missing: Mapping[str, int] | None = None) -> dict[str, int]:
    """resource.PodRequests: max(Σ containers + Σ sidecars, max over init containers of
    (request + sidecars declared before it)) + overhead.

    ``non_missing`` fills a request a container does not state, per container
    (NonMissingContainerRequests): two request-less containers count 2 × 100m. An explicit 0 stays 0.
    """
    total: dict[str, int] = {}
    sidecars: dict[str, int] = {}
    for c in pod.init_containers:
        reqs = _container_requests(c, non_missing)
        if c.is_sidecar:
            _add_into(sidecars, reqs)
            continue
        # An init container runs beside the sidecars declared before it.
        running = dict(sidecars)
        _add_into(running, reqs)
        _max_into(total, running)
    regular = dict(sidecars)
    for c in pod.containers:
        _add_into(regular, _container_requests(c, non_missing))
    _max_into(total, regular)
    _add_into(total, pod.overhead)
    return total


def _container_requests(c: Container, non_missing: Mapping[str, int] | None) -> Mapping[str, int]:
    if not non_missing:
        return c.requests
    return {**non_missing, **c.requests}


def _add_into(acc: dict[str, int], more: Mapping[str, int]) -> None:
    for name, amount in more.items():
        acc[name] = acc.get(name, 0) + amount


def _max_into(acc: dict[str, int], other: Mapping[str, int]) -> None:
    for name, amount in other.items():
        acc[name] = max(acc.get(name, 0), amount)


@dataclass(frozen=True)
class Node:
    name: str
    labels: Mapping[str, str] = field(default_factory=dict)
    allocatable: Resources = field(default_factory=dict)
    capacity: Resources = field(default_factory=dict)
    taints: tuple[Taint, ...] = ()
    unschedulable: bool = False


@dataclass(frozen=True)
class PriorityClass:
    name: str
    value: int
    global_default: bool = False
    preemption_policy: str = PREEMPT_LOWER_PRIORITY
    description: str = ""


@dataclass(frozen=True)
class PodDisruptionBudget:
    name: str
    namespace: str = "default"
    selector: LabelSelector | None = None
    min_available: int | str | None = None  # int or "50%"
    max_unavailable: int | str | None = None
    # status as given in the manifest; None = computed by the model's disruption controller
    disruptions_allowed: int | None = None
    disrupted_pods: tuple[str, ...] = ()  # pod names

    @property
    def key(self) -> str:
        return f"{self.namespace}/{self.name}"


NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name"  # v1.LabelMetadataName


@dataclass(frozen=True)
class Namespace:
    """v1 Namespace: only its name and labels matter to the scheduler (namespaceSelector).

    ``labels`` always carries ``kubernetes.io/metadata.name=<name>``: the API server sets it on
    every create and update (SetDefaults_Namespace, namespaceStrategy.Canonicalize), overwriting
    any value given. Use ``Namespace.of(name, labels)``.
    """

    name: str
    labels: Mapping[str, str] = field(default_factory=dict)
    # Set by a DELETE: phase Terminating until the namespace controller has deleted its content.
    deletion_timestamp: float | None = None

    @classmethod
    def of(cls, name: str, labels: Mapping[str, str] | None = None) -> Namespace:
        return cls(name, {**(labels or {}), NAMESPACE_NAME_LABEL: name})


@dataclass(frozen=True)
class Workload:
    """A Deployment, ReplicaSet, StatefulSet, Job or DaemonSet: what its controller needs.

    ``template`` is the pod template as an admitted Pod without a name (priority resolved);
    ``replicas`` is spec.replicas (Deployment, ReplicaSet, StatefulSet), else None.
    """

    kind: str
    name: str
    namespace: str
    uid: str
    selector: LabelSelector
    template: Pod
    labels: Mapping[str, str] = field(default_factory=dict)
    replicas: int | None = None
    pod_management_policy: str = "OrderedReady"  # StatefulSet: OrderedReady | Parallel
    parallelism: int | None = None  # Job
    completions: int | None = None  # Job; None = a work queue (done when one pod succeeds)
    backoff_limit: int = 6  # Job
    run_seconds: float | None = None  # Job: how long each pod runs (annotation, see docs)
    owner: OwnerReference | None = None  # a ReplicaSet made by a Deployment

    @property
    def key(self) -> str:
        return f"{self.kind}/{self.namespace}/{self.name}"

    @property
    def api_version(self) -> str:
        return "batch/v1" if self.kind == "Job" else "apps/v1"

    def owner_reference(self) -> OwnerReference:
        return OwnerReference(self.api_version, self.kind, self.name, self.uid)


@dataclass(frozen=True)
class Cluster:
    """Everything a scenario holds, after validation and priority admission."""

    nodes: tuple[Node, ...] = ()
    priority_classes: tuple[PriorityClass, ...] = ()
    pods: tuple[Pod, ...] = ()
    pdbs: tuple[PodDisruptionBudget, ...] = ()
    # Namespace objects. A namespace used by a pod without one exists implicitly, labelled only
    # kubernetes.io/metadata.name (docs/scheduler_core.md "Namespaces").
    namespaces: tuple[Namespace, ...] = ()
    workloads: tuple[Workload, ...] = ()
    # Human-readable notes on fields accepted but not modelled, e.g.
    # "pods[2] (Pod default/web): spec.volumes is not modelled and was ignored".
    ignored: tuple[str, ...] = ()
