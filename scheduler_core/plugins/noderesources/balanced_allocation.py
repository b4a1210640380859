"""NodeResourcesBalancedAllocation (noderesources/balanced_allocation.go).

Favours nodes where the pod leaves cpu and memory equally used: 100 × (1 − std of the usage
fractions). Uses actual requests, and skips best-effort pods entirely (PreScore Skip, #129138).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from scheduler_core.framework.interface import MAX_NODE_SCORE, CycleState, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import Pod
from scheduler_core.plugins.noderesources.resource_allocation import (
    DEFAULT_RESOURCES,
    ResourceSpec,
    pod_request_list,
    score_node,
)

NAME = "NodeResourcesBalancedAllocation"
PRE_SCORE_STATE_KEY = "PreScore" + NAME


def balanced_resource_scorer(requested: Sequence[int], allocatable: Sequence[int]) -> int:
    fractions = [min(r / a, 1.0) for r, a in zip(requested, allocatable) if a != 0]
    std = 0.0
    if len(fractions) == 2:
        std = abs((fractions[0] - fractions[1]) / 2)
    elif len(fractions) > 2:
        mean = sum(fractions) / len(fractions)
        std = math.sqrt(sum((f - mean) ** 2 for f in fractions) / len(fractions))
    return int((1 - std) * MAX_NODE_SCORE)


class NodeResourcesBalancedAllocation:
    name: ClassVar[str] = NAME

    def __init__(self, resources: Sequence[ResourceSpec] = DEFAULT_RESOURCES) -> None:
        self.resources = tuple(resources)

    def pre_score(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status:
        pod_reqs = pod_request_list(pod, self.resources, use_requested=True)
        if not any(pod_reqs):
            return Status.skip()
        state.write(PRE_SCORE_STATE_KEY, pod_reqs)
        return Status.success()

    def score(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> tuple[int, Status]:
        pod_reqs = state.read(PRE_SCORE_STATE_KEY)
        if pod_reqs is None:
            pod_reqs = pod_request_list(pod, self.resources, use_requested=True)
        return (
            score_node(node_info, self.resources, pod_reqs, balanced_resource_scorer, use_requested=True),
            Status.success(),
        )
