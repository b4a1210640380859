"""ScheduleOne (pkg/scheduler/schedule_one.go): one serial scheduling cycle on the virtual clock.

Binding completes right after its cycle. The host (the Simulation) provides the clock, event
emission and the cluster mutations (bind, nominate); every random choice uses ``host.rng``.
"""
from __future__ import annotations

import heapq
from typing import Any, Protocol

from scheduler_core.cluster_state import ClusterState
from scheduler_core.config import SchedulerConfig
from scheduler_core.diagnosis import NO_NODES_AVAILABLE, Diagnosis, fit_error_message
from scheduler_core.framework.cache import NodeLocalCache
from scheduler_core.framework.interface import Code, CycleState, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.framework.runtime import Framework
from scheduler_core.objects import Pod
from scheduler_core.queue import PriorityQueue, QueuedPodInfo

TRACE_LIMIT = 100  # per-node entries kept in cycle.filtered / cycle.scored traces
MIN_FEASIBLE_NODES_TO_FIND = 100
MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5
BASE_PERCENTAGE_OF_NODES_TO_SCORE = 50


class SchedulerHost(Protocol):
    rng: Any

    @property
    def now(self) -> float: ...

    def emit(self, kind: str, **fields: Any) -> None: ...

    def bind(self, key: str, node: str, cycle: int) -> None: ...

    def record_failure(self, qpi: QueuedPodInfo, cycle: int, message: str, rejected: bool,
                       diagnosis: Diagnosis | None, nominating: str | None) -> None: ...


def num_feasible_nodes_to_find(percentage: int, num_all_nodes: int) -> int:
    """numFeasibleNodesToFind: all below 100 nodes; adaptive 50 − n/125 (min 5) percent, at least 100."""
    if num_all_nodes < MIN_FEASIBLE_NODES_TO_FIND:
        return num_all_nodes
    if percentage <= 0:
        percentage = max(BASE_PERCENTAGE_OF_NODES_TO_SCORE - num_all_nodes // 125, MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND)
    num_nodes = num_all_nodes * percentage // 100
    return max(num_nodes, MIN_FEASIBLE_NODES_TO_FIND)


class Scheduler:
    def __init__(self, host: SchedulerHost, cluster: ClusterState, config: SchedulerConfig,
                 framework: Framework, queue: PriorityQueue) -> None:
        self.host = host
        self.cluster = cluster
        self.config = config
        self.framework = framework
        self.queue = queue
        self.next_start_node_index = 0
        self.cache = NodeLocalCache(cluster.versions)

    def schedule_one(self) -> bool:
        qpi = self.queue.pop()
        if qpi is None:
            return False
        pod, cycle = qpi.pod, self.queue.scheduling_cycle
        self.host.emit("cycle.started", cycle=cycle, pod=pod.key, attempts=qpi.attempts)
        if not self.cluster.node_list:  # ErrNoNodesAvailable: U&U, NNN cleared, no preemption
            self.host.record_failure(qpi, cycle, NO_NODES_AVAILABLE, True, None, "")
            return True
        state = CycleState()
        feasible, diagnosis, error = self.find_nodes_that_fit_pod(state, pod, cycle)
        if error is not None:
            self.host.record_failure(qpi, cycle, error.message, False, None, "")
            return True
        if not feasible:
            self._fail_with_fit_error(qpi, cycle, state, diagnosis)
            return True
        node, error = self._select(state, pod, cycle, feasible)
        if error is not None:
            self.host.record_failure(qpi, cycle, error.message, False, None, "")
            return True
        self.host.bind(pod.key, node, cycle)
        return True

    # ---- filtering ----------------------------------------------------------------------

    def find_nodes_that_fit_pod(
        self, state: CycleState, pod: Pod, cycle: int
    ) -> tuple[list[NodeInfo], Diagnosis, Status | None]:
        """findNodesThatFitPod: PreFilter, nominated node first, then Filter from nextStartNodeIndex."""
        all_nodes = self.cluster.node_list
        diagnosis = Diagnosis()
        result, status, rejected, with_nodes = self.framework.run_pre_filter_plugins(state, pod, all_nodes)
        diagnosis.unschedulable_plugins.update(rejected)
        if not status.is_success:
            if not status.is_rejected:
                return [], diagnosis, status
            diagnosis.absent_status = status
            diagnosis.pre_filter_msg = status.message
            if status.plugin:
                diagnosis.unschedulable_plugins.add(status.plugin)
            self._trace_filtered(cycle, pod, None, diagnosis, [], 0, status)
            return [], diagnosis, None
        chain = self.framework.filter_chain(state)
        nominated = self.cluster.pods[pod.key].pod.nominated_node_name
        if nominated and nominated in self.cluster.node_infos:
            found, _, error = self._pass_filters(state, pod, diagnosis, [self.cluster.node_infos[nominated]], chain, 0)
            if error is not None:
                return [], diagnosis, error
            if found:
                self._trace_filtered(cycle, pod, nominated, diagnosis, found, 1, None)
                return found, diagnosis, None
        nodes = all_nodes
        if result is not None and result.node_names is not None:
            nodes = [info for info in all_nodes if info.name in result.node_names]
            diagnosis.absent_status = Status.unresolvable(
                f"node(s) didn't satisfy plugin(s) [{' '.join(sorted(with_nodes))}]")
        start = self.next_start_node_index
        feasible, processed, error = self._pass_filters(state, pod, diagnosis, nodes, chain, start)
        if error is not None:
            return [], diagnosis, error
        self.next_start_node_index = (start + processed) % len(all_nodes)
        self._trace_filtered(cycle, pod, nominated or None, diagnosis, feasible, processed, None)
        return feasible, diagnosis, None

    def _pass_filters(
        self, state: CycleState, pod: Pod, diagnosis: Diagnosis, nodes: list[NodeInfo],
        chain: list[tuple[str, Any]], start: int,
    ) -> tuple[list[NodeInfo], int, Status | None]:
        """findNodesThatPassFilters, sequential: stop once numFeasibleNodesToFind nodes fit."""
        n = len(nodes)
        if n == 0:
            return [], 0, None
        to_find = num_feasible_nodes_to_find(self.config.percentage_of_nodes_to_score, n)
        fw = self.framework
        run, run_nominated = fw.run_filter_plugins, fw.run_filter_plugins_with_nominated_pods
        nominator = self.queue.nominator if self.queue.nominator else None
        local, rest = self.cache.split_chain(chain)
        key = (self.cache.signature_id(pod), tuple(name for name, _ in local))
        cached, versions = self.cache.filters_for(key), self.cache.versions
        feasible: list[NodeInfo] = []
        statuses = diagnosis.node_to_status
        success, error = Code.SUCCESS, Code.ERROR
        processed = 0
        start %= n
        for info in nodes[start:] + nodes[:start] if start else nodes:
            name = info.node.name
            processed += 1
            if nominator is not None and nominator.has_pods(name):
                status = run_nominated(chain, state, pod, info)
            else:
                hit = cached.get(name)
                version = versions[name]
                if hit is not None and hit[0] == version:
                    status = hit[1]
                else:
                    status = run(local, state, pod, info)
                    cached[name] = (version, status)
                if rest and status.code == success:
                    status = run(rest, state, pod, info)
            code = status.code
            if code == success:
                feasible.append(info)
                if len(feasible) >= to_find:
                    break
            elif code == error:
                return [], processed, status
            else:
                statuses[name] = status
                diagnosis.add_plugin_status(status)
        return feasible, processed, None

    # ---- failure with a FitError: PostFilter ------------------------------------------

    def _fail_with_fit_error(self, qpi: QueuedPodInfo, cycle: int, state: CycleState, diagnosis: Diagnosis) -> None:
        nominating, message = self._run_post_filter_plugins(state, qpi.pod, diagnosis)
        diagnosis.post_filter_msg = message
        self.host.record_failure(qpi, cycle, fit_error_message(diagnosis, len(self.cluster.node_list)),
                                 True, diagnosis, nominating)

    def _run_post_filter_plugins(self, state: CycleState, pod: Pod, diagnosis: Diagnosis) -> tuple[str | None, str]:
        """RunPostFilterPlugins → (nominating: None = leave as is, "" = clear, node; message)."""
        nominating: str | None = None
        reasons: list[str] = []
        for plugin in self.framework.post_filter_plugins:
            result, status = plugin.post_filter(state, pod, diagnosis)
            if status.is_success or status.code == Code.UNSCHEDULABLE_AND_UNRESOLVABLE:
                return result, status.message
            if not status.is_rejected:
                return None, status.message
            if result is not None:
                nominating = result
            reasons.extend(status.reasons)
        return nominating, ", ".join(reasons)

    # ---- scoring and host selection -----------------------------------------------------

    def _select(self, state: CycleState, pod: Pod, cycle: int, feasible: list[NodeInfo]) -> tuple[str, Status | None]:
        if len(feasible) == 1:
            return feasible[0].node.name, None
        fw = self.framework
        status = fw.run_pre_score_plugins(state, pod, feasible)
        if not status.is_success:
            return "", status
        per_plugin, status = fw.run_score_plugins(state, pod, feasible, self.cache, self.cache.signature_id(pod))
        if not status.is_success:
            return "", status
        names = [info.node.name for info in feasible]
        # Every plugin's dict is in feasible order, so the columns line up.
        columns = [list(scores.values()) for scores in per_plugin.values()]
        totals = dict(zip(names, map(sum, zip(*columns)))) if columns else dict.fromkeys(names, 0)
        chosen, ties = self.select_host(feasible, totals)
        self._trace_scored(cycle, pod, per_plugin, totals, chosen, ties)
        return chosen, None

    def select_host(self, feasible: list[NodeInfo], totals: dict[str, int]) -> tuple[str, list[str]]:
        """selectHost: a node with the maximum total score, uniformly at random among ties.

        Upstream samples a reservoir (the k-th tie replaces the choice with probability 1/k); the
        result is the same uniform choice, drawn here with one call to the run's RNG.
        """
        best = max(totals.values())
        ties = [name for name, score in totals.items() if score == best]
        chosen = ties[0] if len(ties) == 1 else ties[self.host.rng.randrange(len(ties))]
        return chosen, ties

    # ---- trace --------------------------------------------------------------------------

    def _trace_filtered(self, cycle: int, pod: Pod, nominated: str | None, diagnosis: Diagnosis,
                        feasible: list[NodeInfo], evaluated: int, pre_filter: Status | None) -> None:
        statuses = diagnosis.node_to_status
        shown = dict(list(statuses.items())[:TRACE_LIMIT])
        histogram: dict[str, int] = {}
        for status in statuses.values():
            for reason in status.reasons:
                histogram[reason] = histogram.get(reason, 0) + 1
        self.host.emit(
            "cycle.filtered", cycle=cycle, pod=pod.key, nominatedNode=nominated,
            statuses={name: s.to_json() for name, s in shown.items()}, rejected=len(statuses),
            histogram=dict(sorted(histogram.items())),
            feasible=[info.name for info in feasible[:TRACE_LIMIT]], feasibleCount=len(feasible),
            evaluated=evaluated, total=len(self.cluster.node_list),
            preFilter=pre_filter.to_json() if pre_filter is not None else None,
        )

    def _trace_scored(self, cycle: int, pod: Pod, per_plugin: dict[str, dict[str, int]],
                      totals: dict[str, int], chosen: str, ties: list[str]) -> None:
        ranked = heapq.nlargest(TRACE_LIMIT, totals, key=totals.__getitem__)
        if chosen not in ranked:
            ranked.append(chosen)
        self.host.emit(
            "cycle.scored", cycle=cycle, pod=pod.key,
            weights={name: self.framework.weights[name] for name in per_plugin},
            scores={n: {p: s[n] for p, s in per_plugin.items()} for n in ranked},
            totals={n: totals[n] for n in ranked}, scoredCount=len(totals),
            chosen=chosen, ties=ties[:TRACE_LIMIT],
        )
