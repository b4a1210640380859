"""InterPodAffinity PreScore/Score/NormalizeScore (interpodaffinity/scoring.go).

A topology score map accumulates, per (topology key, value), the preferred (anti-)affinity weights
of the incoming pod towards placed pods and the symmetric terms of placed pods towards the incoming
pod (their preferred terms, and their required affinity times hardPodAffinityWeight).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scheduler_core.framework.interface import MAX_NODE_SCORE
from scheduler_core.objects import Node, Pod
from scheduler_core.plugins.interpodaffinity.terms import (
    AffinityTerm,
    PodAffinityInfo,
    WeightedAffinityTerm,
    has_affinity,
)

ScoreMap = dict[str, dict[str, int]]  # topology key -> topology value -> score


@dataclass
class PreScoreState:
    """preScoreState. Not changed after PreScore, so clone() shares it."""

    topology_score: ScoreMap

    def clone(self) -> PreScoreState:
        return self

    def score(self, node: Node) -> int:
        """Score: the sum over the node's topology values."""
        labels = node.labels
        return sum(by_value.get(labels[key], 0) for key, by_value in self.topology_score.items() if key in labels)


def process_term(m: ScoreMap, term: AffinityTerm, weight: int, pod: Pod, node: Node, multiplier: int,
                 ns_labels: Mapping[str, str] | None = None) -> None:
    """scoreMap.processTerm (``ns_labels``: the labels of ``pod``'s namespace; None = nil)."""
    if not term.matches(pod, ns_labels):
        return
    topology_value = node.labels.get(term.topology_key)
    if topology_value is None:
        return
    by_value = m.setdefault(term.topology_key, {})
    by_value[topology_value] = by_value.get(topology_value, 0) + weight * multiplier


def process_terms(m: ScoreMap, terms: Iterable[WeightedAffinityTerm], pod: Pod, node: Node, multiplier: int,
                  ns_labels: Mapping[str, str] | None = None) -> None:
    for t in terms:
        process_term(m, t.term, t.weight, pod, node, multiplier, ns_labels)


def process_existing_pod(m: ScoreMap, me: PodAffinityInfo, existing: Pod, node: Node, hard_pod_affinity_weight: int,
                         ns_labels: Mapping[str, str] | None = None) -> None:
    """InterPodAffinity.processExistingPod. ``me``'s preferred terms have their namespaceSelectors
    unrolled (so nil labels for ``existing``); ``existing``'s terms see ``ns_labels``, the labels of
    the incoming pod's namespace."""
    process_terms(m, me.preferred_affinity_terms, existing, node, 1)
    process_terms(m, me.preferred_anti_affinity_terms, existing, node, -1)
    if not has_affinity(existing):
        return
    other = PodAffinityInfo.of(existing)
    if hard_pod_affinity_weight > 0:
        for t in other.required_affinity_terms:
            process_term(m, t, hard_pod_affinity_weight, me.pod, node, 1, ns_labels)
    process_terms(m, other.preferred_affinity_terms, me.pod, node, 1, ns_labels)
    process_terms(m, other.preferred_anti_affinity_terms, me.pod, node, -1, ns_labels)


def normalize(scores: dict[str, int]) -> None:
    """NormalizeScore: min-max to 0..100, truncated; all 0 when every node scored the same."""
    if not scores:
        return
    low, high = min(scores.values()), max(scores.values())
    diff = high - low
    for node_name, value in scores.items():
        scores[node_name] = int(float(MAX_NODE_SCORE) * ((value - low) / diff)) if diff > 0 else 0
