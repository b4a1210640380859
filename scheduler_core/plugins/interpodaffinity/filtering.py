"""InterPodAffinity PreFilter/Filter (interpodaffinity/filtering.go).

PreFilter counts, per (topology key, value) pair over all nodes, the placed pods relevant to the
incoming pod, so Filter is O(terms) per node. add_pod/remove_pod keep the counts right when
preemption removes victims or the framework adds nominated pods to a what-if copy of CycleState.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scheduler_core.objects import Node, Pod
from scheduler_core.plugins.interpodaffinity.terms import (
    AffinityTerm,
    NamespaceLister,
    PodAffinityInfo,
    has_required_anti_affinity,
    pod_matches_all_affinity_terms,
)

if TYPE_CHECKING:
    from scheduler_core.framework.nodeinfo import NodeInfo

ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't satisfy existing pods anti-affinity rules"
ERR_REASON_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod affinity rules"
ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod anti-affinity rules"

TopologyPair = tuple[str, str]  # (topology key, topology value)


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

    def update_with_anti_affinity_terms(self, terms: tuple[AffinityTerm, ...], pod: Pod, node: Node, value: int,
                                        ns_labels: Mapping[str, str] | None = None) -> None:
        """Counts a pod once per anti-affinity term it matches (``ns_labels``: its namespace's)."""
        for t in terms:
            if t.matches(pod, ns_labels):
                self.add(node, t.topology_key, value)

    def clone(self) -> TopologyToMatchedTermCount:
        return TopologyToMatchedTermCount(self)


@dataclass
class PreFilterState:
    """preFilterState. Mutable: add_pod/remove_pod change the counts; clone() copies them."""

    pod_info: PodAffinityInfo  # namespaceSelectors of the required terms unrolled
    namespace_labels: Mapping[str, str]  # of the incoming pod's namespace (GetNamespaceLabelsSnapshot)
    # placed pods whose required anti-affinity matches the incoming pod
    existing_anti_affinity_counts: TopologyToMatchedTermCount
    # placed pods that match all of the incoming pod's required affinity terms
    affinity_counts: TopologyToMatchedTermCount
    # placed pods that match one of the incoming pod's required anti-affinity terms
    anti_affinity_counts: TopologyToMatchedTermCount

    @classmethod
    def compute(cls, pod: Pod, nodes: list[NodeInfo], nodes_with_required_anti_affinity_pods: list[NodeInfo],
                namespaces: NamespaceLister) -> PreFilterState:
        """PreFilter's state: existing anti-affinity over the nodes holding such pods, the incoming
        pod's own required terms (namespaceSelectors unrolled) over all nodes (only when it has any)."""
        info = PodAffinityInfo.of(pod).with_required_namespaces_merged(namespaces)
        ns_labels = dict(namespaces.namespace_labels(pod.namespace))
        return cls(info, ns_labels, _existing_anti_affinity_counts(pod, ns_labels, nodes_with_required_anti_affinity_pods),
                   *_incoming_affinity_anti_affinity_counts(info, nodes))

    @property
    def is_irrelevant(self) -> bool:
        """Nothing to check: PreFilter returns Skip."""
        me = self.pod_info
        return not self.existing_anti_affinity_counts and not me.required_affinity_terms and not me.required_anti_affinity_terms

    def clone(self) -> PreFilterState:
        return PreFilterState(
            self.pod_info,
            self.namespace_labels,
            self.existing_anti_affinity_counts.clone(),
            self.affinity_counts.clone(),
            self.anti_affinity_counts.clone(),
        )

    def update_with_pod(self, pod: Pod, node: Node, multiplier: int) -> None:
        """preFilterState.updateWithPod."""
        me = self.pod_info
        other_anti = PodAffinityInfo.of(pod).required_anti_affinity_terms if has_required_anti_affinity(pod) else ()
        self.existing_anti_affinity_counts.update_with_anti_affinity_terms(other_anti, me.pod, node, multiplier,
                                                                           self.namespace_labels)
        self.affinity_counts.update_with_affinity_terms(me.required_affinity_terms, pod, node, multiplier)
        self.anti_affinity_counts.update_with_anti_affinity_terms(me.required_anti_affinity_terms, pod, node, multiplier)

    def satisfies_pod_affinity(self, node: Node) -> bool:
        """satisfyPodAffinity, including the first-pod-of-a-group exception."""
        pods_exist = True
        for term in self.pod_info.required_affinity_terms:
            value = node.labels.get(term.topology_key)
            if value is None:
                return False  # all topology labels must exist on the node
            if self.affinity_counts.get((term.topology_key, value), 0) <= 0:
                pods_exist = False
        if pods_exist:
            return True
        # No pod anywhere matches the terms but the pod matches its own: let the first one in.
        me = self.pod_info
        return not self.affinity_counts and pod_matches_all_affinity_terms(me.required_affinity_terms, me.pod)

    def satisfies_pod_anti_affinity(self, node: Node) -> bool:
        """satisfyPodAntiAffinity."""
        if not self.anti_affinity_counts:
            return True
        for term in self.pod_info.required_anti_affinity_terms:
            value = node.labels.get(term.topology_key)
            if value is not None and self.anti_affinity_counts.get((term.topology_key, value), 0) > 0:
                return False
        return True

    def satisfies_existing_pods_anti_affinity(self, node: Node) -> bool:
        """satisfyExistingPodsAntiAffinity: no placed pod in any of the node's domains repels the pod."""
        counts = self.existing_anti_affinity_counts
        return not counts or not any(counts.get(pair, 0) > 0 for pair in node.labels.items())


def _existing_anti_affinity_counts(pod: Pod, ns_labels: Mapping[str, str], nodes: list[NodeInfo]) -> TopologyToMatchedTermCount:
    """getExistingAntiAffinityCounts: placed pods whose required anti-affinity matches ``pod``.

    Like upstream, only NodeInfo.PodsWithRequiredAntiAffinity of the given nodes are visited.
    """
    counts = TopologyToMatchedTermCount()
    for node_info in nodes:
        for existing in node_info.pods_with_required_anti_affinity.values():
            terms = PodAffinityInfo.of(existing).required_anti_affinity_terms
            counts.update_with_anti_affinity_terms(terms, pod, node_info.node, 1, ns_labels)
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
