"""Node resources plugins (pkg/scheduler/framework/plugins/noderesources)."""
from __future__ import annotations

from scheduler_core.plugins.noderesources.balanced_allocation import (
    NodeResourcesBalancedAllocation,
)
from scheduler_core.plugins.noderesources.fit import NodeResourcesFit
from scheduler_core.plugins.noderesources.resource_allocation import (
    LEAST_ALLOCATED,
    MOST_ALLOCATED,
    REQUESTED_TO_CAPACITY_RATIO,
    ResourceSpec,
    ScoringStrategy,
    UtilizationShapePoint,
)

__all__ = [
    "LEAST_ALLOCATED",
    "MOST_ALLOCATED",
    "REQUESTED_TO_CAPACITY_RATIO",
    "NodeResourcesBalancedAllocation",
    "NodeResourcesFit",
    "ResourceSpec",
    "ScoringStrategy",
    "UtilizationShapePoint",
]
