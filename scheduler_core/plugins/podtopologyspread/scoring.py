"""PodTopologySpread PreScore/Score/NormalizeScore (podtopologyspread/scoring.go).

Raw score per node = Σ over ``ScheduleAnyway`` constraints of
``matching pods in the node's domain × log(#domains + 2) + (maxSkew − 1)``, rounded half away from
zero; normalised as ``100 × (max + min − s) / max`` so fewer matching pods score higher. Nodes
missing a topology key score 0. Hostname counts are taken per node in Score.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scheduler_core.framework.interface import MAX_NODE_SCORE
from scheduler_core.objects import Pod
from scheduler_core.plugins.podtopologyspread.common import (
    SCHEDULE_ANYWAY,
    Constraint,
    TerminatingFn,
    count_pods_match_selector,
    filter_constraints,
    is_terminating,
    node_labels_match_spread_constraints,
)

if TYPE_CHECKING:
    from scheduler_core.framework.nodeinfo import NodeInfo

LABEL_HOSTNAME = "kubernetes.io/hostname"


@dataclass
class PreScoreState:
    """preScoreState. Not changed after PreScore, so clone() shares it."""

    constraints: tuple[Constraint, ...]
    ignored_nodes: set[str]
    topology_value_to_pod_counts: list[dict[str, int]]
    topology_normalizing_weight: list[float]
    terminating: TerminatingFn = is_terminating

    def clone(self) -> PreScoreState:
        return self

    @classmethod
    def compute(
        cls, pod: Pod, filtered_nodes: list[NodeInfo], all_nodes: list[NodeInfo], terminating: TerminatingFn = is_terminating
    ) -> PreScoreState:
        """initPreScoreState over the candidate nodes, then count matching pods on all nodes."""
        s = cls._domains_of(pod, filtered_nodes)
        s.terminating = terminating
        for node_info in all_nodes if s.constraints else ():
            node = node_info.node
            if not node_labels_match_spread_constraints(node.labels, s.constraints):
                continue
            for i, c in enumerate(s.constraints):
                counts, value = s.topology_value_to_pod_counts[i], node.labels[c.topology_key]
                # Only domains of candidate nodes are counted; hostname counts are taken in Score.
                if value in counts and c.match_node_inclusion_policies(pod, node):
                    counts[value] += count_pods_match_selector(node_info.pods.values(), c, pod.namespace, terminating)
        return s

    @classmethod
    def _domains_of(cls, pod: Pod, filtered_nodes: list[NodeInfo]) -> PreScoreState:
        """initPreScoreState: candidate domains and each constraint's normalizing weight."""
        constraints = filter_constraints(pod, SCHEDULE_ANYWAY)
        s = cls(constraints, set(), [{} for _ in constraints], [])
        if not constraints:
            # initPreScoreState returns before looking at a node when the pod has no soft
            # constraints (no system defaults in the model); PreScore then returns Skip.
            return s
        for node_info in filtered_nodes:
            labels = node_info.node.labels
            if not node_labels_match_spread_constraints(labels, constraints):
                s.ignored_nodes.add(node_info.node.name)
                continue
            for i, c in enumerate(constraints):
                if c.topology_key != LABEL_HOSTNAME:
                    s.topology_value_to_pod_counts[i].setdefault(labels[c.topology_key], 0)
        for i, c in enumerate(constraints):
            if c.topology_key == LABEL_HOSTNAME:
                size = len(filtered_nodes) - len(s.ignored_nodes)
            else:
                size = len(s.topology_value_to_pod_counts[i])
            s.topology_normalizing_weight.append(topology_normalizing_weight(size))
        return s

    def score(self, pod: Pod, node_info: NodeInfo) -> int:
        node = node_info.node
        if node.name in self.ignored_nodes:
            return 0
        total = 0.0
        for i, c in enumerate(self.constraints):
            value = node.labels.get(c.topology_key)
            if value is None:
                continue
            if c.topology_key == LABEL_HOSTNAME:
                count = count_pods_match_selector(node_info.pods.values(), c, pod.namespace, self.terminating)
            else:
                count = self.topology_value_to_pod_counts[i].get(value, 0)
            total += score_for_count(count, c.max_skew, self.topology_normalizing_weight[i])
        return math.floor(total + 0.5)  # Go math.Round: half away from zero (scores are >= 0)

    def normalize(self, scores: dict[str, int]) -> None:
        counted = [v for name, v in scores.items() if name not in self.ignored_nodes]
        low, high = (min(counted), max(0, max(counted))) if counted else (0, 0)
        for name, value in scores.items():
            if name in self.ignored_nodes:
                scores[name] = 0
            elif high == 0:
                scores[name] = MAX_NODE_SCORE
            else:
                scores[name] = MAX_NODE_SCORE * (high + low - value) // high


def topology_normalizing_weight(size: int) -> float:
    """log(size + 2): counts in small topologies are not watered down by big ones."""
    return math.log(size + 2)


def score_for_count(count: int, max_skew: int, tp_weight: float) -> float:
    """scoreForCount: maxSkew − 1 waters down differences between domains."""
    return count * tp_weight + (max_skew - 1)
