"""NodeAffinity (plugins/nodeaffinity/node_affinity.go, component-helpers nodeaffinity).

Required: spec.nodeSelector AND requiredDuringScheduling terms (ORed; a term's expressions and
fields ANDed; an empty term matches nothing). Preferred: sum of the weights of matching terms,
normalised so the best node gets 100.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import CycleState, PreFilterResult, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import (
    Node,
    NodeSelectorRequirement,
    NodeSelectorTerm,
    Pod,
    PreferredSchedulingTerm,
    set_requirement_matches,
)
from scheduler_core.plugins.helper import default_normalize_score

NAME = "NodeAffinity"
PRE_SCORE_STATE_KEY = "PreScore" + NAME
ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector"
ERR_REASON_CONFLICT = "pod affinity terms conflict"
OBJECT_NAME_FIELD = "metadata.name"


def _parse_int64(text: str) -> int | None:
    """strconv.ParseInt(s, 10, 64): optional sign and decimal digits only."""
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isascii() or not digits.isdigit():
        return None
    value = int(text)
    return value if -(2**63) <= value < 2**63 else None


def requirement_matches(req: NodeSelectorRequirement, labels: dict[str, str] | Any) -> bool:
    """labels.Requirement.Matches for node selector operators; Gt/Lt compare integers strictly."""
    if req.operator in ("Gt", "Lt"):
        if req.key not in labels or len(req.values) != 1:
            return False
        bound, actual = _parse_int64(req.values[0]), _parse_int64(labels[req.key])
        if bound is None or actual is None:
            return False
        return actual > bound if req.operator == "Gt" else actual < bound
    return set_requirement_matches(req, labels)


def term_matches(term: NodeSelectorTerm, node: Node) -> bool:
    """nodeSelectorTerm.match; callers skip empty terms (they match nothing)."""
    if not all(requirement_matches(r, node.labels) for r in term.match_expressions):
        return False
    fields = {OBJECT_NAME_FIELD: node.name}
    return all(r.key == OBJECT_NAME_FIELD and requirement_matches(r, fields) for r in term.match_fields)


def _is_empty(term: NodeSelectorTerm) -> bool:
    return not term.match_expressions and not term.match_fields


def required_node_affinity_matches(pod: Pod, node: Node) -> bool:
    """nodeaffinity.GetRequiredNodeAffinity(pod).Match(node)."""
    if any(node.labels.get(k) != v for k, v in pod.node_selector.items()):
        return False
    required = pod.node_affinity.required if pod.node_affinity is not None else None
    if required is None:
        return True
    return any(term_matches(t, node) for t in required if not _is_empty(t))


def preferred_score(terms: Iterable[PreferredSchedulingTerm], node: Node) -> int:
    return sum(t.weight for t in terms if t.weight and not _is_empty(t.preference) and term_matches(t.preference, node))


class NodeAffinity:
    name: ClassVar[str] = NAME

    def pre_filter(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[PreFilterResult | None, Status]:
        required = pod.node_affinity.required if pod.node_affinity is not None else None
        if required is None and not pod.node_selector:
            return None, Status.skip()
        if not required:
            return None, Status.success()
        names = _node_names_from_match_fields(required)
        if names is None:
            return None, Status.success()
        if not names:
            return None, Status.unresolvable(ERR_REASON_CONFLICT)
        return PreFilterResult(frozenset(names)), Status.success()

    # No add_pod/remove_pod: upstream's PreFilterExtensions() returns nil, so the preemption
    # what-ifs (framework/whatif.py) do not call this plugin for each pod added or removed.

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        if required_node_affinity_matches(pod, node_info.node):
            return Status.success()
        return Status.unresolvable(ERR_REASON_POD)

    def pre_score(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status:
        if not nodes:
            return Status.success()
        preferred = pod.node_affinity.preferred if pod.node_affinity is not None else ()
        if not preferred:
            return Status.skip()
        state.write(PRE_SCORE_STATE_KEY, preferred)
        return Status.success()

    def score(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> tuple[int, Status]:
        preferred = state.read(PRE_SCORE_STATE_KEY)
        if preferred is None:
            preferred = pod.node_affinity.preferred if pod.node_affinity is not None else ()
        return preferred_score(preferred, node_info.node), Status.success()

    def normalize_score(self, state: CycleState, pod: Pod, scores: dict[str, int]) -> Status | None:
        default_normalize_score(scores)
        return Status.success()

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        return [
            ev.ClusterEventWithHint(ev.NODE_ADD, self.is_schedulable_after_node_change),
            ev.ClusterEventWithHint(ev.NODE_LABEL_CHANGE, self.is_schedulable_after_node_change),
        ]

    def is_schedulable_after_node_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """Queue when the node now matches the required affinity and (for updates) did not before."""
        if not isinstance(new_obj, Node) or not required_node_affinity_matches(pod, new_obj):
            return ev.SKIP
        if not isinstance(old_obj, Node):
            return ev.QUEUE
        return ev.SKIP if required_node_affinity_matches(pod, old_obj) else ev.QUEUE


def _node_names_from_match_fields(terms: tuple[NodeSelectorTerm, ...]) -> set[str] | None:
    """PreFilter: if every term pins metadata.name In (...), the union of those names; else None."""
    union: set[str] = set()
    for term in terms:
        term_names: set[str] | None = None
        for req in term.match_fields:
            if req.key == OBJECT_NAME_FIELD and req.operator == "In":
                term_names = set(req.values) if term_names is None else term_names & set(req.values)
        if term_names is None:
            return None  # terms are ORed: this one allows every node
        union |= term_names
    return union
