"""PodTopologySpread PreFilter/Filter state (podtopologyspread/filtering.go).

PreFilter counts matching pods per eligible domain for every ``DoNotSchedule`` constraint; Filter
then checks ``count + self-match - global minimum <= maxSkew`` in O(constraints) per node.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scheduler_core.objects import Node, Pod
from scheduler_core.plugins.podtopologyspread.common import (
    DO_NOT_SCHEDULE,
    Constraint,
    TerminatingFn,
    count_pods_match_selector,
    filter_constraints,
    is_terminating,
    node_labels_match_spread_constraints,
)

if TYPE_CHECKING:
    from scheduler_core.framework.nodeinfo import NodeInfo

ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints"
ERR_REASON_NODE_LABEL_NOT_MATCH = ERR_REASON_CONSTRAINTS_NOT_MATCH + " (missing required label)"

_NO_DOMAIN_MIN = 2**31 - 1  # math.MaxInt32: the minimum while no domain is eligible


@dataclass
class PreFilterState:
    """preFilterState. Mutable under add_pod/remove_pod; clone() copies.

    ``min_match_num[i]`` stays exact under the framework's one-pod-at-a-time updates thanks to a
    histogram of how many domains hold each count, so Filter never rescans the domains. (v1.34 keeps
    only the two smallest domains, ``criticalPaths``, which can lag after additions to several
    domains; the framework adds or removes pods on one node per what-if, where the two agree.)
    """

    constraints: tuple[Constraint, ...]
    tp_value_to_match_num: list[dict[str, int]] = field(default_factory=list)
    domains_at_count: list[dict[int, int]] = field(default_factory=list)
    min_match_num: list[int] = field(default_factory=list)

    @classmethod
    def compute(cls, pod: Pod, nodes: list[NodeInfo], terminating: TerminatingFn = is_terminating) -> PreFilterState:
        """calPreFilterState: matching pods per eligible domain, per hard constraint."""
        s = cls(filter_constraints(pod, DO_NOT_SCHEDULE))
        if not s.constraints:
            # calPreFilterState: `if len(constraints) == 0 { return &preFilterState{}, nil }` — before
            # touching any node, so pods without hard constraints cost nothing (PreFilter → Skip).
            return s
        s.tp_value_to_match_num = [{} for _ in s.constraints]
        for node_info in nodes:
            node = node_info.node
            if not node_labels_match_spread_constraints(node.labels, s.constraints):
                continue
            for i, c in enumerate(s.constraints):
                if c.match_node_inclusion_policies(pod, node):
                    counts, value = s.tp_value_to_match_num[i], node.labels[c.topology_key]
                    counts[value] = counts.get(value, 0) + count_pods_match_selector(node_info.pods.values(), c, pod.namespace, terminating)
        s._index_counts()
        return s

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

    def skew_exceeded(self, i: int, pod: Pod, topology_value: str) -> bool:
        """'existing matching num' + 'self-match (1 or 0)' - 'global minimum' > 'maxSkew'."""
        c = self.constraints[i]
        self_match = 1 if c.matches(pod.labels) else 0
        return self.tp_value_to_match_num[i].get(topology_value, 0) + self_match - self.global_min(i) > c.max_skew

    def update_with_pod(self, updated: Pod, preemptor: Pod, node: Node, delta: int) -> None:
        """PodTopologySpread.updateWithPod: a pod added to or removed from ``node``."""
        if updated.namespace != preemptor.namespace or not node_labels_match_spread_constraints(node.labels, self.constraints):
            return
        for i, c in enumerate(self.constraints):
            if c.matches(updated.labels) and c.match_node_inclusion_policies(preemptor, node):
                self._move(i, node.labels[c.topology_key], delta)

    def _index_counts(self) -> None:
        self.domains_at_count = [{} for _ in self.constraints]
        self.min_match_num = [_NO_DOMAIN_MIN] * len(self.constraints)
        for i, counts in enumerate(self.tp_value_to_match_num):
            for n in counts.values():
                self.domains_at_count[i][n] = self.domains_at_count[i].get(n, 0) + 1
                self.min_match_num[i] = min(self.min_match_num[i], n)

    def _move(self, i: int, value: str, delta: int) -> None:
        counts, hist = self.tp_value_to_match_num[i], self.domains_at_count[i]
        old = counts.get(value)
        cur = counts[value] = (old or 0) + delta
        if old is not None:
            hist[old] -= 1
            if hist[old] == 0:
                del hist[old]
        hist[cur] = hist.get(cur, 0) + 1
        # Going down can only lower the minimum; going up from the last domain at the minimum
        # makes cur (= old + 1) the new minimum, since every other domain holds at least old + 1.
        if cur < self.min_match_num[i] or (old == self.min_match_num[i] and old not in hist):
            self.min_match_num[i] = cur
