"""Pod requests as the resource plugins see them (component-helpers resource.PodRequests).

``non_zero_pod_requests`` applies the scheduler's defaults (100m cpu, 200Mi memory) to each
container that does not state a request — per container, like NonMissingContainerRequests, so
a pod with two request-less containers counts 200m. An explicit 0 stays 0.
"""
from __future__ import annotations

from collections.abc import Mapping

from scheduler_core.framework.nodeinfo import (
    DEFAULT_MEMORY_REQUEST,
    DEFAULT_MILLI_CPU_REQUEST,
)
from scheduler_core.objects import CPU, MEMORY, Container, Pod

NON_MISSING_DEFAULTS: Mapping[str, int] = {CPU: DEFAULT_MILLI_CPU_REQUEST, MEMORY: DEFAULT_MEMORY_REQUEST}


def _container_requests(c: Container, non_missing: Mapping[str, int]) -> dict[str, int]:
    reqs = dict(c.requests)
    for name, amount in non_missing.items():
        reqs.setdefault(name, amount)
    return reqs


def _add(acc: dict[str, int], more: Mapping[str, int]) -> None:
    for name, amount in more.items():
        acc[name] = acc.get(name, 0) + amount


def _max(acc: dict[str, int], other: Mapping[str, int]) -> None:
    for name, amount in other.items():
        acc[name] = max(acc.get(name, 0), amount)


def pod_requests(pod: Pod, non_missing: Mapping[str, int] | None = None) -> dict[str, int]:
    """AggregateContainerRequests (sidecar-aware) + overhead; ``non_missing`` fills absent requests."""
    if not non_missing:
        return dict(pod.requests)
    total: dict[str, int] = {}
    for c in pod.containers:
        _add(total, _container_requests(c, non_missing))
    sidecars: dict[str, int] = {}
    init_max: dict[str, int] = {}
    for c in pod.init_containers:
        reqs = _container_requests(c, non_missing)
        if c.is_sidecar:
            _add(total, reqs)
            _add(sidecars, reqs)
            current = dict(sidecars)
        else:
            current = dict(reqs)
            _add(current, sidecars)
        _max(init_max, current)
    _max(total, init_max)
    _add(total, pod.overhead)
    return total


def non_zero_pod_requests(pod: Pod) -> dict[str, int]:
    return pod_requests(pod, NON_MISSING_DEFAULTS)
