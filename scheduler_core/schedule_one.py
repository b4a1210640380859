"""ScheduleOne (pkg/scheduler/schedule_one.go): one serial scheduling cycle on the virtual clock.

Binding completes right after its cycle. The host (the Simulation) provides the clock, event
emission and the cluster mutations (bind, nominate); every random choice uses ``rng`` (the run's seeded one).
"""
from __future__ import annotations

import functools
import itertools
import operator
import random
from collections.abc import Collection, Iterable
from typing import Any, Protocol

from scheduler_core.cluster_state import ClusterState
from scheduler_core.config import SchedulerConfig
from scheduler_core.diagnosis import NO_NODES_AVAILABLE, Diagnosis, fit_error_message
from scheduler_core.framework.cache import FilterResults, NodeLocalCache, Take
from scheduler_core.framework.interface import Code, CycleState, Status, trace_statuses
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.framework.runtime import Column, Framework, ge_nominated_pods
from scheduler_core.framework.whatif import ResourceChain
from scheduler_core.objects import Pod
from scheduler_core.queue import PriorityQueue, QueuedPodInfo

TRACE_LIMIT = 100  # per-node entries kept in cycle.filtered / cycle.scored traces
SCORE_DETAIL_LIMIT = 20  # cycle.scored: per-plugin scores for the best nodes (and the chosen one) only
MIN_FEASIBLE_NODES_TO_FIND = 100
MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5
BASE_PERCENTAGE_OF_NODES_TO_SCORE = 50


class SchedulerHost(Protocol):
    """What a cycle hands on: the clock, the event log, and the bind/failure outcomes."""

    @property
    def now(self) -> float: ...

    def emit(self, kind: str, **fields: Any) -> None: ...

    def finish_scheduling_cycle(self, qpi: QueuedPodInfo, node: str, cycle: int, state: CycleState) -> None: ...

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
                 framework: Framework, queue: PriorityQueue, rng: random.Random) -> None:
        self.host = host
        self.rng = rng
        self.cluster = cluster
        self.config = config
        self.framework = framework
        self.queue = queue
        self.next_start_node_index = 0
        self.cache = NodeLocalCache(cluster)
        self._positions: tuple[list[NodeInfo], Take] = ([], Take([]))  # the last cached walk's result

    # upstream: schedule_one.go ScheduleOne → schedulingCycle → SchedulePod (schedulePod); NextPod is queue.pop
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
        self.host.finish_scheduling_cycle(qpi, node, cycle, state)  # assume, Reserve, Permit, then binding
        return True

    # ---- filtering ----------------------------------------------------------------------

    # upstream: schedule_one.go findNodesThatFitPod (with evaluateNominatedNode for a pod with an NNN)
    def find_nodes_that_fit_pod(
        self, state: CycleState, pod: Pod, cycle: int
    ) -> tuple[list[NodeInfo], Diagnosis, Status | None]:
        """findNodesThatFitPod: PreFilter, nominated node first, then Filter from nextStartNodeIndex."""
        all_nodes = self.cluster.node_list
        diagnosis = Diagnosis()
        # Upstream findNodesThatFitPod: the plugins that narrowed the node set are rejectors even
        # when PreFilter succeeds, so a pod narrowed to no existing node waits for their events.
        result, status, unscheduled_plugins = self.framework.run_pre_filter_plugins(state, pod, all_nodes)
        if self.config.pre_filter_result_rejectors:  # v1.31+ (PR #122251)
            diagnosis.unschedulable_plugins.update(unscheduled_plugins)
        if not status.is_success:
            if not status.is_rejected:
                return [], diagnosis, status
            diagnosis.absent_status = status
            diagnosis.pre_filter_msg = status.message
            diagnosis.add_plugin_status(status)
            self._trace_filtered(state, cycle, pod, None, diagnosis, [], 0, status)
            return [], diagnosis, None
        chain = self.framework.filter_chain(state)
        nominated = self.cluster.pods[pod.key].pod.nominated_node_name
        if nominated and nominated in self.cluster.node_infos:
            found, _, error = self._pass_filters(state, pod, diagnosis, [self.cluster.node_infos[nominated]], chain, 0)
            if error is not None:
                return [], diagnosis, error
            if found:
                self._trace_filtered(state, cycle, pod, nominated, diagnosis, found, 1, None)
                return found, diagnosis, None
        nodes = all_nodes
        if result is not None and result.node_names is not None:
            nodes = [info for info in all_nodes if info.name in result.node_names]
            diagnosis.absent_status = Status.unresolvable(
                f"node(s) didn't satisfy plugin(s) [{' '.join(unscheduled_plugins)}]")
        start = self.next_start_node_index
        feasible, processed, error = self._pass_filters(state, pod, diagnosis, nodes, chain, start)
        if error is not None:
            return [], diagnosis, error
        self.next_start_node_index = (start + processed) % len(all_nodes)
        self._trace_filtered(state, cycle, pod, nominated or None, diagnosis, feasible, processed, None)
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
        cache = self.cache
        cache.sync()
        local, rest = cache.split_chain(chain)
        results = cache.filters((cache.signature_id(pod), tuple(name for name, _ in local)))
        start %= n
        if nodes is self.cluster.node_list and not rest:
            return self._pass_local_filters(state, pod, diagnosis, chain, local, results, to_find, start)
        fw = self.framework
        run, run_nominated = fw.run_filter_plugins, fw.run_filter_plugins_with_nominated_pods
        nominator = self.queue.nominator if self.queue.nominator else None
        all_nodes, index, cached = self.cluster.node_list, self.cluster.node_index, results.statuses
        feasible: list[NodeInfo] = []
        statuses = diagnosis.node_to_status
        success, error = Code.SUCCESS, Code.ERROR
        processed = 0
        for info in nodes[start:] + nodes[:start] if start else nodes:
            name = info.node.name
            processed += 1
            if nominator is not None and nominator.has_pods(name):
                status = run_nominated(chain, state, pod, info)
            else:
                i = index.get(name, -1)
                known = cached[i] if i >= 0 and all_nodes[i] is info else None
                status = known if known is not None else run(local, state, pod, info)
                if known is None and i >= 0 and all_nodes[i] is info:
                    results.store(i, status)
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

    def _pass_local_filters(
        self, state: CycleState, pod: Pod, diagnosis: Diagnosis, chain: list[tuple[str, Any]],
        local: list[tuple[str, Any]], results: FilterResults, to_find: int, start: int,
    ) -> tuple[list[NodeInfo], int, Status | None]:
        """_pass_filters over the whole node list when only node-local filters run this cycle.

        Same walk, same result: runs of nodes whose cached status is Success are taken as slices;
        only nodes with an unknown or failed status, or with nominated pods, are looked at.
        """
        nodes = self.cluster.node_list
        n = len(nodes)
        nominator = self.queue.nominator
        visit: Collection[int] = results.pending
        nominated: Collection[int] = ()  # positions of the nodes with nominated pods
        if nominator:
            index = self.cluster.node_index
            nominated = {index[name] for name in nominator.nodes() if name in index}
            visit = results.pending | nominated
        fw = self.framework
        run = fw.run_filter_plugins
        statuses = diagnosis.node_to_status
        known, store = results.statuses, results.store
        success, error = Code.SUCCESS, Code.ERROR
        reported = None  # the last status given to the diagnosis (cached statuses are interned)
        feasible: list[int] = []
        done = 0  # nodes walked so far: positions start .. start + done - 1 (mod n)
        what_if = ResourceChain.for_cycle(fw, state, pod) if nominated else None
        for offset in sorted((i - start) % n for i in visit):
            if offset - done >= to_find - len(feasible):
                break
            if offset > done:
                feasible.extend(_rotated_range(start, done, offset, n))
            i = start + offset
            if i >= n:
                i -= n
            info = nodes[i]
            if i in nominated:
                found = None
                if what_if is not None:  # fast path: the cached plain verdict + Fit on a view
                    plain = known[i]
                    if plain is None:
                        plain = run(local, state, pod, info)
                        store(i, plain)
                    found = what_if.with_nominated_pods(info, plain, results, i)
                status = found if found is not None else fw.run_filter_plugins_with_nominated_pods(
                    chain, state, pod, info)
            else:
                cached = known[i]
                if cached is None:
                    status = run(local, state, pod, info)
                    store(i, status)
                else:
                    status = cached
            done = offset + 1
            code = status.code
            if code == success:
                feasible.append(i)
                if len(feasible) >= to_find:
                    return self._feasible_at(feasible, start, done), done, None
            elif code == error:
                return [], done, status
            else:
                statuses[info.node.name] = status
                if status is not reported:  # AddPluginStatus only adds to sets: once per object
                    diagnosis.add_plugin_status(status)
                    reported = status
        end = min(n, done + to_find - len(feasible))
        feasible.extend(_rotated_range(start, done, end, n))
        return self._feasible_at(feasible, start, end), end, None

    def _feasible_at(self, positions: list[int], start: int, walked: int) -> list[NodeInfo]:
        """The NodeInfos at these node positions; remembered so scoring need not look them up.
        When every walked node fit, the positions are the run start .. start + walked - 1."""
        nodes = self.cluster.node_list
        take = Take(positions, (start, walked) if len(positions) == walked else None, len(nodes))
        feasible = take(nodes)
        self._positions = (feasible, take)
        return feasible

    def _positions_of(self, feasible: list[NodeInfo]) -> Take:
        if self._positions[0] is feasible:
            return self._positions[1]
        index = self.cluster.node_index
        return Take([index[info.node.name] for info in feasible])

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
        cache = self.cache
        cache.sync()
        local_plugins = tuple(p.name for p in fw.node_local_score_plugins(state))
        local = cache.scores((cache.signature_id(pod), local_plugins)) if local_plugins else None
        positions = self._positions_of(feasible)
        plugins, columns, status = fw.run_score_plugins_columns(state, pod, feasible, None, local, positions)
        if not status.is_success:
            return "", status
        varying, constant = _column_sum(columns, len(feasible))
        order, tied = _rank(varying)  # a constant added to every node changes no ranking
        chosen = self._pick_tied(order, tied)
        self._trace_scored(cycle, pod, feasible, plugins, columns, varying, order, tied, chosen, constant)
        return feasible[chosen].node.name, None

    def select_host(self, feasible: list[NodeInfo], totals: dict[str, int]) -> tuple[str, list[str]]:
        """selectHost over ``totals`` {node: total score} → (chosen node, the tied nodes).

        Kept for tests only, on purpose: it samples selectHost's tie-breaking (``_pick_tied``,
        the path the scheduler takes) without building a cycle per sample."""
        names = list(totals)
        order, tied = _rank(list(totals.values()))
        return names[self._pick_tied(order, tied)], [names[k] for k in order[:tied]]

    def _pick_tied(self, order: list[int], tied: int) -> int:
        """selectHost: a node with the maximum total score, uniformly at random among ties.

        Upstream samples a reservoir (the k-th tie replaces the choice with probability 1/k); the
        result is the same uniform choice, drawn here with one call to the run's RNG among the
        tied nodes in search order (``order[:tied]``, see _rank).
        """
        return order[0] if tied == 1 else order[self.rng.randrange(tied)]

    # ---- trace --------------------------------------------------------------------------

    def _trace_filtered(self, state: CycleState, cycle: int, pod: Pod, nominated: str | None, diagnosis: Diagnosis,
                        feasible: list[NodeInfo], evaluated: int, pre_filter: Status | None) -> None:
        statuses = diagnosis.node_to_status
        counts: dict[int, list[Any]] = {}  # id(status) -> [status, nodes]: cached statuses repeat
        for status in statuses.values():
            entry = counts.get(id(status))
            if entry is None:
                counts[id(status)] = [status, 1]
            else:
                entry[1] += 1
        histogram: dict[str, int] = {}
        rejected_by: dict[str, dict[str, int]] = {}
        for status, count in counts.values():
            for reason in status.reasons:
                histogram[reason] = histogram.get(reason, 0) + count
            codes = rejected_by.setdefault(status.plugin, {})
            codes[status.code] = codes.get(status.code, 0) + count
        skipped = state.skip_filter_plugins
        self.host.emit(
            "cycle.filtered", cycle=cycle, pod=pod.key, nominatedNode=nominated,
            **trace_statuses(itertools.islice(statuses.items(), TRACE_LIMIT)), rejected=len(statuses),
            histogram=dict(sorted(histogram.items())),
            feasible=list(map(_NODE_NAME, feasible[:TRACE_LIMIT])), feasibleCount=len(feasible),
            evaluated=evaluated, total=len(self.cluster.node_list),
            preFilter=pre_filter.to_json() if pre_filter is not None else None,
            preFilterSkipped=[p.name for p in self.framework.pre_filter_plugins if p.name in skipped],
            rejectedBy=dict(sorted(rejected_by.items())),
            nominatedPods=self._nominated_pass(pod, statuses, feasible),
        )

    def _nominated_pass(self, pod: Pod, statuses: dict[str, Status], feasible: list[NodeInfo]) -> dict[str, list[str]]:
        """{node: [pod keys]}: the walked nodes where Filter ran its first pass with these nominated
        pods added (RunFilterPluginsWithNominatedPods / addGENominatedPods), first TRACE_LIMIT in node order."""
        nominator = self.queue.nominator
        if not nominator:
            return {}
        fit: set[str] | None = None
        out: dict[str, list[str]] = {}
        index = self.cluster.node_index
        for name in sorted((n for n in nominator.nodes() if n in index), key=index.__getitem__):
            added = ge_nominated_pods(pod, self.framework.nominated_pods_for_node(name))
            if not added:
                continue
            if name not in statuses:
                if fit is None:
                    fit = set(map(_NODE_NAME, feasible))
                if name not in fit:
                    continue  # not walked this cycle
            out[name] = [p.key for p in added]
            if len(out) >= TRACE_LIMIT:
                break
        return out

    def _trace_scored(self, cycle: int, pod: Pod, feasible: list[NodeInfo], plugins: list[str],
                      columns: list[Column], totals: list[int], order: list[int], tied: int, chosen: int,
                      constant: int = 0) -> None:
        """``totals`` + ``constant`` are the nodes' total scores."""
        ranked = order[:TRACE_LIMIT]  # = heapq.nlargest(TRACE_LIMIT, ...), see _rank
        if chosen not in ranked:
            ranked.append(chosen)
        detailed = ranked[:SCORE_DETAIL_LIMIT]
        if chosen not in detailed:
            detailed.append(chosen)
        names = list(map(_NODE_NAME, map(feasible.__getitem__, ranked)))
        name_of = dict(zip(ranked, names))
        weights = self.framework.weights
        self.host.emit(
            "cycle.scored", cycle=cycle, pod=pod.key,
            weights={p: weights[p] for p in plugins},
            scores={name_of[k]: dict(zip(plugins, row)) for k, row in zip(detailed, _rows(columns, detailed))},
            totals=dict(zip(names, [totals[k] + constant for k in ranked])), scoredCount=len(totals),
            chosen=feasible[chosen].node.name, ties=names[:min(tied, TRACE_LIMIT)],
        )


_NODE_NAME = operator.attrgetter("node.name")


def _rank(totals: list[int]) -> tuple[list[int], int]:
    """(positions best first, how many share the best total). The sort is stable, so equal totals
    keep search order: the first ``tied`` entries are the tied nodes in the order selectHost meets
    them, and the first n entries are heapq.nlargest(n, ...) (documented as this very sort).

    Callers read only the first max(tied, TRACE_LIMIT) entries: when at least TRACE_LIMIT nodes
    tie, those are exactly the tied positions in search order, found without sorting."""
    best = max(totals)
    tied = totals.count(best)
    if tied >= TRACE_LIMIT:
        return list(itertools.compress(range(len(totals)), map(best.__eq__, totals))), tied
    return sorted(range(len(totals)), key=totals.__getitem__, reverse=True), tied


def _rows(columns: list[Column], positions: list[int]) -> Iterable[tuple[int, ...]]:
    """Each position's scores across the columns (an int column holds every node's score)."""
    return zip(*([c] * len(positions) if isinstance(c, int) else list(map(c.__getitem__, positions)) for c in columns))


def _column_sum(columns: list[Column], size: int) -> tuple[list[int], int]:
    """Per-node totals as (the sum of the list columns, the sum of the constant columns): the
    constant part is the same for every node, so it is added only where a total is shown."""
    constant = sum(c for c in columns if isinstance(c, int))
    lists = [c for c in columns if not isinstance(c, int)]
    if not lists:
        return [0] * size, constant
    if len(lists) == 1:
        return lists[0], constant
    return functools.reduce(lambda a, b: list(map(operator.add, a, b)), lists), constant


def _rotated_range(start: int, lo: int, hi: int, n: int) -> Iterable[int]:
    """Node positions start + lo .. start + hi - 1, wrapping around the node list of size n."""
    lo, hi = start + lo, start + hi
    if hi <= n:
        return range(lo, hi)
    if lo >= n:
        return range(lo - n, hi - n)
    return itertools.chain(range(lo, n), range(hi - n))
