"""Pod affinity terms resolved against their owner pod (framework.AffinityTerm, framework.PodInfo).

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

from scheduler_core.framework.nodeinfo import pod_with_affinity, pod_with_required_anti_affinity
from scheduler_core.objects import (
    LabelSelector,
    LabelSelectorRequirement,
    Pod,
    PodAffinityTerm,
)

NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name"


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
    """framework.newAffinityTerm + getNamespacesFromPodAffinityTerm (+ the API-server label-key merge)."""
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


# framework.podWithRequiredAntiAffinity / podWithAffinity: defined with NodeInfo, which keeps such pods apart.
has_required_anti_affinity = pod_with_required_anti_affinity
has_affinity = pod_with_affinity


def pod_matches_all_affinity_terms(terms: Iterable[AffinityTerm], pod: Pod) -> bool:
    """podMatchesAllAffinityTerms: false for no terms."""
    terms = tuple(terms)
    return bool(terms) and all(t.matches(pod) for t in terms)
