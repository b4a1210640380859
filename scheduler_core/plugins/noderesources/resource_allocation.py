"""resourceAllocationScorer (noderesources/resource_allocation.go) and the three fit strategies.

Scores per resource are integers computed exactly as upstream (Go integer division), then a
weighted average over resources the node has (allocatable > 0).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scheduler_core.framework.interface import MAX_NODE_SCORE
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import CPU, EPHEMERAL_STORAGE, MEMORY, Pod
from scheduler_core.plugins.helper import go_div
from scheduler_core.plugins.noderesources.requests import (
    non_zero_pod_requests,
    pod_requests,
)

LEAST_ALLOCATED = "LeastAllocated"
MOST_ALLOCATED = "MostAllocated"
REQUESTED_TO_CAPACITY_RATIO = "RequestedToCapacityRatio"
MAX_CUSTOM_PRIORITY_SCORE = 10  # config.MaxCustomPriorityScore: shape scores are 0..10
MAX_UTILIZATION = 100


@dataclass(frozen=True)
class ResourceSpec:
    name: str
    weight: int = 1


@dataclass(frozen=True)
class UtilizationShapePoint:
    utilization: int  # 0..100
    score: int  # 0..10


DEFAULT_RESOURCES = (ResourceSpec(CPU, 1), ResourceSpec(MEMORY, 1))
# Used when RequestedToCapacityRatio is chosen by name only: favours fuller nodes, like MostAllocated.
DEFAULT_SHAPE = (UtilizationShapePoint(0, 0), UtilizationShapePoint(100, 10))


@dataclass(frozen=True)
class ScoringStrategy:
    """config.ScoringStrategy (NodeResourcesFitArgs.scoringStrategy)."""

    type: str = LEAST_ALLOCATED
    resources: tuple[ResourceSpec, ...] = DEFAULT_RESOURCES
    shape: tuple[UtilizationShapePoint, ...] = DEFAULT_SHAPE


Scorer = Callable[[Sequence[int], Sequence[int]], int]


def is_scalar_resource(name: str) -> bool:
    """schedutil.IsScalarResourceName: extended, hugepages-*, attachable-volumes-*, native prefixed."""
    return name not in (CPU, MEMORY, EPHEMERAL_STORAGE, "pods")


def pod_request_list(pod: Pod, resources: Sequence[ResourceSpec], *, use_requested: bool) -> list[int]:
    """calculatePodResourceRequestList: non-zero defaults unless use_requested."""
    reqs = pod_requests(pod) if use_requested else non_zero_pod_requests(pod)
    return [reqs.get(r.name, 0) for r in resources]


def allocatable_and_requested(node_info: NodeInfo, resource: str, pod_request: int, *, use_requested: bool) -> tuple[int, int]:
    """calculateResourceAllocatableRequest: (0, 0) means "skip this resource"."""
    if pod_request == 0 and is_scalar_resource(resource):
        return 0, 0
    allocatable = node_info.node.allocatable
    if resource in (CPU, MEMORY):
        requested = node_info.requested if use_requested else node_info.non_zero_requested
        return allocatable.get(resource, 0), requested.get(resource, 0) + pod_request
    if resource in allocatable:
        return allocatable[resource], node_info.requested.get(resource, 0) + pod_request
    return 0, 0


def score_node(
    node_info: NodeInfo, resources: Sequence[ResourceSpec], pod_reqs: Sequence[int], scorer: Scorer,
    *, use_requested: bool,
) -> int:
    """resourceAllocationScorer.score."""
    requested = [0] * len(resources)
    allocatable = [0] * len(resources)
    for i, spec in enumerate(resources):
        alloc, req = allocatable_and_requested(node_info, spec.name, pod_reqs[i], use_requested=use_requested)
        if alloc == 0:
            continue
        allocatable[i], requested[i] = alloc, req
    return scorer(requested, allocatable)


def least_requested_score(requested: int, capacity: int) -> int:
    if capacity == 0 or requested > capacity:
        return 0
    return (capacity - requested) * MAX_NODE_SCORE // capacity


def most_requested_score(requested: int, capacity: int) -> int:
    if capacity == 0:
        return 0
    # Pods without requests count the non-zero defaults, so requested may exceed capacity.
    return min(requested, capacity) * MAX_NODE_SCORE // capacity


def _weighted_average(resources: Sequence[ResourceSpec], per_resource: Callable[[int, int], int]) -> Scorer:
    def scorer(requested: Sequence[int], allocatable: Sequence[int]) -> int:
        total = weights = 0
        for i, spec in enumerate(resources):
            if allocatable[i] == 0:
                continue
            total += per_resource(requested[i], allocatable[i]) * spec.weight
            weights += spec.weight
        return total // weights if weights else 0

    return scorer


def broken_linear_function(shape: Sequence[tuple[int, int]]) -> Callable[[int], int]:
    """helper.BuildBrokenLinearFunction over (utilization, score) points sorted by utilization."""

    def f(p: int) -> int:
        for i, (utilization, score) in enumerate(shape):
            if p <= utilization:
                if i == 0:
                    return shape[0][1]
                prev_u, prev_s = shape[i - 1]
                return prev_s + go_div((score - prev_s) * (p - prev_u), utilization - prev_u)
        return shape[-1][1]

    return f


def requested_to_capacity_ratio_scorer(resources: Sequence[ResourceSpec], shape: Sequence[UtilizationShapePoint]) -> Scorer:
    scale = MAX_NODE_SCORE // MAX_CUSTOM_PRIORITY_SCORE
    raw = broken_linear_function([(p.utilization, p.score * scale) for p in shape])

    def resource_score(requested: int, capacity: int) -> int:
        if capacity == 0 or requested > capacity:
            return raw(MAX_UTILIZATION)
        return raw(requested * MAX_UTILIZATION // capacity)

    def scorer(requested: Sequence[int], allocatable: Sequence[int]) -> int:
        total = weights = 0
        for i, spec in enumerate(resources):
            if allocatable[i] == 0:
                continue
            score = resource_score(requested[i], allocatable[i])
            if score > 0:  # upstream leaves zero-scoring resources out of the average
                total += score * spec.weight
                weights += spec.weight
        return _go_round(total, weights) if weights else 0

    return scorer


def _go_round(numerator: int, denominator: int) -> int:
    """int64(math.Round(float64(n) / float64(d))): halves round away from zero."""
    q, r = divmod(numerator, denominator)
    return q + 1 if 2 * r >= denominator else q


def build_scorer(strategy: ScoringStrategy) -> Scorer:
    if strategy.type == LEAST_ALLOCATED:
        return _weighted_average(strategy.resources, least_requested_score)
    if strategy.type == MOST_ALLOCATED:
        return _weighted_average(strategy.resources, most_requested_score)
    if strategy.type == REQUESTED_TO_CAPACITY_RATIO:
        return requested_to_capacity_ratio_scorer(strategy.resources, strategy.shape)
    raise ValueError(f"scoring strategy {strategy.type!r} is not supported")
