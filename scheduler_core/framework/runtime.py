"""frameworkImpl (framework/runtime/framework.go): runs plugins at each extension point, in order."""
from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any

from scheduler_core.config import score_weight
from scheduler_core.framework.cache import NODE_LOCAL_SCORE_PLUGINS, ScoreResults, Take
from scheduler_core.framework.interface import Code, CycleState, PreFilterResult, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import Pod

MAX_PERMIT_TIMEOUT_SECONDS = 15 * 60.0  # framework.go maxTimeout: no plugin makes a pod wait longer
NominatedPodsFn = Callable[[str], Sequence[Pod]]
Column = list[int] | int  # one plugin's weighted scores in node order; an int: the same for every node


class Framework:
    """One scheduling profile. Plugins are given in MultiPoint order (default_plugins.go)."""

    def __init__(self, plugins: Sequence[Any], weights: Mapping[str, int]) -> None:
        self.plugins = list(plugins)
        self.by_name = {p.name: p for p in self.plugins}
        self.weights = {p.name: score_weight(weights, p.name) for p in self.plugins if _has(p, "score")}
        self.pre_enqueue_plugins = [p for p in self.plugins if _has(p, "pre_enqueue")]
        self.pre_filter_plugins = [p for p in self.plugins if _has(p, "pre_filter")]
        self._add_pod_extensions = [p for p in self.pre_filter_plugins if _has(p, "add_pod")]
        self._remove_pod_extensions = [p for p in self.pre_filter_plugins if _has(p, "remove_pod")]
        self.filter_plugins = [p for p in self.plugins if _has(p, "filter")]
        self.post_filter_plugins = [p for p in self.plugins if _has(p, "post_filter")]
        self.pre_score_plugins = [p for p in self.plugins if _has(p, "pre_score")]
        self.score_plugins = [p for p in self.plugins if _has(p, "score")]
        self.reserve_plugins = [p for p in self.plugins if _has(p, "reserve")]
        self.permit_plugins = [p for p in self.plugins if _has(p, "permit")]
        self.pre_bind_plugins = [p for p in self.plugins if _has(p, "pre_bind")]
        self.bind_plugins = [p for p in self.plugins if _has(p, "bind")]
        self.post_bind_plugins = [p for p in self.plugins if _has(p, "post_bind")]
        # Nominated pods on a node; set by the scheduler (the framework's PodNominator).
        self.nominated_pods_for_node: NominatedPodsFn = lambda node: ()

    def profile(self) -> dict[str, list[str]]:
        """The plugins at each modelled extension point, in the order the framework runs them
        (``cluster.snapshot.profile``: what the run page's cycle strip names)."""
        names = operator.attrgetter("name")
        return {
            "preEnqueue": list(map(names, self.pre_enqueue_plugins)),
            "queueSort": [p.name for p in self.plugins if _has(p, "less")],
            "preFilter": list(map(names, self.pre_filter_plugins)),
            "filter": list(map(names, self.filter_plugins)),
            "postFilter": list(map(names, self.post_filter_plugins)),
            "preScore": list(map(names, self.pre_score_plugins)),
            "score": list(map(names, self.score_plugins)),
            "normalizeScore": [p.name for p in self.score_plugins if _has(p, "normalize_score")],
            "reserve": list(map(names, self.reserve_plugins)),
            "permit": list(map(names, self.permit_plugins)),
            "preBind": list(map(names, self.pre_bind_plugins)),
            "bind": list(map(names, self.bind_plugins)),
            "postBind": list(map(names, self.post_bind_plugins)),
        }

    def events_to_register(self) -> dict[str, list[Any]]:
        return {p.name: list(p.events_to_register()) for p in self.plugins if _has(p, "events_to_register")}

    # ---- PreEnqueue ---------------------------------------------------------------------

    def run_pre_enqueue_plugins(self, pod: Pod) -> tuple[Status, str]:
        for plugin in self.pre_enqueue_plugins:
            status = plugin.pre_enqueue(pod)
            if not status.is_success:
                return status.with_plugin(plugin.name), plugin.name
        return Status.success(), ""

    # ---- PreFilter / Filter -------------------------------------------------------------

    def run_pre_filter_plugins(
        self, state: CycleState, pod: Pod, nodes: list[NodeInfo]
    ) -> tuple[PreFilterResult | None, Status, list[str]]:
        """RunPreFilterPlugins → (result, status, plugins whose PreFilterResult narrowed the nodes).

        As upstream, the third value is returned even on success (findNodesThatFitPod makes it
        diagnosis.UnschedulablePlugins, so a pod narrowed to no existing node waits for those
        plugins' events); it is empty when a plugin rejected with U&U or failed, and a plugin that
        rejected is only in the status (the caller adds it, Diagnosis.AddPluginStatus).
        """
        result: PreFilterResult | None = None
        returned = Status.success()
        with_nodes: set[str] = set()
        for plugin in self.pre_filter_plugins:
            res, status = plugin.pre_filter(state, pod, nodes)
            if status.is_skip:
                state.skip_filter_plugins.add(plugin.name)
                continue
            if not status.is_success:
                status = status.with_plugin(plugin.name)
                if status.code == Code.UNSCHEDULABLE_AND_UNRESOLVABLE:
                    return None, status, []
                if status.code == Code.UNSCHEDULABLE:
                    returned = status
                    continue
                return None, Status.error(f'running PreFilter plugin "{plugin.name}": {status.message}',
                                          plugin.name), []
            if res is not None and res.node_names is not None:
                with_nodes.add(plugin.name)
                result = res.merge(result) if result is not None else res
                if result.node_names is not None and not result.node_names:
                    names = sorted(with_nodes)  # sets.List: sorted
                    msg = (f"node(s) didn't satisfy plugin {names[0]}" if len(names) == 1
                           else f"node(s) didn't satisfy plugin(s) [{' '.join(names)}] simultaneously")
                    return result, Status.unresolvable(msg), names
        return result, returned, sorted(with_nodes)

    def filter_chain(self, state: CycleState) -> list[tuple[str, Any]]:
        """The Filter methods to run this cycle (plugins whose PreFilter returned Skip are left out)."""
        skip = state.skip_filter_plugins
        return [(p.name, p.filter) for p in self.filter_plugins if p.name not in skip]

    @staticmethod
    def run_filter_plugins(chain: list[tuple[str, Any]], state: CycleState, pod: Pod, info: NodeInfo) -> Status:
        """RunFilterPlugins: stop at the first plugin that does not succeed."""
        for name, fn in chain:
            status = fn(state, pod, info)
            if status.code != Code.SUCCESS:
                if not status.is_rejected:
                    return Status.error(f'running "{name}" filter plugin: {status.message}', name)
                return status if status.plugin == name else Status(status.code, status.reasons, name)
        return Status.success()

    def run_filter_plugins_with_nominated_pods(
        self, chain: list[tuple[str, Any]], state: CycleState, pod: Pod, info: NodeInfo
    ) -> Status:
        """RunFilterPluginsWithNominatedPods: pass 1 with ≥-priority nominated pods, pass 2 without."""
        nominated = self.nominated_pods_for_node(info.name)
        if not nominated:
            return self.run_filter_plugins(chain, state, pod, info)
        added, state_out, info_out = self._add_ge_nominated_pods(state, pod, info, nominated)
        status = self.run_filter_plugins(chain, state_out, pod, info_out)
        if not added or not status.is_success:
            return status
        return self.run_filter_plugins(chain, state, pod, info)

    # upstream: framework/runtime/framework.go addGENominatedPods (formerly addNominatedPods)
    def _add_ge_nominated_pods(
        self, state: CycleState, pod: Pod, info: NodeInfo, nominated: Sequence[Pod]
    ) -> tuple[bool, CycleState, NodeInfo]:
        chosen = ge_nominated_pods(pod, nominated)
        if not chosen:
            return False, state, info
        info_out, state_out = info.clone(), state.clone()
        for other in chosen:
            info_out.add_pod(other)
            self.run_pre_filter_extension_add_pod(state_out, pod, other, info_out)
        return True, state_out, info_out

    def run_pre_filter_extension_add_pod(self, state: CycleState, pod: Pod, added: Pod, info: NodeInfo) -> Status:
        for plugin in self._add_pod_extensions:
            if plugin.name in state.skip_filter_plugins:
                continue
            status = plugin.add_pod(state, pod, added, info)
            if not status.is_success:
                return status
        return Status.success()

    def run_pre_filter_extension_remove_pod(self, state: CycleState, pod: Pod, removed: Pod, info: NodeInfo) -> Status:
        for plugin in self._remove_pod_extensions:
            if plugin.name in state.skip_filter_plugins:
                continue
            status = plugin.remove_pod(state, pod, removed, info)
            if not status.is_success:
                return status
        return Status.success()

    # ---- Reserve / Permit / PreBind / PostBind (framework.go) ------------------------------

    @staticmethod
    def _until_failure(point: str, runs: Iterable[tuple[str, Callable[[], Status]]]) -> Status:
        """RunReservePluginsReserve and RunPreBindPlugins: stop at the first plugin that does not succeed;
        a rejection keeps its status, anything else is an error naming the extension point and plugin."""
        for name, run in runs:
            status = run()
            if not status.is_success:
                if status.is_rejected:
                    return status.with_plugin(name)
                return Status.error(f'running {point} plugin "{name}": {status.message}', name)
        return Status.success()

    def run_reserve_plugins_reserve(self, state: CycleState, pod: Pod, node: str) -> Status:
        """RunReservePluginsReserve: stop at the first plugin that does not succeed."""
        return self._until_failure("Reserve", ((p.name, partial(p.reserve, state, pod, node))
                                               for p in self.reserve_plugins))

    def run_reserve_plugins_unreserve(self, state: CycleState, pod: Pod, node: str) -> list[str]:
        """RunReservePluginsUnreserve: every Reserve plugin's Unreserve, in reverse order → their names."""
        ran = []
        for plugin in reversed(self.reserve_plugins):
            plugin.unreserve(state, pod, node)
            ran.append(plugin.name)
        return ran

    def run_permit_plugins(self, state: CycleState, pod: Pod, node: str) -> tuple[Status, dict[str, float]]:
        """RunPermitPlugins → (status, {plugin: wait}). A rejection or error stops at once; a Wait is
        remembered (capped at maxTimeout, 15 minutes) and the remaining plugins still run."""
        waits: dict[str, float] = {}
        for plugin in self.permit_plugins:
            status, timeout = plugin.permit(state, pod, node)
            if status.is_success:
                continue
            if status.is_rejected:
                return status.with_plugin(plugin.name), {}
            if status.code != Code.WAIT:
                return Status.error(f'running Permit plugin "{plugin.name}": {status.message}', plugin.name), {}
            waits[plugin.name] = min(timeout, MAX_PERMIT_TIMEOUT_SECONDS)
        if waits:
            return Status(Code.WAIT, (f'one or more plugins asked to wait and no plugin rejected pod "{pod.name}"',)), waits
        return Status.success(), {}

    def run_pre_bind_plugins(self, state: CycleState, pod: Pod, node: str) -> Status:
        """RunPreBindPlugins: stop at the first plugin that does not succeed."""
        return self._until_failure("PreBind", ((p.name, partial(p.pre_bind, state, pod, node))
                                               for p in self.pre_bind_plugins))

    def run_post_bind_plugins(self, state: CycleState, pod: Pod, node: str) -> None:
        """RunPostBindPlugins: informational, every plugin runs."""
        for plugin in self.post_bind_plugins:
            plugin.post_bind(state, pod, node)

    # ---- PreScore / Score ----

    @staticmethod
    def _raw_scores(plugin: Any, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[dict[str, int], Status | None]:
        score_fn = plugin.score
        raw: dict[str, int] = {}
        for info in nodes:
            value, status = score_fn(state, pod, info)
            if not status.is_success:
                return {}, Status.error(f'running Score plugin "{plugin.name}": {status.message}', plugin.name)
            raw[info.node.name] = value
        return raw, None

    @staticmethod
    def _node_local_columns(
        plugins: list[Any], state: CycleState, pod: Pod, nodes: list[NodeInfo], results: ScoreResults, take: Take,
    ) -> tuple[list[list[int]], Status | None]:
        """Raw scores of the node-local plugins, one column per plugin: nodes not in ``results``
        (``positions`` = each node's place in the cluster's node list) are scored, in node order."""
        positions = take.positions
        missing = take.among(results.unknown)
        if missing:
            order = take.places(missing)
            for j in order:
                row = []
                for plugin in plugins:
                    value, status = plugin.score(state, pod, nodes[j])
                    if not status.is_success:
                        return [], Status.error(f'running Score plugin "{plugin.name}": {status.message}', plugin.name)
                    row.append(value)
                results.store(positions[j], tuple(row))
        return [take(column) for column in results.columns], None

    def run_pre_score_plugins(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status:
        for plugin in self.pre_score_plugins:
            status = plugin.pre_score(state, pod, nodes)
            if status.is_skip:
                state.skip_score_plugins.add(plugin.name)
            elif not status.is_success:
                return Status.error(f'running PreScore plugin "{plugin.name}": {status.message}', plugin.name)
        return Status.success()

    def node_local_score_plugins(self, state: CycleState) -> list[Any]:
        """This cycle's score plugins whose raw scores may come from the node-local cache."""
        return [p for p in self.score_plugins if p.name not in state.skip_score_plugins and p.name in NODE_LOCAL_SCORE_PLUGINS]

    def run_score_plugins(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[dict[str, dict[str, int]], Status]:
        """RunScorePlugins → {plugin: {node: weighted score}}; normalise, check range, weight."""
        names = [info.node.name for info in nodes]
        plugins, columns, status = self.run_score_plugins_columns(state, pod, nodes, names)
        return {p: dict(zip(names, [c] * len(names) if isinstance(c, int) else c))
                for p, c in zip(plugins, columns)}, status

    def run_score_plugins_columns(
        self, state: CycleState, pod: Pod, nodes: list[NodeInfo], names: list[str] | None = None,
        local: ScoreResults | None = None, positions: Take | None = None,
    ) -> tuple[list[str], list[Column], Status]:
        """RunScorePlugins as columns → (plugins, weighted scores per plugin in ``nodes`` order);
        a column where every node has the same score is that int.

        With ``local`` (and ``positions``), node-local raw scores come from the cache.
        """
        active = [p for p in self.score_plugins if p.name not in state.skip_score_plugins]
        raw_local: dict[str, list[int]] = {}
        if local is not None and positions is not None:
            local_plugins = self.node_local_score_plugins(state)
            columns, error = self._node_local_columns(local_plugins, state, pod, nodes, local, positions)
            if error is not None:
                return [], [], error
            raw_local = {p.name: column for p, column in zip(local_plugins, columns)}
        out: list[Column] = []
        for plugin in active:
            column, status = self._normalized_column(plugin, state, pod, nodes, names, raw_local.get(plugin.name))
            if status is not None:
                return [], [], status
            if isinstance(column, tuple):  # raw scores kept as they are: bounds already known
                column, lo, hi = column
            else:
                lo, hi = (column, column) if isinstance(column, int) else (min(column, default=0), max(column, default=0))
            if not (0 <= lo and hi <= 100):
                bad = column if isinstance(column, int) else next(v for v in column if not 0 <= v <= 100)
                return [], [], Status.error(f'plugin "{plugin.name}" returns an invalid score {bad}, '
                                            "it should in the range of [0, 100] after normalizing")
            weight = self.weights[plugin.name]
            if weight != 1:
                column = column * weight if isinstance(column, int) else list(
                    map(operator.mul, column, itertools.repeat(weight, len(column))))
            out.append(column)
        return [p.name for p in active], out, Status.success()

    def _normalized_column(
        self, plugin: Any, state: CycleState, pod: Pod, nodes: list[NodeInfo], names: list[str] | None,
        raw: list[int] | None,
    ) -> tuple[Column | tuple[list[int], int, int], Status | None]:
        """Score (unless ``raw`` is given) then NormalizeScore one plugin → (column, error); a raw
        column without NormalizeScore comes back as (column, min, max)."""
        if raw is None:
            scores, error = self._raw_scores(plugin, state, pod, nodes)
            if error is not None:
                return [], error
        else:
            lo, hi = min(raw, default=0), max(raw, default=0)
            if not _has(plugin, "normalize_score"):
                return (lo if raw and lo == hi else (raw, lo, hi)), None
            if raw and lo == hi:
                # Node-local plugins normalise by DefaultNormalizeScore: a constant column stays
                # constant, so normalising one node tells the value for all.
                probe = {nodes[0].node.name: lo}
                status = plugin.normalize_score(state, pod, probe)
                if status is not None and not status.is_success:
                    return [], _normalize_error(plugin.name, status)
                return next(iter(probe.values())), None
            scores = dict(zip(names if names is not None else [info.node.name for info in nodes], raw))
        status = plugin.normalize_score(state, pod, scores) if _has(plugin, "normalize_score") else None
        if status is not None and not status.is_success:
            return [], _normalize_error(plugin.name, status)
        return list(scores.values()), None


def ge_nominated_pods(pod: Pod, nominated: Sequence[Pod]) -> list[Pod]:
    """The nominated pods addGENominatedPods adds for ``pod``: priority ≥ its own, not itself."""
    return [p for p in nominated if p.priority >= pod.priority and p.uid != pod.uid and p.key != pod.key]


def _normalize_error(plugin: str, status: Status) -> Status:
    return Status.error(f'running Normalize on Score plugin "{plugin}": {status.message}')


def _has(plugin: Any, method: str) -> bool:
    return callable(getattr(plugin, method, None))
