"""Constraints and pod counting shared by filtering and scoring (podtopologyspread/common.go).

Counting follows upstream: only pods in the incoming pod's namespace, never terminating pods
(a pod with a ``deletion_timestamp``), and an *empty* label selector counts no pod at all while the
incoming pod still "matches" it for its own +1; a missing (nil) selector matches nothing. Eligible
nodes follow ``nodeAffinityPolicy`` (Honor: nodeSelector and required node affinity must match) and
``nodeTaintsPolicy`` (Honor: NoSchedule/NoExecute taints must be tolerated). ``matchLabelKeys`` are
ANDed into the selector with the pod's own label values.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scheduler_core.framework.handle import Handle

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from scheduler_core.objects import (
    LabelSelector,
    LabelSelectorRequirement,
    Node,
    Pod,
    TopologySpreadConstraint,
)
from scheduler_core.plugins.nodeaffinity import (
    required_node_affinity_matches as matches_required_node_affinity,
)
from scheduler_core.plugins.tainttoleration import find_matching_untolerated_taint

DO_NOT_SCHEDULE = "DoNotSchedule"
SCHEDULE_ANYWAY = "ScheduleAnyway"
HONOR = "Honor"
IGNORE = "Ignore"


@dataclass(frozen=True)
class Constraint:
    """topologySpreadConstraint: a TopologySpreadConstraint with its selector resolved."""

    max_skew: int
    topology_key: str
    selector: LabelSelector | None  # None = labels.Nothing()
    min_domains: int
    node_affinity_policy: str
    node_taints_policy: str

    def matches(self, labels: Mapping[str, str]) -> bool:
        return self.selector is not None and self.selector.matches(labels)

    def match_node_inclusion_policies(self, pod: Pod, node: Node) -> bool:
        """matchNodeInclusionPolicies."""
        if self.node_affinity_policy == HONOR and not matches_required_node_affinity(pod, node):
            return False
        return not (self.node_taints_policy == HONOR and has_untolerated_do_not_schedule_taint(pod, node))


def filter_constraints(pod: Pod, action: str) -> tuple[Constraint, ...]:
    """filterTopologySpreadConstraints: the pod's constraints with ``whenUnsatisfiable == action``."""
    return tuple(
        Constraint(
            c.max_skew,
            c.topology_key,
            _merge_match_label_keys(c, pod.labels),
            c.min_domains if c.min_domains is not None else 1,
            c.node_affinity_policy or HONOR,
            c.node_taints_policy or IGNORE,
        )
        for c in pod.topology_spread_constraints
        if c.when_unsatisfiable == action
    )


def _merge_match_label_keys(c: TopologySpreadConstraint, pod_labels: Mapping[str, str]) -> LabelSelector | None:
    """mergeLabelSetWithSelector: the pod's own key=value ANDed in; a nil selector stays Nothing."""
    if c.label_selector is None:
        return None
    extra = tuple(LabelSelectorRequirement(k, "In", (pod_labels[k],)) for k in c.match_label_keys if k in pod_labels)
    if not extra:
        return c.label_selector
    return LabelSelector(c.label_selector.match_labels, c.label_selector.match_expressions + extra)


TerminatingFn = Callable[[Pod], bool]


def is_terminating(pod: Pod) -> bool:
    """``metadata.deletionTimestamp`` is set on the pod object itself (if the model's Pod carries it)."""
    return getattr(pod, "deletion_timestamp", None) is not None


def terminating_lookup(handle: Handle | None) -> TerminatingFn:
    """How to tell a terminating pod: the simulation keeps deletionTimestamp in its pod records
    (``handle.cluster.pods[key].deletion_timestamp``) rather than on the frozen Pod."""
    records = getattr(getattr(handle, "cluster", None), "pods", None)
    if not isinstance(records, Mapping):
        return is_terminating

    def terminating(pod: Pod) -> bool:
        record = records.get(pod.key)
        return getattr(record, "deletion_timestamp", None) is not None or is_terminating(pod)

    return terminating


def count_pods_match_selector(
    pods: Iterable[Pod], c: Constraint, namespace: str, terminating: TerminatingFn = is_terminating
) -> int:
    """countPodsMatchSelector: an empty selector counts nothing; terminating pods are bypassed (#87621)."""
    if c.selector is not None and c.selector.is_empty:
        return 0
    return sum(1 for p in pods if p.namespace == namespace and c.matches(p.labels) and not terminating(p))


def node_labels_match_spread_constraints(labels: Mapping[str, str], constraints: Iterable[Constraint]) -> bool:
    """nodeLabelsMatchSpreadConstraints: the node carries every topology key."""
    return all(c.topology_key in labels for c in constraints)


def has_untolerated_do_not_schedule_taint(pod: Pod, node: Node) -> bool:
    """FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc (NoSchedule, NoExecute)."""
    return find_matching_untolerated_taint(node.taints, pod.tolerations) is not None
