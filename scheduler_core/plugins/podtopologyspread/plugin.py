"""The PodTopologySpread plugin: extension points and queueing hints (podtopologyspread/plugin.go)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import CycleState, PreFilterResult, Status
from scheduler_core.framework.nodeinfo import AllNodes
from scheduler_core.objects import Node, Pod
from scheduler_core.plugins.podtopologyspread.common import (
    DO_NOT_SCHEDULE,
    HONOR,
    filter_constraints,
    node_labels_match_spread_constraints,
    terminating_lookup,
)
from scheduler_core.plugins.podtopologyspread.filtering import (
    ERR_REASON_CONSTRAINTS_NOT_MATCH,
    ERR_REASON_NODE_LABEL_NOT_MATCH,
    PreFilterState,
)
from scheduler_core.plugins.podtopologyspread.scoring import PreScoreState

if TYPE_CHECKING:
    from scheduler_core.framework.handle import Handle
    from scheduler_core.framework.nodeinfo import NodeInfo

NAME = "PodTopologySpread"
PRE_FILTER_STATE_KEY = "PreFilter" + NAME
PRE_SCORE_STATE_KEY = "PreScore" + NAME
ALL_NODES_STATE_KEY = "AllNodes" + NAME


class PodTopologySpread:
    """PodTopologySpread without default constraints (see the package docstring)."""

    name = NAME

    def __init__(self, queueing_hints: bool = True, handle: Handle | None = None) -> None:
        # Without QueueingHints upstream does not register Pod/UpdatePodToleration.
        self.queueing_hints = queueing_hints
        self._terminating = terminating_lookup(handle)

    # -- PreFilter / Filter --------------------------------------------------------------------

    def pre_filter(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[PreFilterResult | None, Status]:
        state.write(ALL_NODES_STATE_KEY, AllNodes(nodes))
        s = PreFilterState.compute(pod, nodes, self._terminating)
        if not s.constraints:
            return None, Status.skip()
        state.write(PRE_FILTER_STATE_KEY, s)
        return None, Status.success()

    def add_pod(self, state: CycleState, pod: Pod, pod_to_add: Pod, node_info: NodeInfo) -> Status:
        return self._update(state, pod, pod_to_add, node_info, +1)

    def remove_pod(self, state: CycleState, pod: Pod, pod_to_remove: Pod, node_info: NodeInfo) -> Status:
        return self._update(state, pod, pod_to_remove, node_info, -1)

    def _update(self, state: CycleState, preemptor: Pod, updated: Pod, node_info: NodeInfo, delta: int) -> Status:
        s = state.read(PRE_FILTER_STATE_KEY)
        if not isinstance(s, PreFilterState):
            return _missing(PRE_FILTER_STATE_KEY)
        s.update_with_pod(updated, preemptor, node_info.node, delta)
        return Status.success()

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        s = state.read(PRE_FILTER_STATE_KEY)
        if not isinstance(s, PreFilterState):
            return _missing(PRE_FILTER_STATE_KEY)
        labels = node_info.node.labels
        for i, c in enumerate(s.constraints):
            value = labels.get(c.topology_key)
            if value is None:
                return Status.unresolvable(ERR_REASON_NODE_LABEL_NOT_MATCH, plugin=NAME)
            if s.skew_exceeded(i, pod, value):
                return Status.unschedulable(ERR_REASON_CONSTRAINTS_NOT_MATCH, plugin=NAME)
        return Status.success()

    # -- PreScore / Score ----------------------------------------------------------------------

    def pre_score(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status:
        saved = state.read(ALL_NODES_STATE_KEY)
        all_nodes = saved.nodes if isinstance(saved, AllNodes) else nodes
        if not all_nodes:
            return Status.skip()
        s = PreScoreState.compute(pod, nodes, all_nodes, self._terminating)
        if not s.constraints:
            return Status.skip()
        state.write(PRE_SCORE_STATE_KEY, s)
        return Status.success()

    def score(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> tuple[int, Status]:
        s = state.read(PRE_SCORE_STATE_KEY)
        if not isinstance(s, PreScoreState):
            return 0, _missing(PRE_SCORE_STATE_KEY)
        return s.score(pod, node_info), Status.success()

    def normalize_score(self, state: CycleState, pod: Pod, scores: dict[str, int]) -> Status | None:
        s = state.read(PRE_SCORE_STATE_KEY)
        if not isinstance(s, PreScoreState):
            return _missing(PRE_SCORE_STATE_KEY)
        s.normalize(scores)
        return Status.success()

    # -- Queueing hints ------------------------------------------------------------------------

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        """EventsToRegister: pods added, relabelled (or given tolerations) or deleted; node add/delete/label/taint."""
        pod_hint, node_hint = self.is_schedulable_after_pod_change, self.is_schedulable_after_node_change
        pod_events = [ev.POD_ADD, ev.POD_LABEL_CHANGE, ev.POD_DELETE]
        if self.queueing_hints:
            pod_events.insert(2, ev.POD_TOLERATION_CHANGE)
        return [ev.ClusterEventWithHint(e, pod_hint) for e in pod_events] + [
            ev.ClusterEventWithHint(e, node_hint)
            for e in (ev.NODE_ADD, ev.NODE_DELETE, ev.NODE_LABEL_CHANGE, ev.NODE_TAINT_CHANGE)
        ]

    def is_schedulable_after_pod_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """isSchedulableAfterPodChange: assigned pods in the same namespace, or the pod itself."""
        original = old_obj if isinstance(old_obj, Pod) else None
        modified = new_obj if isinstance(new_obj, Pod) else None
        if any(p is not None and not _involved(p, pod) for p in (original, modified)):
            return ev.SKIP
        constraints = filter_constraints(pod, DO_NOT_SCHEDULE)
        if modified is not None and original is not None:
            honors_taints = any(c.node_taints_policy == HONOR for c in constraints)
            if modified.uid == pod.uid and modified.tolerations != original.tolerations and honors_taints:
                return ev.QUEUE
            if dict(modified.labels) == dict(original.labels):
                return ev.SKIP
            changed = any(c.matches(original.labels) != c.matches(modified.labels) for c in constraints)
            return ev.QUEUE if changed else ev.SKIP
        changed_pod = modified or original
        if changed_pod is None:
            return ev.QUEUE
        return ev.QUEUE if any(c.matches(changed_pod.labels) for c in constraints) else ev.SKIP

    def is_schedulable_after_node_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """isSchedulableAfterNodeChange: a node entering, leaving or changing a spread domain."""
        original = old_obj if isinstance(old_obj, Node) else None
        modified = new_obj if isinstance(new_obj, Node) else None
        constraints = filter_constraints(pod, DO_NOT_SCHEDULE)
        original_matching = original is not None and node_labels_match_spread_constraints(original.labels, constraints)
        modified_matching = modified is not None and node_labels_match_spread_constraints(modified.labels, constraints)
        if original is not None and modified is not None:
            if original_matching != modified_matching:
                return ev.QUEUE
            keys_changed = any(original.labels.get(c.topology_key) != modified.labels.get(c.topology_key) for c in constraints)
            if modified_matching and (keys_changed or original.taints != modified.taints):
                return ev.QUEUE
            return ev.SKIP
        if modified is not None:
            return ev.QUEUE if modified_matching else ev.SKIP
        return ev.QUEUE if original_matching else ev.SKIP


def _involved(changed: Pod, pod: Pod) -> bool:
    """involvedInTopologySpreading: the pod itself, or an assigned pod of its namespace."""
    return changed.uid == pod.uid or (bool(changed.node_name) and changed.namespace == pod.namespace)


def _missing(key: str) -> Status:
    return Status.error(f'reading "{key}" from cycleState: not found', plugin=NAME)
