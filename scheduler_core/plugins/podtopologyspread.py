"""PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread/{common,filtering,scoring,plugin}.go).

Filter enforces ``whenUnsatisfiable: DoNotSchedule`` constraints: a node without a constraint's
topology key is U&U; a node whose domain would exceed ``maxSkew`` over the global minimum is U.
Score prefers domains with fewer matching pods for ``ScheduleAnyway`` constraints.

Counting follows upstream: only pods in the incoming pod's namespace, never terminating pods
(a pod with a ``deletion_timestamp``), and an *empty* label selector counts no pod at all (while
the incoming pod still "matches" it for its own +1). Eligible nodes follow ``nodeAffinityPolicy``
(Honor: nodeSelector and required node affinity must match) and ``nodeTaintsPolicy`` (Honor:
NoSchedule/NoExecute taints must be tolerated). With fewer eligible domains than ``minDomains`` the
global minimum is 0. ``matchLabelKeys`` are ANDed into the selector with the pod's own values.

System default constraints (``defaultingType: System``: hostname maxSkew 3 and zone maxSkew 5,
ScheduleAnyway) are not modelled: they only apply to pods selected by a Service, ReplicationController,
ReplicaSet or StatefulSet, and the playground has none of those objects. Pods without constraints
therefore get no PodTopologySpread score (PreScore returns Skip).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scheduler_core.framework import events as ev
from scheduler_core.framework.interface import (
    MAX_NODE_SCORE,
    CycleState,
    PreFilterResult,
    Status,
)
from scheduler_core.objects import (
    LabelSelector,
    LabelSelectorRequirement,
    Node,
    NodeSelectorRequirement,
    NodeSelectorTerm,
    Pod,
    TopologySpreadConstraint,
)

if TYPE_CHECKING:
    from scheduler_core.framework.nodeinfo import NodeInfo

NAME = "PodTopologySpread"
PRE_FILTER_STATE_KEY = "PreFilter" + NAME
PRE_SCORE_STATE_KEY = "PreScore" + NAME
ALL_NODES_STATE_KEY = "AllNodes" + NAME

ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints"
ERR_REASON_NODE_LABEL_NOT_MATCH = ERR_REASON_CONSTRAINTS_NOT_MATCH + " (missing required label)"

DO_NOT_SCHEDULE = "DoNotSchedule"
SCHEDULE_ANYWAY = "ScheduleAnyway"
HONOR = "Honor"
LABEL_HOSTNAME = "kubernetes.io/hostname"
_NO_DOMAIN_MIN = 2**31 - 1  # math.MaxInt32: the minimum when no domain is eligible


@dataclass(frozen=True)
class Constraint:
    """topologySpreadConstraint (common.go): a TopologySpreadConstraint with its selector resolved."""

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
            c.node_taints_policy or "Ignore",
        )
        for c in pod.topology_spread_constraints
        if c.when_unsatisfiable == action
    )


def _merge_match_label_keys(c: TopologySpreadConstraint, pod_labels: Mapping[str, str]) -> LabelSelector | None:
    """mergeLabelSetWithSelector: key=value of the pod's own labels ANDed in; a nil selector stays Nothing."""
    if c.label_selector is None:
        return None
    extra = tuple(LabelSelectorRequirement(k, "In", (pod_labels[k],)) for k in c.match_label_keys if k in pod_labels)
    if not extra:
        return c.label_selector
    return LabelSelector(c.label_selector.match_labels, c.label_selector.match_expressions + extra)


def is_terminating(pod: Pod) -> bool:
    """``metadata.deletionTimestamp`` set (the model's Pod may not carry the field yet)."""
    return getattr(pod, "deletion_timestamp", None) is not None


def count_pods_match_selector(pods: Iterable[Pod], c: Constraint, namespace: str) -> int:
    """countPodsMatchSelector: an empty selector counts nothing; terminating pods are bypassed (#87621)."""
    if c.selector is not None and c.selector.is_empty:
        return 0
    return sum(1 for p in pods if p.namespace == namespace and not is_terminating(p) and c.matches(p.labels))


def node_labels_match_spread_constraints(labels: Mapping[str, str], constraints: Iterable[Constraint]) -> bool:
    """nodeLabelsMatchSpreadConstraints: the node carries every topology key."""
    return all(c.topology_key in labels for c in constraints)


# -- required node affinity and taints (nodeaffinity.GetRequiredNodeAffinity, FindMatchingUntoleratedTaint) --


def matches_required_node_affinity(pod: Pod, node: Node) -> bool:
    """nodeSelector AND requiredDuringScheduling node affinity (terms ORed)."""
    if any(node.labels.get(k) != v for k, v in pod.node_selector.items()):
        return False
    required = pod.node_affinity.required if pod.node_affinity else None
    if required is None:
        return True
    return any(_node_selector_term_matches(t, node) for t in required)


def _node_selector_term_matches(term: NodeSelectorTerm, node: Node) -> bool:
    if not term.match_expressions and not term.match_fields:
        return False
    fields = {"metadata.name": node.name}
    return all(_node_requirement_matches(r, node.labels) for r in term.match_expressions) and all(
        _node_requirement_matches(r, fields) for r in term.match_fields
    )


def _node_requirement_matches(r: NodeSelectorRequirement, labels: Mapping[str, str]) -> bool:
    value = labels.get(r.key)
    if r.operator == "In":
        return value is not None and value in r.values
    if r.operator == "NotIn":
        return value is None or value not in r.values
    if r.operator == "Exists":
        return value is not None
    if r.operator == "DoesNotExist":
        return value is None
    if r.operator in ("Gt", "Lt") and value is not None and len(r.values) == 1:
        try:
            have, want = int(value), int(r.values[0])
        except ValueError:
            return False
        return have > want if r.operator == "Gt" else have < want
    return False


def has_untolerated_do_not_schedule_taint(pod: Pod, node: Node) -> bool:
    return any(
        t.effect in ("NoSchedule", "NoExecute") and not any(tol.tolerates(t) for tol in pod.tolerations)
        for t in node.taints
    )


# -- cycle state ---------------------------------------------------------------------------------


@dataclass
class PreFilterState:
    """preFilterState (filtering.go). Mutable under add_pod/remove_pod; clone() copies.

    ``min_match_num[i]`` is kept exact under the framework's ±1 updates with a histogram of how
    many domains hold each count, so Filter never rescans the domains.
    """

    constraints: tuple[Constraint, ...]
    tp_value_to_match_num: list[dict[str, int]] = field(default_factory=list)
    domains_at_count: list[dict[int, int]] = field(default_factory=list)
    min_match_num: list[int] = field(default_factory=list)

    def clone(self) -> PreFilterState:
        return PreFilterState(
            self.constraints,
            [dict(m) for m in self.tp_value_to_match_num],
            [dict(h) for h in self.domains_at_count],
            list(self.min_match_num),
        )

    def global_min(self, i: int) -> int:
        """preFilterState.minMatchNum: 0 while fewer eligible domains than minDomains exist."""
        if len(self.tp_value_to_match_num[i]) < self.constraints[i].min_domains:
            return 0
        return self.min_match_num[i]

    def finish(self) -> None:
        self.domains_at_count = [{} for _ in self.constraints]
        self.min_match_num = [_NO_DOMAIN_MIN] * len(self.constraints)
        for i, counts in enumerate(self.tp_value_to_match_num):
            for n in counts.values():
                self.domains_at_count[i][n] = self.domains_at_count[i].get(n, 0) + 1
                self.min_match_num[i] = min(self.min_match_num[i], n)

    def move(self, i: int, value: str, delta: int) -> None:
        counts, hist = self.tp_value_to_match_num[i], self.domains_at_count[i]
        if value not in counts:
            counts[value] = delta
            hist[delta] = hist.get(delta, 0) + 1
            self.min_match_num[i] = min(self.min_match_num[i], delta)
            return
        old = counts[value]
        cur = counts[value] = old + delta
        hist[old] -= 1
        if hist[old] == 0:
            del hist[old]
        hist[cur] = hist.get(cur, 0) + 1
        if cur < self.min_match_num[i] or (old == self.min_match_num[i] and old not in hist):
            self.min_match_num[i] = cur


@dataclass
class AllNodes:
    """The snapshot's node list as PreFilter saw it; PreScore counts pods on all nodes."""

    nodes: list[NodeInfo]

    def clone(self) -> AllNodes:
        return self


@dataclass
class PreScoreState:
    """preScoreState (scoring.go). Not changed after PreScore, so clone() shares it."""

    constraints: tuple[Constraint, ...]
    ignored_nodes: set[str]
    topology_value_to_pod_counts: list[dict[str, int]]
    topology_normalizing_weight: list[float]

    def clone(self) -> PreScoreState:
        return self


def topology_normalizing_weight(size: int) -> float:
    """log(size + 2): smaller topologies are not watered down by bigger ones."""
    return math.log(size + 2)


def score_for_count(count: int, max_skew: int, tp_weight: float) -> float:
    return count * tp_weight + (max_skew - 1)


class PodTopologySpread:
    """The PodTopologySpread plugin (defaultingType List with no default constraints; see module docstring)."""

    name = NAME

    # -- PreFilter -----------------------------------------------------------------------------

    def pre_filter(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[PreFilterResult | None, Status]:
        state.write(ALL_NODES_STATE_KEY, AllNodes(nodes))
        s = _cal_pre_filter_state(pod, nodes)
        if not s.constraints:
            return None, Status.skip()
        state.write(PRE_FILTER_STATE_KEY, s)
        return None, Status.success()

    def add_pod(self, state: CycleState, pod: Pod, pod_to_add: Pod, node_info: NodeInfo) -> Status:
        return self._update(state, pod, pod_to_add, node_info, +1)

    def remove_pod(self, state: CycleState, pod: Pod, pod_to_remove: Pod, node_info: NodeInfo) -> Status:
        return self._update(state, pod, pod_to_remove, node_info, -1)

    def _update(self, state: CycleState, preemptor: Pod, updated: Pod, node_info: NodeInfo, delta: int) -> Status:
        """PodTopologySpread.updateWithPod."""
        s = state.read(PRE_FILTER_STATE_KEY)
        if not isinstance(s, PreFilterState):
            return _missing(PRE_FILTER_STATE_KEY)
        node = node_info.node
        if updated.namespace != preemptor.namespace or not node_labels_match_spread_constraints(node.labels, s.constraints):
            return Status.success()
        for i, c in enumerate(s.constraints):
            if c.matches(updated.labels) and c.match_node_inclusion_policies(preemptor, node):
                s.move(i, node.labels[c.topology_key], delta)
        return Status.success()

    # -- Filter --------------------------------------------------------------------------------

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        s = state.read(PRE_FILTER_STATE_KEY)
        if not isinstance(s, PreFilterState):
            return _missing(PRE_FILTER_STATE_KEY)
        labels = node_info.node.labels
        for i, c in enumerate(s.constraints):
            value = labels.get(c.topology_key)
            if value is None:
                return Status.unresolvable(ERR_REASON_NODE_LABEL_NOT_MATCH, plugin=NAME)
            self_match = 1 if c.matches(pod.labels) else 0
            skew = s.tp_value_to_match_num[i].get(value, 0) + self_match - s.global_min(i)
            if skew > c.max_skew:
                return Status.unschedulable(ERR_REASON_CONSTRAINTS_NOT_MATCH, plugin=NAME)
        return Status.success()

    # -- Score ---------------------------------------------------------------------------------

    def pre_score(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status:
        saved = state.read(ALL_NODES_STATE_KEY)
        all_nodes = saved.nodes if isinstance(saved, AllNodes) else nodes
        if not all_nodes:
            return Status.skip()
        s = _init_pre_score_state(pod, nodes)
        if not s.constraints:
            return Status.skip()
        for node_info in all_nodes:
            node = node_info.node
            if not node_labels_match_spread_constraints(node.labels, s.constraints):
                continue
            for i, c in enumerate(s.constraints):
                if not c.match_node_inclusion_policies(pod, node):
                    continue
                counts, value = s.topology_value_to_pod_counts[i], node.labels[c.topology_key]
                # Only domains of candidate nodes are counted; hostname counts are taken in Score.
                if value in counts:
                    counts[value] += count_pods_match_selector(node_info.pods.values(), c, pod.namespace)
        state.write(PRE_SCORE_STATE_KEY, s)
        return Status.success()

    def score(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> tuple[int, Status]:
        s = state.read(PRE_SCORE_STATE_KEY)
        if not isinstance(s, PreScoreState):
            return 0, _missing(PRE_SCORE_STATE_KEY)
        node = node_info.node
        if node.name in s.ignored_nodes:
            return 0, Status.success()
        total = 0.0
        for i, c in enumerate(s.constraints):
            value = node.labels.get(c.topology_key)
            if value is None:
                continue
            if c.topology_key == LABEL_HOSTNAME:
                count = count_pods_match_selector(node_info.pods.values(), c, pod.namespace)
            else:
                count = s.topology_value_to_pod_counts[i].get(value, 0)
            total += score_for_count(count, c.max_skew, s.topology_normalizing_weight[i])
        return math.floor(total + 0.5), Status.success()  # Go math.Round: half away from zero

    def normalize_score(self, state: CycleState, pod: Pod, scores: dict[str, int]) -> Status | None:
        """Fewer matching pods score higher: 100 * (max + min - s) / max; ignored nodes get 0."""
        s = state.read(PRE_SCORE_STATE_KEY)
        if not isinstance(s, PreScoreState):
            return _missing(PRE_SCORE_STATE_KEY)
        counted = [v for name, v in scores.items() if name not in s.ignored_nodes]
        low, high = (min(counted), max(max(counted), 0)) if counted else (0, 0)
        for name, value in scores.items():
            if name in s.ignored_nodes:
                scores[name] = 0
            elif high == 0:
                scores[name] = MAX_NODE_SCORE
            else:
                scores[name] = MAX_NODE_SCORE * (high + low - value) // high
        return Status.success()

    # -- Queueing hints ------------------------------------------------------------------------

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        """EventsToRegister (plugin.go, QHint on): pods added/relabelled/tolerations/deleted; node add/delete/label/taint."""
        pod_hint, node_hint = self.is_schedulable_after_pod_change, self.is_schedulable_after_node_change
        return [
            ev.ClusterEventWithHint(ev.ClusterEvent(ev.POD, ev.ADD, "PodAdd"), pod_hint),
            ev.ClusterEventWithHint(ev.ClusterEvent(ev.POD, ev.UPDATE_POD_LABEL, "UpdatePodLabel"), pod_hint),
            ev.ClusterEventWithHint(ev.ClusterEvent(ev.POD, ev.UPDATE_POD_TOLERATION, "UpdatePodToleration"), pod_hint),
            ev.ClusterEventWithHint(ev.ClusterEvent(ev.POD, ev.DELETE, "PodDelete"), pod_hint),
            ev.ClusterEventWithHint(ev.NODE_ADD, node_hint),
            ev.ClusterEventWithHint(ev.NODE_DELETE, node_hint),
            ev.ClusterEventWithHint(ev.NODE_LABEL_CHANGE, node_hint),
            ev.ClusterEventWithHint(ev.NODE_TAINT_CHANGE, node_hint),
        ]

    def is_schedulable_after_pod_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """isSchedulableAfterPodChange: assigned pods in the same namespace (or the pod itself)."""
        original = old_obj if isinstance(old_obj, Pod) else None
        modified = new_obj if isinstance(new_obj, Pod) else None
        if (modified is not None and not _involved(modified, pod)) or (original is not None and not _involved(original, pod)):
            return ev.SKIP
        constraints = filter_constraints(pod, DO_NOT_SCHEDULE)
        if modified is not None and original is not None:
            if (
                modified.uid == pod.uid
                and modified.tolerations != original.tolerations
                and any(c.node_taints_policy == HONOR for c in constraints)
            ):
                return ev.QUEUE
            if dict(modified.labels) == dict(original.labels):
                return ev.SKIP
            changed = any(c.matches(original.labels) != c.matches(modified.labels) for c in constraints)
            return ev.QUEUE if changed else ev.SKIP
        changed_pod = modified or original
        if changed_pod is None:
            return ev.QUEUE
        return ev.QUEUE if any(c.matches(changed_pod.labels) for c in constraints) else ev.SKIP

    def is_schedulable_after_node_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """isSchedulableAfterNodeChange: a node entering, leaving or changing a spread domain."""
        original = old_obj if isinstance(old_obj, Node) else None
        modified = new_obj if isinstance(new_obj, Node) else None
        constraints = filter_constraints(pod, DO_NOT_SCHEDULE)
        original_matching = original is not None and node_labels_match_spread_constraints(original.labels, constraints)
        modified_matching = modified is not None and node_labels_match_spread_constraints(modified.labels, constraints)
        if original is not None and modified is not None:
            if original_matching != modified_matching:
                return ev.QUEUE
            keys_changed = any(original.labels.get(c.topology_key) != modified.labels.get(c.topology_key) for c in constraints)
            if modified_matching and (keys_changed or original.taints != modified.taints):
                return ev.QUEUE
            return ev.SKIP
        if modified is not None:
            return ev.QUEUE if modified_matching else ev.SKIP
        return ev.QUEUE if original_matching else ev.SKIP


def _involved(changed: Pod, pod: Pod) -> bool:
    """involvedInTopologySpreading."""
    return changed.uid == pod.uid or (bool(changed.node_name) and changed.namespace == pod.namespace)


def _missing(key: str) -> Status:
    return Status.error(f'reading "{key}" from cycleState: not found', plugin=NAME)


def _cal_pre_filter_state(pod: Pod, nodes: list[NodeInfo]) -> PreFilterState:
    """calPreFilterState: matching pods per eligible domain, per hard constraint."""
    s = PreFilterState(filter_constraints(pod, DO_NOT_SCHEDULE))
    if not s.constraints:
        return s
    s.tp_value_to_match_num = [{} for _ in s.constraints]
    for node_info in nodes:
        node = node_info.node
        if not node_labels_match_spread_constraints(node.labels, s.constraints):
            continue
        for i, c in enumerate(s.constraints):
            if not c.match_node_inclusion_policies(pod, node):
                continue
            counts, value = s.tp_value_to_match_num[i], node.labels[c.topology_key]
            counts[value] = counts.get(value, 0) + count_pods_match_selector(node_info.pods.values(), c, pod.namespace)
    s.finish()
    return s


def _init_pre_score_state(pod: Pod, filtered_nodes: list[NodeInfo]) -> PreScoreState:
    """initPreScoreState: domains of the candidate nodes and each constraint's normalizing weight."""
    constraints = filter_constraints(pod, SCHEDULE_ANYWAY)
    s = PreScoreState(constraints, set(), [{} for _ in constraints], [])
    topo_size = [0] * len(constraints)
    for node_info in filtered_nodes:
        labels = node_info.node.labels
        if not node_labels_match_spread_constraints(labels, constraints):
            s.ignored_nodes.add(node_info.node.name)
            continue
        for i, c in enumerate(constraints):
            if c.topology_key == LABEL_HOSTNAME:
                continue
            if labels[c.topology_key] not in s.topology_value_to_pod_counts[i]:
                s.topology_value_to_pod_counts[i][labels[c.topology_key]] = 0
                topo_size[i] += 1
    for i, c in enumerate(constraints):
        size = len(filtered_nodes) - len(s.ignored_nodes) if c.topology_key == LABEL_HOSTNAME else topo_size[i]
        s.topology_normalizing_weight.append(topology_normalizing_weight(size))
    return s
