"""Pod requests as the resource plugins see them (component-helpers resource.PodRequests).

The aggregation itself lives in ``scheduler_core.objects.aggregate_requests`` so the Fit filter,
the scorers and NodeInfo's running totals share one implementation.
"""
from __future__ import annotations

from collections.abc import Mapping

from scheduler_core.objects import NON_MISSING_DEFAULTS, Pod, aggregate_requests


def pod_requests(pod: Pod, non_missing: Mapping[str, int] | None = None) -> dict[str, int]:
    """PodRequests (sidecar-aware) + overhead; ``non_missing`` fills absent container requests."""
    if not non_missing:
        return dict(pod.requests)
    return aggregate_requests(pod, non_missing)


def non_zero_pod_requests(pod: Pod) -> dict[str, int]:
    """Every resource the pod requests, with cpu/memory defaults for containers that state none."""
    return aggregate_requests(pod, NON_MISSING_DEFAULTS)
