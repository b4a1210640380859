"""Reuse of node-local Filter/Score results across cycles (a model-only speed-up, not upstream).

A plugin is node-local when its Filter (or raw Score) depends only on the pod's spec and on that
one node and its pods — not on other nodes or cycle-wide counts. Such a result stays valid until
the node or its pods change (ClusterState.touch: pods bound, removed or updated; labels, taints,
allocatable) for the same pod signature, so identical pods (scheduler_perf, ReplicaSets)
re-evaluate only the nodes that changed. Results are kept in lists aligned with the cluster's
``node_list``, so a cycle can take runs of known-feasible nodes as slices.

Not cached, ever: the cycle-wide plugins (PodTopologySpread, InterPodAffinity) and any node with
nominated pods (RunFilterPluginsWithNominatedPods adds them to a copy of the node).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from scheduler_core.framework.interface import Code, Status
from scheduler_core.objects import Pod

if TYPE_CHECKING:
    from scheduler_core.cluster_state import ClusterState

MAX_SIGNATURES = 32  # distinct (pod shape, plugin list) entries remembered at once
MAX_SIGNATURE_IDS = 4096

NODE_LOCAL_FILTER_PLUGINS = frozenset(
    {"NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit"})
# Their NormalizeScore, where they have one, is DefaultNormalizeScore: a function of each score
# and the highest one only (the framework relies on this to normalise a constant column once).
NODE_LOCAL_SCORE_PLUGINS = frozenset(
    {"TaintToleration", "NodeAffinity", "NodeResourcesFit", "NodeResourcesBalancedAllocation"})

T = TypeVar("T")
Row = tuple[int, ...]  # raw scores of the node-local score plugins, in plugin order


def pod_signature(pod: Pod) -> tuple[Any, ...]:
    """Everything the node-local plugins read from the pod (non-zero requests: the scorers)."""
    return (
        tuple(sorted(pod.requests.items())), tuple(sorted(pod.non_zero_requests.items())),
        pod.host_ports, pod.tolerations, tuple(sorted(pod.node_selector.items())), pod.node_affinity,
        pod.node_name,
    )


class FilterResults:
    """One signature's node-local Filter statuses by node position (None: evaluate again)."""

    __slots__ = ("_distinct", "pending", "statuses", "with_nominated")

    def __init__(self, size: int) -> None:
        self.statuses: list[Status | None] = [None] * size
        # positions whose status is unknown or not Success: the only nodes a cycle must look at
        self.pending: set[int] = set(range(size))
        # one object per distinct status, so a walk can tell repeats apart by identity
        self._distinct: dict[Status, Status] = {}
        # fast path (framework/whatif.py): the verdict with these nominated pods added, by position
        self.with_nominated: dict[int, tuple[list[Pod], Status]] = {}

    def invalidate(self, i: int) -> None:
        self.statuses[i] = None
        self.pending.add(i)
        self.with_nominated.pop(i, None)

    def intern(self, status: Status) -> Status:
        """The one stored object equal to ``status``."""
        return self._distinct.setdefault(status, status)

    def store(self, i: int, status: Status) -> None:
        if status.code != Code.SUCCESS:
            status = self._distinct.setdefault(status, status)
        self.statuses[i] = status
        if status.code == Code.SUCCESS:
            self.pending.discard(i)
        else:
            self.pending.add(i)


class ScoreResults:
    """One signature's raw node-local scores: one list per plugin, by node position."""

    __slots__ = ("columns", "unknown")

    def __init__(self, size: int, plugins: int) -> None:
        self.columns: list[list[int]] = [[0] * size for _ in range(plugins)]
        self.unknown: set[int] = set(range(size))  # positions to score again

    def invalidate(self, i: int) -> None:
        self.unknown.add(i)

    def store(self, i: int, row: Row) -> None:
        for column, value in zip(self.columns, row):
            column[i] = value
        self.unknown.discard(i)


class Take:
    """``[seq[k] for k in positions]`` for lists aligned with the node list, by one or two slices
    when the positions are a run (the usual result of the round-robin walk, wrapping at the end)."""

    __slots__ = ("positions", "size", "start", "stop")

    def __init__(self, positions: list[int], run: tuple[int, int] | None = None, size: int = 0) -> None:
        self.positions = positions
        # run: (first position, count), given when known to be exactly what ``positions`` holds,
        # with ``size`` the length of the node list the run wraps around
        self.start, self.stop = (run[0], run[0] + run[1]) if run is not None and size else (-1, -1)
        self.size = size

    def among(self, candidates: set[int]) -> set[int]:
        """The positions taken that are in ``candidates`` (a small set: the nodes changed lately)."""
        if self.start < 0 or 16 * len(candidates) > len(self.positions):
            return candidates.intersection(self.positions)
        start, stop, size = self.start, self.stop, self.size
        return {k for k in candidates if start <= k < stop or k < stop - size}

    def places(self, positions: set[int]) -> list[int]:
        """Indexes into the taken list of these taken positions, ascending."""
        if self.start >= 0:
            start, size = self.start, self.size
            return sorted((k - start) % size for k in positions)
        if len(positions) < 16:
            return sorted(map(self.positions.index, positions))
        return [j for j, k in enumerate(self.positions) if k in positions]

    def __call__(self, seq: list[T]) -> list[T]:
        if self.start < 0:
            return list(map(seq.__getitem__, self.positions))
        if self.stop <= len(seq):
            return seq[self.start:self.stop]
        return seq[self.start:] + seq[:self.stop - len(seq)]


class NodeLocalCache:
    def __init__(self, cluster: ClusterState) -> None:
        self.cluster = cluster
        self._ids: dict[Any, int] = {}
        self._filters: dict[tuple[int, tuple[str, ...]], FilterResults] = {}
        self._scores: dict[tuple[int, tuple[str, ...]], ScoreResults] = {}
        self._position = cluster.change_position
        self._last: tuple[Pod | None, int] = (None, -1)

    def sync(self) -> None:
        """Forget, for every signature, the results of the nodes changed since the last sync."""
        changed = self.cluster.changes_since(self._position)
        self._position = self.cluster.change_position
        if changed is None:  # the node list changed: positions moved
            self._filters.clear()
            self._scores.clear()
            return
        index = self.cluster.node_index
        for name in changed:
            i = index.get(name)
            if i is None:
                continue
            for f in self._filters.values():
                f.invalidate(i)
            for s in self._scores.values():
                s.invalidate(i)

    def signature_id(self, pod: Pod) -> int:
        """A small int per distinct pod signature, so cache keys stay small."""
        if pod is self._last[0]:  # asked for twice per cycle (Filter, Score)
            return self._last[1]
        sig = pod_signature(pod)
        found = self._ids.get(sig)
        if found is None:
            if len(self._ids) >= MAX_SIGNATURE_IDS:  # ids are about to be reused: drop what used them
                self._ids.clear()
                self._last = (None, -1)
                self._filters.clear()
                self._scores.clear()
            found = self._ids[sig] = len(self._ids)
        self._last = (pod, found)
        return found

    def filters(self, key: tuple[int, tuple[str, ...]]) -> FilterResults:
        found = self._filters.get(key)
        if found is None:
            if len(self._filters) >= MAX_SIGNATURES:
                self._filters.clear()  # bound memory when pods keep changing shape
            found = self._filters[key] = FilterResults(len(self.cluster.node_list))
        return found

    def scores(self, key: tuple[int, tuple[str, ...]]) -> ScoreResults:
        found = self._scores.get(key)
        if found is None:
            if len(self._scores) >= MAX_SIGNATURES:
                self._scores.clear()
            found = self._scores[key] = ScoreResults(len(self.cluster.node_list), len(key[1]))
        return found

    @staticmethod
    def split_chain(chain: list[tuple[str, Any]]) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
        """(leading node-local filters, the rest): order is kept, so the first failure still wins."""
        i = 0
        while i < len(chain) and chain[i][0] in NODE_LOCAL_FILTER_PLUGINS:
            i += 1
        return chain[:i], chain[i:]
