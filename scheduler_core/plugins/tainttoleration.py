"""TaintToleration (plugins/tainttoleration/taint_toleration.go).

Filter: the first NoSchedule/NoExecute taint the pod does not tolerate rejects the node (U&U).
Score: the number of untolerated PreferNoSchedule taints, normalised in reverse (fewer is better).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import CycleState, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import Node, Pod, Taint, Toleration
from scheduler_core.plugins.helper import default_normalize_score

NAME = "TaintToleration"
PRE_SCORE_STATE_KEY = "PreScore" + NAME
_DO_NOT_SCHEDULE = ("NoSchedule", "NoExecute")


def find_matching_untolerated_taint(
    taints: Iterable[Taint], tolerations: Iterable[Toleration], effects: tuple[str, ...] = _DO_NOT_SCHEDULE
) -> Taint | None:
    """v1helper.FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc, in spec.taints order."""
    tolerations = tuple(tolerations)
    for taint in taints:
        if taint.effect in effects and not any(t.tolerates(taint) for t in tolerations):
            return taint
    return None


def _prefer_no_schedule_tolerations(pod: Pod) -> tuple[Toleration, ...]:
    """getAllTolerationPreferNoSchedule: tolerations with an empty or PreferNoSchedule effect."""
    return tuple(t for t in pod.tolerations if t.effect in ("", "PreferNoSchedule"))


def count_intolerable_prefer_no_schedule(taints: Iterable[Taint], tolerations: tuple[Toleration, ...]) -> int:
    return sum(
        1 for taint in taints
        if taint.effect == "PreferNoSchedule" and not any(t.tolerates(taint) for t in tolerations)
    )


def untolerated_reason(taint: Taint, named: bool = True) -> str:
    """Filter's reason: up to v1.34 it names the taint (value may be empty: "{key: }");
    v1.35's taint_toleration.go says only "node(s) had untolerated taint(s)"."""
    if not named:
        return "node(s) had untolerated taint(s)"
    return f"node(s) had untolerated taint {{{taint.key}: {taint.value}}}"


class TaintToleration:
    name: ClassVar[str] = NAME

    def __init__(self, untolerated_taint_named_in_reason: bool = True) -> None:
        self.named = untolerated_taint_named_in_reason

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        taint = find_matching_untolerated_taint(node_info.node.taints, pod.tolerations)
        if taint is None:
            return Status.success()
        return Status.unresolvable(untolerated_reason(taint, self.named))

    def pre_score(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status:
        if nodes:
            state.write(PRE_SCORE_STATE_KEY, _prefer_no_schedule_tolerations(pod))
        return Status.success()

    def score(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> tuple[int, Status]:
        tolerations = state.read(PRE_SCORE_STATE_KEY)
        if tolerations is None:
            tolerations = _prefer_no_schedule_tolerations(pod)
        return count_intolerable_prefer_no_schedule(node_info.node.taints, tolerations), Status.success()

    def normalize_score(self, state: CycleState, pod: Pod, scores: dict[str, int]) -> Status | None:
        default_normalize_score(scores, reverse=True)
        return Status.success()

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        return [
            ev.ClusterEventWithHint(ev.NODE_ADD, self.is_schedulable_after_node_change),
            ev.ClusterEventWithHint(ev.NODE_TAINT_CHANGE, self.is_schedulable_after_node_change),
            ev.ClusterEventWithHint(ev.POD_TOLERATION_CHANGE, self.is_schedulable_after_pod_toleration_change),
        ]

    def is_schedulable_after_node_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """Queue only if the pod was blocked by a taint before and is not any more."""
        if not isinstance(new_obj, Node):
            return ev.SKIP
        was_untolerated = not isinstance(old_obj, Node) or (
            find_matching_untolerated_taint(old_obj.taints, pod.tolerations) is not None
        )
        is_untolerated = find_matching_untolerated_taint(new_obj.taints, pod.tolerations) is not None
        return ev.QUEUE if was_untolerated and not is_untolerated else ev.SKIP

    def is_schedulable_after_pod_toleration_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        return ev.QUEUE if isinstance(new_obj, Pod) and new_obj.uid == pod.uid else ev.SKIP
