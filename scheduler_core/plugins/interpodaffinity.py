"""InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity/{filtering,scoring,plugin}.go).

Filter: the incoming pod's required pod affinity (U&U), its required anti-affinity (U) and the
required anti-affinity of pods already placed (U). Score: preferred (anti-)affinity of the incoming
pod, plus the symmetric terms of existing pods (their preferred terms and their required affinity
times ``hard_pod_affinity_weight``), min-max normalised to 0..100.

PreFilter precomputes topology-pair -> count maps over all nodes so Filter is O(terms) per node;
add_pod/remove_pod keep those maps right when preemption removes victims or the framework adds
nominated pods to a what-if copy of the CycleState.

Namespaces. A term selects pods in ``term.namespaces``; with neither namespaces nor a
namespace_selector it selects the owner pod's namespace. The playground has no Namespace objects:
every namespace is taken to carry only the label the API server always sets,
``kubernetes.io/metadata.name=<name>``. So an empty namespace_selector selects every namespace, a
selector on ``kubernetes.io/metadata.name`` works as in a cluster, and any other non-empty selector
selects nothing.

matchLabelKeys / mismatchLabelKeys are merged into the label selector as ``key In (value)`` /
``key NotIn (value)`` with the owner pod's label values, which is what the API server does on pod
creation (MatchLabelKeysInPodAffinity); keys the pod does not carry are ignored.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
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
    Pod,
    PodAffinityTerm,
)

if TYPE_CHECKING:
    from scheduler_core.framework.nodeinfo import NodeInfo

NAME = "InterPodAffinity"
PRE_FILTER_STATE_KEY = "PreFilter" + NAME
PRE_SCORE_STATE_KEY = "PreScore" + NAME
ALL_NODES_STATE_KEY = "AllNodes" + NAME

ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't satisfy existing pods anti-affinity rules"
ERR_REASON_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod affinity rules"
ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod anti-affinity rules"

NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name"
DEFAULT_HARD_POD_AFFINITY_WEIGHT = 1

TopologyPair = tuple[str, str]  # (topology key, topology value)


def namespace_labels(namespace: str) -> dict[str, str]:
    """The labels of a namespace as the model knows them (see the module docstring)."""
    return {NAMESPACE_NAME_LABEL: namespace}


@dataclass(frozen=True)
class AffinityTerm:
    """framework.AffinityTerm: a PodAffinityTerm resolved against the pod that owns it."""

    namespaces: frozenset[str]
    selector: LabelSelector | None  # None = labels.Nothing()
    topology_key: str
    namespace_selector: LabelSelector | None  # None = labels.Nothing()

    def matches(self, pod: Pod) -> bool:
        """AffinityTerm.Matches: pod is in a selected namespace and its labels match."""
        if pod.namespace not in self.namespaces and not self._selects_namespace(pod.namespace):
            return False
        return self.selector is not None and self.selector.matches(pod.labels)

    def _selects_namespace(self, namespace: str) -> bool:
        # An empty selector matches every namespace; None matches none.
        return self.namespace_selector is not None and self.namespace_selector.matches(namespace_labels(namespace))


@dataclass(frozen=True)
class WeightedAffinityTerm:
    weight: int
    term: AffinityTerm


def new_affinity_term(owner: Pod, term: PodAffinityTerm) -> AffinityTerm:
    """framework.newAffinityTerm + getNamespacesFromPodAffinityTerm (+ API-server label-key merge)."""
    if not term.namespaces and term.namespace_selector is None:
        namespaces = frozenset((owner.namespace,))
    else:
        namespaces = frozenset(term.namespaces)
    return AffinityTerm(namespaces, _merge_label_keys(owner, term), term.topology_key, term.namespace_selector)


def _merge_label_keys(owner: Pod, term: PodAffinityTerm) -> LabelSelector | None:
    selector = term.label_selector
    if selector is None or not (term.match_label_keys or term.mismatch_label_keys):
        return selector
    extra = [
        LabelSelectorRequirement(key, "In", (owner.labels[key],))
        for key in term.match_label_keys if key in owner.labels
    ] + [
        LabelSelectorRequirement(key, "NotIn", (owner.labels[key],))
        for key in term.mismatch_label_keys if key in owner.labels
    ]
    return LabelSelector(selector.match_labels, selector.match_expressions + tuple(extra))


@dataclass(frozen=True)
class PodAffinityInfo:
    """The affinity half of framework.PodInfo: every term of a pod, resolved once."""

    pod: Pod
    required_affinity_terms: tuple[AffinityTerm, ...]
    required_anti_affinity_terms: tuple[AffinityTerm, ...]
    preferred_affinity_terms: tuple[WeightedAffinityTerm, ...]
    preferred_anti_affinity_terms: tuple[WeightedAffinityTerm, ...]

    @classmethod
    def of(cls, pod: Pod) -> PodAffinityInfo:
        aff, anti = pod.pod_affinity, pod.pod_anti_affinity
        return cls(
            pod,
            tuple(new_affinity_term(pod, t) for t in (aff.required if aff else ())),
            tuple(new_affinity_term(pod, t) for t in (anti.required if anti else ())),
            tuple(WeightedAffinityTerm(w.weight, new_affinity_term(pod, w.term)) for w in (aff.preferred if aff else ())),
            tuple(WeightedAffinityTerm(w.weight, new_affinity_term(pod, w.term)) for w in (anti.preferred if anti else ())),
        )


def has_required_anti_affinity(pod: Pod) -> bool:
    return pod.pod_anti_affinity is not None and bool(pod.pod_anti_affinity.required)


def has_affinity(pod: Pod) -> bool:
    """framework.podWithAffinity: any pod (anti-)affinity at all."""
    return pod.pod_affinity is not None or pod.pod_anti_affinity is not None


def pod_matches_all_affinity_terms(terms: Iterable[AffinityTerm], pod: Pod) -> bool:
    """podMatchesAllAffinityTerms: false for no terms."""
    terms = tuple(terms)
    return bool(terms) and all(t.matches(pod) for t in terms)


class TopologyToMatchedTermCount(dict[TopologyPair, int]):
    """topologyToMatchedTermCount; entries that drop to zero are deleted (Filter relies on it)."""

    def add(self, node: Node, topology_key: str, value: int) -> None:
        topology_value = node.labels.get(topology_key)
        if topology_value is None:
            return
        pair = (topology_key, topology_value)
        count = self.get(pair, 0) + value
        if count == 0:
            self.pop(pair, None)
        else:
            self[pair] = count

    def update_with_affinity_terms(self, terms: tuple[AffinityTerm, ...], pod: Pod, node: Node, value: int) -> None:
        """Counts a pod once per term, and only if it matches ALL terms."""
        if pod_matches_all_affinity_terms(terms, pod):
            for t in terms:
                self.add(node, t.topology_key, value)

    def update_with_anti_affinity_terms(self, terms: tuple[AffinityTerm, ...], pod: Pod, node: Node, value: int) -> None:
        """Counts a pod once per anti-affinity term it matches."""
        for t in terms:
            if t.matches(pod):
                self.add(node, t.topology_key, value)

    def clone(self) -> TopologyToMatchedTermCount:
        return TopologyToMatchedTermCount(self)


@dataclass
class PreFilterState:
    """preFilterState (filtering.go). Mutable: add_pod/remove_pod change the counts; clone() copies."""

    pod_info: PodAffinityInfo
    # pods already placed whose required anti-affinity matches the incoming pod
    existing_anti_affinity_counts: TopologyToMatchedTermCount
    # pods already placed that match all of the incoming pod's required affinity terms
    affinity_counts: TopologyToMatchedTermCount
    # pods already placed that match one of the incoming pod's required anti-affinity terms
    anti_affinity_counts: TopologyToMatchedTermCount

    def clone(self) -> PreFilterState:
        return PreFilterState(
            self.pod_info,
            self.existing_anti_affinity_counts.clone(),
            self.affinity_counts.clone(),
            self.anti_affinity_counts.clone(),
        )

    def update_with_pod(self, pod: Pod, node: Node, multiplier: int) -> None:
        """preFilterState.updateWithPod."""
        other = PodAffinityInfo.of(pod)
        me = self.pod_info
        self.existing_anti_affinity_counts.update_with_anti_affinity_terms(
            other.required_anti_affinity_terms, me.pod, node, multiplier
        )
        self.affinity_counts.update_with_affinity_terms(me.required_affinity_terms, pod, node, multiplier)
        self.anti_affinity_counts.update_with_anti_affinity_terms(me.required_anti_affinity_terms, pod, node, multiplier)


@dataclass
class AllNodes:
    """The snapshot's node list as PreFilter saw it; PreScore needs all nodes, not just feasible ones."""

    nodes: list[NodeInfo]

    def clone(self) -> AllNodes:
        return self  # never changes within a cycle


ScoreMap = dict[str, dict[str, int]]  # topology key -> topology value -> score


@dataclass
class PreScoreState:
    """preScoreState (scoring.go). Not changed after PreScore, so clone() shares it."""

    topology_score: ScoreMap

    def clone(self) -> PreScoreState:
        return self


def _process_term(m: ScoreMap, term: AffinityTerm, weight: int, pod: Pod, node: Node, multiplier: int) -> None:
    """scoreMap.processTerm."""
    if not term.matches(pod):
        return
    topology_value = node.labels.get(term.topology_key)
    if topology_value is None:
        return
    by_value = m.setdefault(term.topology_key, {})
    by_value[topology_value] = by_value.get(topology_value, 0) + weight * multiplier


def _process_terms(m: ScoreMap, terms: Iterable[WeightedAffinityTerm], pod: Pod, node: Node, multiplier: int) -> None:
    for t in terms:
        _process_term(m, t.term, t.weight, pod, node, multiplier)


class InterPodAffinity:
    """The InterPodAffinity plugin. Arguments as InterPodAffinityArgs (defaults.go)."""

    name = NAME

    def __init__(
        self,
        hard_pod_affinity_weight: int = DEFAULT_HARD_POD_AFFINITY_WEIGHT,
        ignore_preferred_terms_of_existing_pods: bool = False,
        queue_on_deleted_pods_anti_affinity: bool = False,
    ) -> None:
        self.hard_pod_affinity_weight = hard_pod_affinity_weight
        self.ignore_preferred_terms_of_existing_pods = ignore_preferred_terms_of_existing_pods
        # v1.35 (PR #135325) also requeues when a deleted pod's anti-affinity matched the pending
        # pod; v1.34 does not (issue #134393), leaving such pods to the 5-minute flush.
        self.queue_on_deleted_pods_anti_affinity = queue_on_deleted_pods_anti_affinity

    # -- PreFilter -----------------------------------------------------------------------------

    def pre_filter(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[PreFilterResult | None, Status]:
        state.write(ALL_NODES_STATE_KEY, AllNodes(nodes))
        info = PodAffinityInfo.of(pod)
        s = PreFilterState(
            info,
            _existing_anti_affinity_counts(pod, nodes),
            *_incoming_affinity_anti_affinity_counts(info, nodes),
        )
        if not s.existing_anti_affinity_counts and not info.required_affinity_terms and not info.required_anti_affinity_terms:
            return None, Status.skip()
        state.write(PRE_FILTER_STATE_KEY, s)
        return None, Status.success()

    def add_pod(self, state: CycleState, pod: Pod, pod_to_add: Pod, node_info: NodeInfo) -> Status:
        return self._update(state, pod_to_add, node_info, +1)

    def remove_pod(self, state: CycleState, pod: Pod, pod_to_remove: Pod, node_info: NodeInfo) -> Status:
        return self._update(state, pod_to_remove, node_info, -1)

    def _update(self, state: CycleState, pod: Pod, node_info: NodeInfo, multiplier: int) -> Status:
        s = state.read(PRE_FILTER_STATE_KEY)
        if not isinstance(s, PreFilterState):
            return _missing(PRE_FILTER_STATE_KEY)
        s.update_with_pod(pod, node_info.node, multiplier)
        return Status.success()

    # -- Filter --------------------------------------------------------------------------------

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        s = state.read(PRE_FILTER_STATE_KEY)
        if not isinstance(s, PreFilterState):
            return _missing(PRE_FILTER_STATE_KEY)
        node = node_info.node
        if not _satisfy_pod_affinity(s, node):
            return Status.unresolvable(ERR_REASON_AFFINITY_RULES_NOT_MATCH, plugin=NAME)
        if not _satisfy_pod_anti_affinity(s, node):
            return Status.unschedulable(ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH, plugin=NAME)
        if not _satisfy_existing_pods_anti_affinity(s, node):
            return Status.unschedulable(ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH, plugin=NAME)
        return Status.success()

    # -- Score ---------------------------------------------------------------------------------

    def pre_score(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status:
        if not nodes:
            return Status.skip()
        info = PodAffinityInfo.of(pod)
        has_constraints = bool(info.preferred_affinity_terms or info.preferred_anti_affinity_terms)
        if self.ignore_preferred_terms_of_existing_pods and not has_constraints:
            return Status.skip()
        all_nodes = state.read(ALL_NODES_STATE_KEY)
        topology_score: ScoreMap = {}
        for node_info in all_nodes.nodes if isinstance(all_nodes, AllNodes) else nodes:
            if not node_info.node.labels:
                continue
            for existing in node_info.pods.values():
                # Without preferred terms of its own only pods with affinity can contribute.
                if has_constraints or has_affinity(existing):
                    self._process_existing_pod(info, existing, node_info.node, topology_score)
        if not topology_score:
            return Status.skip()
        state.write(PRE_SCORE_STATE_KEY, PreScoreState(topology_score))
        return Status.success()

    def _process_existing_pod(self, info: PodAffinityInfo, existing: Pod, node: Node, m: ScoreMap) -> None:
        """InterPodAffinity.processExistingPod."""
        _process_terms(m, info.preferred_affinity_terms, existing, node, 1)
        _process_terms(m, info.preferred_anti_affinity_terms, existing, node, -1)
        if not has_affinity(existing):
            return
        other = PodAffinityInfo.of(existing)
        if self.hard_pod_affinity_weight > 0:
            for t in other.required_affinity_terms:
                _process_term(m, t, self.hard_pod_affinity_weight, info.pod, node, 1)
        _process_terms(m, other.preferred_affinity_terms, info.pod, node, 1)
        _process_terms(m, other.preferred_anti_affinity_terms, info.pod, node, -1)

    def score(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> tuple[int, Status]:
        s = state.read(PRE_SCORE_STATE_KEY)
        if not isinstance(s, PreScoreState):
            return 0, _missing(PRE_SCORE_STATE_KEY)
        labels = node_info.node.labels
        total = 0
        for topology_key, by_value in s.topology_score.items():
            if topology_key in labels:
                total += by_value.get(labels[topology_key], 0)
        return total, Status.success()

    def normalize_score(self, state: CycleState, pod: Pod, scores: dict[str, int]) -> Status | None:
        """Min-max to 0..100, truncated; all 0 when every node scored the same."""
        s = state.read(PRE_SCORE_STATE_KEY)
        if not isinstance(s, PreScoreState):
            return _missing(PRE_SCORE_STATE_KEY)
        if not s.topology_score or not scores:
            return Status.success()
        low, high = min(scores.values()), max(scores.values())
        diff = high - low
        for node_name, value in scores.items():
            scores[node_name] = int(float(MAX_NODE_SCORE) * ((value - low) / diff)) if diff > 0 else 0
        return Status.success()

    # -- Queueing hints ------------------------------------------------------------------------

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        """EventsToRegister (plugin.go): assigned pods added/relabelled/deleted; nodes added or relabelled.

        UpdateNodeTaint is registered upstream only to work around the NodeAdd preCheck.
        """
        pod_hint, node_hint = self.is_schedulable_after_pod_change, self.is_schedulable_after_node_change
        return [
            ev.ClusterEventWithHint(ev.ClusterEvent(ev.POD, ev.ADD, "PodAdd"), pod_hint),
            ev.ClusterEventWithHint(ev.ClusterEvent(ev.POD, ev.UPDATE_POD_LABEL, "UpdatePodLabel"), pod_hint),
            ev.ClusterEventWithHint(ev.ClusterEvent(ev.POD, ev.DELETE, "PodDelete"), pod_hint),
            ev.ClusterEventWithHint(ev.NODE_ADD, node_hint),
            ev.ClusterEventWithHint(ev.NODE_LABEL_CHANGE, node_hint),
            ev.ClusterEventWithHint(ev.NODE_TAINT_CHANGE, node_hint),
        ]

    def is_schedulable_after_pod_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """isSchedulableAfterPodChange: only assigned pods matter."""
        original = old_obj if isinstance(old_obj, Pod) else None
        modified = new_obj if isinstance(new_obj, Pod) else None
        if (modified is not None and not modified.node_name) or (original is not None and not original.node_name):
            return ev.SKIP
        info = PodAffinityInfo.of(pod)
        terms, anti_terms = info.required_affinity_terms, info.required_anti_affinity_terms
        if modified is not None and original is not None:
            if not pod_matches_all_affinity_terms(terms, original) and pod_matches_all_affinity_terms(terms, modified):
                return ev.QUEUE
            if pod_matches_all_affinity_terms(anti_terms, original) and not pod_matches_all_affinity_terms(anti_terms, modified):
                return ev.QUEUE
            return ev.SKIP
        if modified is not None:
            return ev.QUEUE if pod_matches_all_affinity_terms(terms, modified) else ev.SKIP
        if original is None:
            return ev.QUEUE
        if pod_matches_all_affinity_terms(anti_terms, original):
            return ev.QUEUE
        if self.queue_on_deleted_pods_anti_affinity:
            deleted_anti = PodAffinityInfo.of(original).required_anti_affinity_terms
            if any(t.matches(pod) for t in deleted_anti):
                return ev.QUEUE
        return ev.SKIP

    def is_schedulable_after_node_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """isSchedulableAfterNodeChange: Queue if the node carries a topology key of a required term."""
        modified = new_obj if isinstance(new_obj, Node) else None
        if modified is None:
            return ev.QUEUE
        info = PodAffinityInfo.of(pod)
        for t in info.required_affinity_terms + info.required_anti_affinity_terms:
            if t.topology_key in modified.labels:
                return ev.QUEUE
        return ev.SKIP


def _missing(key: str) -> Status:
    return Status.error(f'error reading "{key}" from cycleState: not found', plugin=NAME)


def _existing_anti_affinity_counts(pod: Pod, nodes: list[NodeInfo]) -> TopologyToMatchedTermCount:
    """getExistingAntiAffinityCounts: placed pods whose required anti-affinity matches ``pod``."""
    counts = TopologyToMatchedTermCount()
    for node_info in nodes:
        for existing in node_info.pods.values():
            if has_required_anti_affinity(existing):
                terms = PodAffinityInfo.of(existing).required_anti_affinity_terms
                counts.update_with_anti_affinity_terms(terms, pod, node_info.node, 1)
    return counts


def _incoming_affinity_anti_affinity_counts(
    info: PodAffinityInfo, nodes: list[NodeInfo]
) -> tuple[TopologyToMatchedTermCount, TopologyToMatchedTermCount]:
    """getIncomingAffinityAntiAffinityCounts: placed pods matching the incoming pod's required terms."""
    affinity, anti_affinity = TopologyToMatchedTermCount(), TopologyToMatchedTermCount()
    if not info.required_affinity_terms and not info.required_anti_affinity_terms:
        return affinity, anti_affinity
    for node_info in nodes:
        for existing in node_info.pods.values():
            affinity.update_with_affinity_terms(info.required_affinity_terms, existing, node_info.node, 1)
            anti_affinity.update_with_anti_affinity_terms(info.required_anti_affinity_terms, existing, node_info.node, 1)
    return affinity, anti_affinity


def _satisfy_existing_pods_anti_affinity(s: PreFilterState, node: Node) -> bool:
    """satisfyExistingPodsAntiAffinity: no placed pod in any of this node's domains repels the pod."""
    counts = s.existing_anti_affinity_counts
    if not counts:
        return True
    return not any(counts.get(pair, 0) > 0 for pair in node.labels.items())


def _satisfy_pod_anti_affinity(s: PreFilterState, node: Node) -> bool:
    """satisfyPodAntiAffinity."""
    if not s.anti_affinity_counts:
        return True
    for term in s.pod_info.required_anti_affinity_terms:
        value = node.labels.get(term.topology_key)
        if value is not None and s.anti_affinity_counts.get((term.topology_key, value), 0) > 0:
            return False
    return True


def _satisfy_pod_affinity(s: PreFilterState, node: Node) -> bool:
    """satisfyPodAffinity, including the first-pod-of-a-group exception."""
    pods_exist = True
    for term in s.pod_info.required_affinity_terms:
        value = node.labels.get(term.topology_key)
        if value is None:
            return False  # all topology labels must exist on the node
        if s.affinity_counts.get((term.topology_key, value), 0) <= 0:
            pods_exist = False
    if pods_exist:
        return True
    # No pod anywhere matches the terms, but the pod matches its own terms: let the first one in.
    return not s.affinity_counts and pod_matches_all_affinity_terms(s.pod_info.required_affinity_terms, s.pod_info.pod)
