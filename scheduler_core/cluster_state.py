"""The simulated API objects plus the scheduler cache (NodeInfos), with the few mutable fields
the model tracks per pod: phase, nominatedNodeName, deletionTimestamp, DisruptionTarget."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import (
    NAMESPACE_NAME_LABEL,
    Cluster,
    LabelSelector,
    Namespace,
    Node,
    Pod,
    PodDisruptionBudget,
    PriorityClass,
)

PENDING, RUNNING, TERMINATING, DELETED = "Pending", "Running", "Terminating", "Deleted"
SUCCEEDED = "Succeeded"
CHANGE_LOG_LIMIT = 4096  # node changes kept for consumers of changes_since (they look every cycle)


@dataclass
class PodRecord:
    pod: Pod
    phase: str = PENDING
    deletion_timestamp: float | None = None
    delete_at: float | None = None
    preempted_by: str | None = None
    disruption_target: bool = False  # DisruptionTarget=True, reason PreemptionByScheduler

    @property
    def terminating_by_preemption(self) -> bool:
        """podTerminatingByPreemption."""
        return self.deletion_timestamp is not None and self.disruption_target


@dataclass
class PdbRecord:
    pdb: PodDisruptionBudget
    disruptions_allowed: int
    current_healthy: int = 0
    desired_healthy: int = 0
    expected_pods: int = 0


class ClusterState:
    def __init__(self, cluster: Cluster) -> None:
        self.priority_classes: dict[str, PriorityClass] = {pc.name: pc for pc in cluster.priority_classes}
        self.node_infos: dict[str, NodeInfo] = {}
        self.node_list: list[NodeInfo] = []
        self.pods: dict[str, PodRecord] = {}
        self.pdbs: dict[str, PdbRecord] = {
            p.key: PdbRecord(p, p.disruptions_allowed or 0) for p in cluster.pdbs
        }
        self.ignored = cluster.ignored
        self.namespaces: dict[str, Namespace] = {ns.name: ns for ns in cluster.namespaces}
        self._uid_counter = 0
        # The scheduler cache's assumed pods not yet bound (waiting at Permit): key -> the assumed copy.
        self.assumed: dict[str, Pod] = {}
        # Every change to a node or the pods on it, oldest first: lets the scheduler reuse
        # node-local filter and score results between cycles (framework/cache.py).
        self.node_index: dict[str, int] = {}  # name -> position in node_list
        self._changed: list[str] = []
        self._changed_base = 0  # change position of _changed[0]
        self._layout_from = 0  # positions before this predate the current node_list
        # The snapshot's havePodsWithAffinityNodeInfoList / havePodsWithRequiredAntiAffinityNodeInfoList,
        # kept incrementally (name -> NodeInfo, in the order nodes first got such a pod).
        self._with_affinity: dict[str, NodeInfo] = {}
        self._with_required_anti_affinity: dict[str, NodeInfo] = {}
        for node in cluster.nodes:
            self.add_node(node)

    # ---- nodes --------------------------------------------------------------------------

    def add_node(self, node: Node) -> NodeInfo:
        info = NodeInfo(node)
        for record in self.pods.values():  # pods already bound to a node of that name
            if record.pod.node_name == node.name:
                info.add_pod(record.pod)
        self.node_infos[node.name] = info
        self.node_index[node.name] = len(self.node_list)
        self.node_list.append(info)
        self.touch(node.name)
        self._layout_from = self.change_position
        self._index(info)
        return info

    # ---- namespaces (the scheduler's Namespace lister) --------------------------------

    def namespace_labels(self, namespace: str) -> Mapping[str, str]:
        """The namespace's labels; a namespace without a Namespace object exists implicitly with
        only kubernetes.io/metadata.name (the playground's choice: pods may name any namespace)."""
        ns = self.namespaces.get(namespace)
        return ns.labels if ns is not None else {NAMESPACE_NAME_LABEL: namespace}

    def list_namespaces(self, selector: LabelSelector) -> list[str]:
        """NamespaceLister.List(selector) over the Namespace objects and the implicit namespaces
        of the pods in the cluster (an implicit namespace without pods can match no pod anyway)."""
        names = dict.fromkeys(self.namespaces)
        names.update(dict.fromkeys(record.pod.namespace for record in self.pods.values()))
        return [name for name in names if selector.matches(self.namespace_labels(name))]

    def set_namespace(self, namespace: Namespace) -> Namespace | None:
        """Create or replace a Namespace object → the previous one (None if it was implicit)."""
        old = self.namespaces.get(namespace.name)
        self.namespaces[namespace.name] = namespace
        return old

    # ---- change log: what changed since a consumer last looked -------------------------

    @property
    def change_position(self) -> int:
        return self._changed_base + len(self._changed)

    def touch(self, node: str) -> None:
        """Record a change to the node or its pods (labels, taints, allocatable, pods, their status)."""
        self._changed.append(node)
        if len(self._changed) > CHANGE_LOG_LIMIT:
            drop = len(self._changed) // 2
            del self._changed[:drop]
            self._changed_base += drop

    def changes_since(self, position: int) -> list[str] | None:
        """Names of the nodes changed since ``position`` (repeats possible); None when the node
        list itself changed since, or the log no longer reaches back that far: start over."""
        if position < self._layout_from or position < self._changed_base:
            return None
        return self._changed[position - self._changed_base:]

    def have_pods_with_affinity_list(self) -> list[NodeInfo]:
        """SharedLister.NodeInfos().HavePodsWithAffinityList()."""
        return list(self._with_affinity.values())

    def have_pods_with_required_anti_affinity_list(self) -> list[NodeInfo]:
        """SharedLister.NodeInfos().HavePodsWithRequiredAntiAffinityList()."""
        return list(self._with_required_anti_affinity.values())

    def _index(self, info: NodeInfo) -> None:
        """Keep the two lists above in step with the node's pods after any change to them."""
        for index, pods in ((self._with_affinity, info.pods_with_affinity),
                            (self._with_required_anti_affinity, info.pods_with_required_anti_affinity)):
            if pods and self.node_infos.get(info.name) is info:
                index[info.name] = info
            else:
                index.pop(info.name, None)

    def update_node(self, node: Node) -> Node:
        info = self.node_infos[node.name]
        old = info.node
        info.node = node
        self.touch(node.name)
        return old

    def delete_node(self, name: str) -> NodeInfo:
        info = self.node_infos.pop(name)
        self.node_list = [i for i in self.node_list if i.name != name]
        self.node_index = {i.name: position for position, i in enumerate(self.node_list)}
        self.touch(name)
        self._layout_from = self.change_position
        self._index(info)
        return info

    # ---- pods ---------------------------------------------------------------------------

    def with_uid(self, pod: Pod) -> Pod:
        if pod.uid:
            return pod
        self._uid_counter += 1
        return replace(pod, uid=f"{self._uid_counter:08d}-{pod.namespace}-{pod.name}")

    def add_pod(self, pod: Pod, now: float) -> PodRecord:
        if pod.node_name:
            if pod.start_time is None:
                pod = replace(pod, start_time=now)
            record = PodRecord(pod, RUNNING)
            info = self.node_infos.get(pod.node_name)
            if info is not None:
                info.add_pod(pod)
                self.touch(pod.node_name)
                self._index(info)
        else:
            record = PodRecord(pod)
        self.pods[pod.key] = record
        return record

    def live(self, key: str) -> PodRecord | None:
        return self.pods.get(key)

    def set_pod(self, key: str, pod: Pod) -> None:
        """Replace the pod object (e.g. a new nominatedNodeName), also in the cache."""
        record = self.pods[key]
        old = record.pod
        record.pod = pod
        info = self.node_infos.get(old.node_name) if old.node_name else None
        if info is not None and key in info.pods:
            info.update_pod(pod)
            self.touch(info.name)

    def assume(self, key: str, node: str) -> Pod:
        """Cache.AssumePod: the cache counts the pod on the node (other pods' cycles see it there);
        the API object is unchanged: spec.nodeName stays empty until the binding."""
        pod = _with_status(self.pods[key].pod, node_name=node)
        self.assumed[key] = pod
        info = self.node_infos[node]
        info.add_pod(pod)
        self.touch(node)
        self._index(info)
        return pod

    def forget(self, key: str) -> Pod | None:
        """Cache.ForgetPod: an assumed pod that will not be bound leaves its node → the assumed copy."""
        pod = self.assumed.pop(key, None)
        if pod is None:
            return None
        info = self.node_infos.get(pod.node_name)
        if info is not None and info.pods.get(key) is pod:
            info.remove_pod(pod)
            self.touch(info.name)
            self._index(info)
        return pod

    def bind(self, key: str, node: str, now: float) -> Pod:
        """The binding: the API pod gets spec.nodeName; in the cache the assumed copy becomes the
        bound pod in place (a pod bound without being assumed is added)."""
        record = self.pods[key]
        pod = _with_status(record.pod, node_name=node, start_time=now)
        record.pod, record.phase = pod, RUNNING
        assumed = self.assumed.pop(key, None)
        info = self.node_infos.get(node)
        if info is not None:
            if assumed is not None and info.pods.get(key) is assumed:
                info.update_pod(pod)
            else:
                info.add_pod(pod)
            self.touch(node)
            self._index(info)
        return pod

    def finish_pod(self, key: str) -> PodRecord:
        """The pod reached phase Succeeded: it stays an API object but leaves the scheduler's cache
        (the scheduler's pod informer selects status.phase!=Succeeded,status.phase!=Failed)."""
        record = self.pods[key]
        info = self.node_infos.get(record.pod.node_name) if record.pod.node_name else None
        if info is not None:
            info.remove_pod(record.pod)
            self.touch(info.name)
            self._index(info)
        record.phase = SUCCEEDED
        return record

    def remove_pod(self, key: str) -> PodRecord:
        """The pod object is gone: out of the API and the cache."""
        record = self.pods.pop(key)
        info = self.node_infos.get(record.pod.node_name) if record.pod.node_name else None
        if info is not None:
            info.remove_pod(record.pod)
            self.touch(info.name)
            self._index(info)
        record.phase = DELETED
        return record


# Pod's cached properties that depend only on its spec and name, never on status fields.
_SPEC_DERIVED = ("key", "requests", "non_zero_requests", "host_ports")
_POD_FIELDS = tuple(f.name for f in fields(Pod))


def _with_status(pod: Pod, **status: object) -> Pod:
    """dataclasses.replace of status fields (nodeName, startTime) that keeps the derived request
    totals already computed for the same spec, so binding does not aggregate them again.
    (Pod has no __post_init__: copying the field values is what replace's __init__ call does.)"""
    old = pod.__dict__
    new = object.__new__(type(pod))
    values = new.__dict__
    for name in _POD_FIELDS:
        values[name] = old[name]
    for name, value in status.items():
        if name not in values:
            raise TypeError(f"Pod has no field {name!r}")
        values[name] = value
    for name in _SPEC_DERIVED:
        if name in old:
            values[name] = old[name]
    return new
