"""NodeResourcesFit (noderesources/fit.go): does the pod's request fit what is left on the node?

Filter reports every shortage ("Too many pods", "Insufficient cpu", ...). v1.34 (PR #131345):
U&U instead of U when the request alone exceeds the node's allocatable — no preemption can help.
Score: the configured strategy over non-zero requests (LeastAllocated by default).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import CycleState, PreFilterResult, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import CPU, EPHEMERAL_STORAGE, MEMORY, PODS, Node, Pod
from scheduler_core.plugins.noderesources.resource_allocation import (
    DEFAULT_RESOURCES,
    ScoringStrategy,
    build_scorer,
    pod_request_list,
    score_node,
)

NAME = "NodeResourcesFit"
PRE_FILTER_STATE_KEY = "PreFilter" + NAME
PRE_SCORE_STATE_KEY = "PreScore" + NAME
TOO_MANY_PODS = "Too many pods"
_NATIVE_ORDER = (CPU, MEMORY, EPHEMERAL_STORAGE)


@dataclass(frozen=True)
class InsufficientResource:
    resource_name: str
    reason: str
    unresolvable: bool = False


def fits_request(pod_request: Mapping[str, int], node_info: NodeInfo) -> list[InsufficientResource]:
    """fitsRequest: every shortage, cpu/memory/ephemeral-storage first, then other resources by name."""
    allocatable = node_info.node.allocatable
    out: list[InsufficientResource] = []
    if len(node_info.pods) + 1 > allocatable.get(PODS, 0):
        out.append(InsufficientResource(PODS, TOO_MANY_PODS))
    if not any(pod_request.get(name, 0) for name in pod_request):
        return out
    scalar = sorted(name for name in pod_request if name not in _NATIVE_ORDER and name != PODS)
    for name in _NATIVE_ORDER + tuple(scalar):
        wanted = pod_request.get(name, 0)
        if wanted <= 0:
            continue
        if wanted > allocatable.get(name, 0) - node_info.requested.get(name, 0):
            out.append(InsufficientResource(name, f"Insufficient {name}", wanted > allocatable.get(name, 0)))
    return out


def _pod_request(pod: Pod) -> dict[str, int]:
    """computePodResourceRequest: the filter uses actual requests (0 for best-effort pods)."""
    return dict(pod.requests)


class NodeResourcesFit:
    name: ClassVar[str] = NAME

    def __init__(
        self,
        scoring_strategy: str | ScoringStrategy = "LeastAllocated",
        unresolvable_when_exceeds_allocatable: bool = True,
        *,
        unresolvable_when_exceeding_allocatable: bool | None = None,
    ) -> None:
        """``unresolvable_when_exceeding_allocatable`` is the registry's spelling of the same switch."""
        if isinstance(scoring_strategy, str):
            scoring_strategy = ScoringStrategy(type=scoring_strategy)
        self.scoring_strategy = scoring_strategy
        self.resources = scoring_strategy.resources or DEFAULT_RESOURCES
        self.scorer = build_scorer(scoring_strategy)
        if unresolvable_when_exceeding_allocatable is not None:
            unresolvable_when_exceeds_allocatable = unresolvable_when_exceeding_allocatable
        self.unresolvable_when_exceeds_allocatable = unresolvable_when_exceeds_allocatable

    # -- PreFilter / Filter ----------------------------------------------------------------------
    def pre_filter(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[PreFilterResult | None, Status]:
        state.write(PRE_FILTER_STATE_KEY, _pod_request(pod))
        return None, Status.success()

    # No add_pod/remove_pod: upstream's PreFilterExtensions() returns nil, so the preemption
    # what-ifs (framework/whatif.py) do not call this plugin for each pod added or removed.

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        request = state.read(PRE_FILTER_STATE_KEY)
        if request is None:
            request = _pod_request(pod)
        shortages = fits_request(request, node_info)
        if not shortages:
            return Status.success()
        reasons = tuple(s.reason for s in shortages)
        if self.unresolvable_when_exceeds_allocatable and any(s.unresolvable for s in shortages):
            return Status.unresolvable(*reasons)
        return Status.unschedulable(*reasons)

    # -- PreScore / Score --------------------------------------------------------------------------
    def pre_score(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status:
        state.write(PRE_SCORE_STATE_KEY, pod_request_list(pod, self.resources, use_requested=False))
        return Status.success()

    def score(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> tuple[int, Status]:
        pod_reqs = state.read(PRE_SCORE_STATE_KEY)
        if pod_reqs is None:
            pod_reqs = pod_request_list(pod, self.resources, use_requested=False)
        return score_node(node_info, self.resources, pod_reqs, self.scorer, use_requested=False), Status.success()

    # -- QueueingHints -----------------------------------------------------------------------------
    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        return [
            ev.ClusterEventWithHint(ev.POD_DELETE, self.is_schedulable_after_pod_event),
            ev.ClusterEventWithHint(
                ev.POD_SCALE_DOWN, self.is_schedulable_after_pod_event
            ),
            ev.ClusterEventWithHint(ev.NODE_ADD, self.is_schedulable_after_node_change),
            ev.ClusterEventWithHint(ev.NODE_ALLOCATABLE_CHANGE, self.is_schedulable_after_node_change),
        ]

    def is_schedulable_after_pod_event(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """Deleted assigned (or nominated) pods free resources; a scale-down helps if a resource we need shrank."""
        if new_obj is None:
            if isinstance(old_obj, Pod) and (old_obj.node_name or old_obj.nominated_node_name):
                return ev.QUEUE
            return ev.SKIP
        if not isinstance(old_obj, Pod) or not isinstance(new_obj, Pod):
            return ev.SKIP
        return ev.QUEUE if _is_resource_scale_down(pod, old_obj, new_obj) else ev.SKIP

    def is_schedulable_after_node_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """Queue if the pod fits the (empty) node and, for updates, something it needs grew."""
        if not isinstance(new_obj, Node) or fits_request(_pod_request(pod), NodeInfo(new_obj)):
            return ev.SKIP
        if not isinstance(old_obj, Node):
            return ev.QUEUE
        return ev.QUEUE if _any_requested_resource_increased(pod, old_obj, new_obj) else ev.SKIP


def _is_resource_scale_down(target: Pod, original: Pod, modified: Pod) -> bool:
    """isSchedulableAfterPodScaleDown: the pod itself, or an assigned pod shrinking what we need."""
    if modified.uid == target.uid:
        return True
    if not modified.node_name:
        return False
    before, after = original.requests, modified.requests
    return any(
        amount and before.get(name, 0) > after.get(name, 0) for name, amount in target.requests.items()
    )


def _any_requested_resource_increased(pod: Pod, original: Node, modified: Node) -> bool:
    """haveAnyRequestedResourcesIncreased."""
    if modified.allocatable.get(PODS, 0) > original.allocatable.get(PODS, 0):
        return True
    return any(
        amount > 0 and modified.allocatable.get(name, 0) > original.allocatable.get(name, 0)
        for name, amount in pod.requests.items()
    )
