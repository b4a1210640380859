"""The InterPodAffinity plugin: extension points and queueing hints (interpodaffinity/plugin.go)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import CycleState, PreFilterResult, Status
from scheduler_core.framework.nodeinfo import AllNodes
from scheduler_core.objects import Node, Pod
from scheduler_core.plugins.interpodaffinity.filtering import (
    ERR_REASON_AFFINITY_RULES_NOT_MATCH,
    ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH,
    ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,
    PreFilterState,
)
from scheduler_core.plugins.interpodaffinity.scoring import (
    PreScoreState,
    ScoreMap,
    normalize,
    process_existing_pod,
)
from scheduler_core.plugins.interpodaffinity.terms import (
    ImplicitNamespaces,
    NamespaceLister,
    PodAffinityInfo,
    pod_matches_all_affinity_terms,
)

if TYPE_CHECKING:
    from scheduler_core.framework.handle import Handle
    from scheduler_core.framework.nodeinfo import NodeInfo

NAME = "InterPodAffinity"
PRE_FILTER_STATE_KEY = "PreFilter" + NAME
PRE_SCORE_STATE_KEY = "PreScore" + NAME
ALL_NODES_STATE_KEY = "AllNodes" + NAME
DEFAULT_HARD_POD_AFFINITY_WEIGHT = 1


class InterPodAffinity:
    """InterPodAffinity with InterPodAffinityArgs (hardPodAffinityWeight 1, ignorePreferredTermsOfExistingPods false).

    ``queue_on_deleted_pods_anti_affinity``: v1.35 (PR #135325) also requeues a pod when a deleted
    pod's own anti-affinity had repelled it; v1.34 does not (issue #134393), leaving such pods to the
    5-minute flush. None = decided by ``config.version``.
    """

    name = NAME

    def __init__(
        self,
        hard_pod_affinity_weight: int = DEFAULT_HARD_POD_AFFINITY_WEIGHT,
        ignore_preferred_terms_of_existing_pods: bool = False,
        queue_on_deleted_pods_anti_affinity: bool | None = None,
        config: Any = None,
        handle: Handle | None = None,
    ) -> None:
        self._handle = handle  # its ``cluster`` is the snapshot (SharedLister)
        self.hard_pod_affinity_weight = hard_pod_affinity_weight
        self.ignore_preferred_terms_of_existing_pods = ignore_preferred_terms_of_existing_pods
        if queue_on_deleted_pods_anti_affinity is None:
            queue_on_deleted_pods_anti_affinity = _version(getattr(config, "version", "")) >= (1, 35)
        self.queue_on_deleted_pods_anti_affinity = queue_on_deleted_pods_anti_affinity

    # -- PreFilter / Filter --------------------------------------------------------------------

    def pre_filter(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[PreFilterResult | None, Status]:
        state.write(ALL_NODES_STATE_KEY, AllNodes(nodes))
        # Upstream PreFilter: existing pods' anti-affinity is read from
        # HavePodsWithRequiredAntiAffinityList only, never from every node.
        s = PreFilterState.compute(pod, nodes, self._nodes_having(nodes, required_anti_affinity=True),
                                   self._namespace_lister(pod, nodes))
        if s.is_irrelevant:
            return None, Status.skip()
        state.write(PRE_FILTER_STATE_KEY, s)
        return None, Status.success()

    def add_pod(self, state: CycleState, pod: Pod, pod_to_add: Pod, node_info: NodeInfo) -> Status:
        return self._update(state, pod_to_add, node_info, +1)

    def remove_pod(self, state: CycleState, pod: Pod, pod_to_remove: Pod, node_info: NodeInfo) -> Status:
        return self._update(state, pod_to_remove, node_info, -1)

    def _update(self, state: CycleState, pod: Pod, node_info: NodeInfo, multiplier: int) -> Status:
        s = state.read(PRE_FILTER_STATE_KEY)
        if not isinstance(s, PreFilterState):
            return _missing(PRE_FILTER_STATE_KEY)
        s.update_with_pod(pod, node_info.node, multiplier)
        return Status.success()

    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status:
        s = state.read(PRE_FILTER_STATE_KEY)
        if not isinstance(s, PreFilterState):
            return _missing(PRE_FILTER_STATE_KEY)
        node = node_info.node
        if not s.satisfies_pod_affinity(node):
            return Status.unresolvable(ERR_REASON_AFFINITY_RULES_NOT_MATCH, plugin=NAME)
        if not s.satisfies_pod_anti_affinity(node):
            return Status.unschedulable(ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH, plugin=NAME)
        if not s.satisfies_existing_pods_anti_affinity(node):
            return Status.unschedulable(ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH, plugin=NAME)
        return Status.success()

    # -- PreScore / Score ----------------------------------------------------------------------

    def pre_score(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status:
        if not nodes:
            return Status.skip()
        me = PodAffinityInfo.of(pod)
        has_constraints = bool(me.preferred_affinity_terms or me.preferred_anti_affinity_terms)
        if self.ignore_preferred_terms_of_existing_pods and not has_constraints:
            return Status.skip()
        saved = state.read(ALL_NODES_STATE_KEY)
        all_nodes = saved.nodes if isinstance(saved, AllNodes) else nodes
        namespaces = self._namespace_lister(pod, all_nodes)
        if has_constraints:
            me = me.with_preferred_namespaces_merged(namespaces)
        ns_labels = namespaces.namespace_labels(pod.namespace)
        # Upstream PreScore: unless the incoming pod has preferred terms, only nodes hosting pods
        # with affinity (HavePodsWithAffinityList), and on them only those pods, can contribute.
        visit = all_nodes if has_constraints else self._nodes_having(all_nodes, required_anti_affinity=False)
        topology_score: ScoreMap = {}
        for node_info in visit:
            if not node_info.node.labels:
                continue
            pods = node_info.pods if has_constraints else node_info.pods_with_affinity
            for existing in pods.values():
                process_existing_pod(topology_score, me, existing, node_info.node, self.hard_pod_affinity_weight,
                                     ns_labels)
        if not topology_score:
            return Status.skip()
        state.write(PRE_SCORE_STATE_KEY, PreScoreState(topology_score))
        return Status.success()

    def _namespace_lister(self, pod: Pod, nodes: list[NodeInfo]) -> NamespaceLister:
        """The Namespace lister: the cluster's (handle), else implicit namespaces of the pods seen."""
        cluster = getattr(self._handle, "cluster", None)
        if cluster is not None and hasattr(cluster, "list_namespaces"):
            return cast("NamespaceLister", cluster)
        return ImplicitNamespaces([pod, *(p for info in nodes for p in info.pods.values())])

    def _nodes_having(self, nodes: list[NodeInfo], *, required_anti_affinity: bool) -> list[NodeInfo]:
        """The snapshot's HavePodsWith(RequiredAnti)AffinityList when ``nodes`` is the snapshot's
        node list (the scheduler's case); otherwise the same selection made from ``nodes``."""
        snapshot = getattr(self._handle, "cluster", None)
        if snapshot is not None and nodes is getattr(snapshot, "node_list", None):
            if required_anti_affinity:
                return cast("list[NodeInfo]", snapshot.have_pods_with_required_anti_affinity_list())
            return cast("list[NodeInfo]", snapshot.have_pods_with_affinity_list())
        if required_anti_affinity:
            return [info for info in nodes if info.pods_with_required_anti_affinity]
        return [info for info in nodes if info.pods_with_affinity]

    def score(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> tuple[int, Status]:
        s = state.read(PRE_SCORE_STATE_KEY)
        if not isinstance(s, PreScoreState):
            return 0, _missing(PRE_SCORE_STATE_KEY)
        return s.score(node_info.node), Status.success()

    def normalize_score(self, state: CycleState, pod: Pod, scores: dict[str, int]) -> Status | None:
        if not isinstance(state.read(PRE_SCORE_STATE_KEY), PreScoreState):
            return _missing(PRE_SCORE_STATE_KEY)
        normalize(scores)
        return Status.success()

    # -- Queueing hints ------------------------------------------------------------------------

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        """EventsToRegister: assigned pods added, relabelled or deleted; nodes added or relabelled.

        UpdateNodeTaint is registered upstream only to work around the NodeAdd preCheck. No Namespace
        event is registered: a namespace created or relabelled moves no pod (upstream registers
        none), so a pod it would now admit waits for another event or the 5-minute flush.
        """
        pod_hint, node_hint = self.is_schedulable_after_pod_change, self.is_schedulable_after_node_change
        return [
            ev.ClusterEventWithHint(ev.POD_ADD, pod_hint),
            ev.ClusterEventWithHint(ev.POD_LABEL_CHANGE, pod_hint),
            ev.ClusterEventWithHint(ev.POD_DELETE, pod_hint),
            ev.ClusterEventWithHint(ev.NODE_ADD, node_hint),
            ev.ClusterEventWithHint(ev.NODE_LABEL_CHANGE, node_hint),
            ev.ClusterEventWithHint(ev.NODE_TAINT_CHANGE, node_hint),
        ]

    def is_schedulable_after_pod_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """isSchedulableAfterPodChange: only assigned pods matter."""
        original = old_obj if isinstance(old_obj, Pod) else None
        modified = new_obj if isinstance(new_obj, Pod) else None
        if (modified is not None and not modified.node_name) or (original is not None and not original.node_name):
            return ev.SKIP
        me = PodAffinityInfo.of(pod)
        terms, anti_terms = me.required_affinity_terms, me.required_anti_affinity_terms
        if modified is not None and original is not None:
            if not pod_matches_all_affinity_terms(terms, original) and pod_matches_all_affinity_terms(terms, modified):
                return ev.QUEUE
            if pod_matches_all_affinity_terms(anti_terms, original) and not pod_matches_all_affinity_terms(anti_terms, modified):
                return ev.QUEUE
            return ev.SKIP
        if modified is not None:
            return ev.QUEUE if pod_matches_all_affinity_terms(terms, modified) else ev.SKIP
        if original is None:
            return ev.QUEUE
        if pod_matches_all_affinity_terms(anti_terms, original):
            return ev.QUEUE
        repelled = any(t.matches(pod) for t in PodAffinityInfo.of(original).required_anti_affinity_terms)
        return ev.QUEUE if self.queue_on_deleted_pods_anti_affinity and repelled else ev.SKIP

    def is_schedulable_after_node_change(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """isSchedulableAfterNodeChange: Queue if the node carries a topology key of a required term."""
        modified = new_obj if isinstance(new_obj, Node) else None
        if modified is None:
            return ev.QUEUE
        me = PodAffinityInfo.of(pod)
        keys = {t.topology_key for t in me.required_affinity_terms + me.required_anti_affinity_terms}
        return ev.QUEUE if any(k in modified.labels for k in keys) else ev.SKIP


def _missing(key: str) -> Status:
    return Status.error(f'error reading "{key}" from cycleState: not found', plugin=NAME)


def _version(version: str) -> tuple[int, ...]:
    """"v1.35" -> (1, 35); anything unparsable -> () which sorts before every version."""
    try:
        return tuple(int(part) for part in version.lstrip("v").split("."))
    except ValueError:
        return ()
