"""Pod affinity terms resolved against their owner pod (framework.AffinityTerm, framework.PodInfo).

Namespaces. A term selects pods in ``term.namespaces``; with neither namespaces nor a
namespace_selector it selects the owner pod's namespace. A namespace_selector is resolved against
the labels of Namespace objects as upstream does (interpodaffinity/plugin.go):

* the incoming pod's terms are unrolled at PreFilter/PreScore (mergeAffinityTermNamespacesIfNotEmpty):
  the names of the namespaces the selector matches join ``namespaces`` and the selector becomes
  Nothing; an empty selector stays and matches every namespace;
* an existing pod's terms are matched against the incoming pod with the incoming pod's namespace
  labels (GetNamespaceLabelsSnapshot);
* the queueing hints match with nil labels (podMatchesAllAffinityTerms passes nil), so there only
  ``namespaces`` and empty selectors count.

A namespace that has no Namespace object exists implicitly with the one label the API server always
sets, ``kubernetes.io/metadata.name=<name>`` (the playground lets pods name any namespace).

matchLabelKeys / mismatchLabelKeys are merged into the label selector as ``key In (value)`` /
``key NotIn (value)`` with the owner pod's label values, which is what the API server does on pod
creation (MatchLabelKeysInPodAffinity); keys the pod does not carry are ignored.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from scheduler_core.framework.nodeinfo import pod_with_affinity, pod_with_required_anti_affinity
from scheduler_core.objects import (
    NAMESPACE_NAME_LABEL,
    LabelSelector,
    LabelSelectorRequirement,
    Pod,
    PodAffinityTerm,
)


class NamespaceLister(Protocol):
    """What the plugin reads through its Namespace lister (ClusterState implements it)."""

    def namespace_labels(self, namespace: str) -> Mapping[str, str]: ...

    def list_namespaces(self, selector: LabelSelector) -> list[str]: ...


class ImplicitNamespaces:
    """The lister of a cluster without Namespace objects: every namespace of the given pods, each
    labelled only kubernetes.io/metadata.name (for the plugin used without a cluster, in tests)."""

    def __init__(self, pods: Iterable[Pod]) -> None:
        self._names = list(dict.fromkeys(p.namespace for p in pods))

    def namespace_labels(self, namespace: str) -> Mapping[str, str]:
        return {NAMESPACE_NAME_LABEL: namespace}

    def list_namespaces(self, selector: LabelSelector) -> list[str]:
        return [n for n in self._names if selector.matches(self.namespace_labels(n))]


@dataclass(frozen=True)
class AffinityTerm:
    """framework.AffinityTerm: a PodAffinityTerm resolved against the pod that owns it."""

    namespaces: frozenset[str]
    selector: LabelSelector | None  # None = labels.Nothing()
    topology_key: str
    namespace_selector: LabelSelector | None  # None = labels.Nothing()

    def matches(self, pod: Pod, ns_labels: Mapping[str, str] | None = None) -> bool:
        """AffinityTerm.Matches(pod, nsLabels): pod is in a selected namespace and its labels match.
        ``ns_labels`` are the labels of the pod's namespace; None is Go's nil (an empty set)."""
        if pod.namespace not in self.namespaces and not self._selects_namespace(ns_labels):
            return False
        return self.selector is not None and self.selector.matches(pod.labels)

    def _selects_namespace(self, ns_labels: Mapping[str, str] | None) -> bool:
        # An empty selector matches every namespace; None matches none.
        return self.namespace_selector is not None and self.namespace_selector.matches(ns_labels or {})


def _unrolls(term: AffinityTerm) -> bool:
    return term.namespace_selector is not None and not term.namespace_selector.is_empty


def merge_affinity_term_namespaces_if_not_empty(term: AffinityTerm, lister: NamespaceLister) -> AffinityTerm:
    """mergeAffinityTermNamespacesIfNotEmpty: unroll a non-empty namespaceSelector into namespaces."""
    if term.namespace_selector is None or not _unrolls(term):
        return term
    selected = lister.list_namespaces(term.namespace_selector)
    return replace(term, namespaces=term.namespaces | frozenset(selected), namespace_selector=None)


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


    def with_required_namespaces_merged(self, lister: NamespaceLister) -> PodAffinityInfo:
        """PreFilter: the required terms with their namespaceSelectors unrolled."""
        if not any(_unrolls(t) for t in self.required_affinity_terms + self.required_anti_affinity_terms):
            return self
        merge = merge_affinity_term_namespaces_if_not_empty
        return replace(self, required_affinity_terms=tuple(merge(t, lister) for t in self.required_affinity_terms),
                       required_anti_affinity_terms=tuple(merge(t, lister) for t in self.required_anti_affinity_terms))

    def with_preferred_namespaces_merged(self, lister: NamespaceLister) -> PodAffinityInfo:
        """PreScore (when the pod has preferred terms): those terms with their namespaceSelectors unrolled."""
        if not any(_unrolls(w.term) for w in self.preferred_affinity_terms + self.preferred_anti_affinity_terms):
            return self
        merge = merge_affinity_term_namespaces_if_not_empty

        def weighted(terms: tuple[WeightedAffinityTerm, ...]) -> tuple[WeightedAffinityTerm, ...]:
            return tuple(WeightedAffinityTerm(w.weight, merge(w.term, lister)) for w in terms)

        return replace(self, preferred_affinity_terms=weighted(self.preferred_affinity_terms),
                       preferred_anti_affinity_terms=weighted(self.preferred_anti_affinity_terms))


# framework.podWithRequiredAntiAffinity / podWithAffinity: defined with NodeInfo, which keeps such pods apart.
has_required_anti_affinity = pod_with_required_anti_affinity
has_affinity = pod_with_affinity


def pod_matches_all_affinity_terms(terms: Iterable[AffinityTerm], pod: Pod) -> bool:
    """podMatchesAllAffinityTerms: false for no terms; matches with nil namespace labels."""
    terms = tuple(terms)
    return bool(terms) and all(t.matches(pod) for t in terms)
