"""SelectVictimsOnNode by resource arithmetic: a fast path of ``victims.select_victims_on_node``.

The general path clones the NodeInfo and the CycleState for every candidate node, removes every
lower-priority pod, runs the Filter chain (with ≥-priority nominated pods added, then without),
and then reprieves each victim by adding it back and running the chain again. When the cycle's
chain is a ``framework.whatif.ResourceChain`` (only NodeResourcesFit reads the node's pods), the
same answer follows from integer slack per requested resource: removing a pod adds its requests
to the slack, a reprieve takes them back if the slack stays ≥ 0 and a pod slot is left. Nominated
pods (pass 1 of RunFilterPluginsWithNominatedPods) are subtracted up front; pass 2 (without them)
cannot fail when pass 1 fits, because their requests are never negative (checked) and the pod
count only shrinks.

When the node does not fit even with every victim removed, the status is NodeResourcesFit's own
Filter on a ``FitView`` of the what-if node. When a node-only filter rejects the node, or anything
is unusual (a nominated pod already on the node, negative requests), ``select`` returns None and
the caller runs the general path. ``scheduler_core.fastpaths.ENABLED`` turns all of this off.
"""
from __future__ import annotations

import operator
from collections.abc import Collection, Sequence
from typing import Any

from scheduler_core.cluster_state import ClusterState, PdbRecord
from scheduler_core.framework.cache import pod_signature
from scheduler_core.framework.interface import CycleState, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.framework.runtime import Framework
from scheduler_core.framework.whatif import ResourceChain, nominated_to_add
from scheduler_core.objects import PODS, Pod
from scheduler_core.plugins.noderesources.fit import PRE_FILTER_STATE_KEY
from scheduler_core.preemption.victims import (
    NO_VICTIMS,
    Victims,
    filter_pods_with_pdb_violation,
    sort_by_importance,
)

Outcome = tuple[Victims | None, Status]
_NONE: list[Pod] = []  # no nominated pods (never mutated)



class VictimsMemo:
    """``select`` results by node, reused by the next preemptor of the same shape.

    A result depends on the node and its pods (ClusterState's change log says which nodes changed),
    on what the Filter chain reads from the preemptor (its node-local pod signature, the same one
    framework/cache.py keys on) and its priority, on the PDB records, on the nominated pods added to
    the node (kept with each result and compared by identity), and on ``now`` only through pods
    without a start time (results involving such pods are not kept). Anything else changed → forget.
    """

    __slots__ = ("_cluster", "_context", "_entries", "_position")

    def __init__(self, cluster: ClusterState) -> None:
        self._cluster = cluster
        self._position = cluster.change_position
        self._context: tuple[Any, ...] | None = None
        self._entries: dict[str, tuple[list[Pod], Outcome]] = {}

    def begin(self, pod: Pod, pdbs: Sequence[PdbRecord]) -> None:
        """Called once per PostFilter, before any ``select``: drop what no longer holds."""
        cluster = self._cluster
        changed = cluster.changes_since(self._position)
        self._position = cluster.change_position
        context = (pod_signature(pod), pod.priority, tuple((r.pdb, r.disruptions_allowed) for r in pdbs))
        if changed is None or context != self._context:
            self._entries.clear()
            self._context = context
            return
        entries = self._entries
        for name in changed:
            entries.pop(name, None)

    def get(self, node: str, nominated: list[Pod]) -> Outcome | None:
        entry = self._entries.get(node)
        if entry is None:
            return None
        kept, outcome = entry
        if kept is nominated or (len(kept) == len(nominated) and all(map(operator.is_, kept, nominated))):
            return outcome
        return None

    def put(self, node: str, nominated: list[Pod], outcome: Outcome) -> None:
        self._entries[node] = (nominated, outcome)


class ResourceOnlyVictims:
    """One preemptor's what-if arithmetic for one PostFilter call (one CycleState)."""

    __slots__ = ("chain", "memo", "nominated_nodes", "nominated_pods_for_node", "wanted")

    def __init__(self, chain: ResourceChain, wanted: list[tuple[str, int]], memo: VictimsMemo | None,
                 nominated_nodes: Collection[str] | None) -> None:
        self.chain = chain
        self.wanted = wanted  # (resource, amount > 0) that NodeResourcesFit checks, pods excluded
        self.memo = memo
        self.nominated_pods_for_node = chain.fw.nominated_pods_for_node
        # nodes that may have nominated pods (the nominator's live view); None: any node may
        self.nominated_nodes = nominated_nodes

    @classmethod
    def for_cycle(cls, fw: Framework, state: CycleState, pod: Pod, pdbs: Sequence[PdbRecord],
                  memo: VictimsMemo | None = None,
                  nominated_nodes: Collection[str] | None = None) -> ResourceOnlyVictims | None:
        """The fast path for this cycle, or None when some filter or extension needs the general one."""
        chain = ResourceChain.for_cycle(fw, state, pod)
        if chain is None:
            return None
        request = state.read(PRE_FILTER_STATE_KEY)
        if request is None:
            request = dict(pod.requests)
        if memo is not None:
            memo.begin(pod, pdbs)
        wanted = [(name, amount) for name, amount in request.items() if name != PODS and amount > 0]
        return cls(chain, wanted, memo, nominated_nodes)

    def select(self, info: NodeInfo, pdbs: Sequence[PdbRecord], now: float) -> tuple[Victims | None, Status] | None:
        """select_victims_on_node(fw, state.clone(), pod, info.clone(), pdbs, now); None: run that
        general path for this node instead (a node-only filter rejects it, or something unusual)."""
        chain = self.chain
        pod = chain.pod
        priority = pod.priority
        pods = info.pods
        name = info.node.name
        maybe = self.nominated_nodes is None or name in self.nominated_nodes
        listed = self.nominated_pods_for_node(name) if maybe else ()
        nominated = nominated_to_add(pod, listed) if listed else _NONE
        memo = self.memo
        if memo is not None:
            known = memo.get(name, nominated)
            if known is not None:
                return known
        potential = [p for p in pods.values() if p.priority < priority]
        if not potential:
            return None, Status.unresolvable(NO_VICTIMS)
        for p in nominated:
            if p.key in pods or any(amount < 0 for amount in p.requests.values()):
                return None
        if not chain.node_only_pass(info):
            return None
        allocatable, requested = info.node.allocatable, info.requested
        free_pods = allocatable.get(PODS, 0) - (len(pods) - len(potential) + len(nominated)) - 1
        slack = []
        for resource, amount in self.wanted:
            s = allocatable.get(resource, 0) - requested.get(resource, 0) - amount
            for p in potential:
                s += p.requests.get(resource, 0)
            for p in nominated:
                s -= p.requests.get(resource, 0)
            slack.append(s)
        # Results that read ``now`` (a pod without start time) are not kept.
        keep = memo if memo is not None and all(p.start_time is not None for p in potential) else None
        if free_pods < 0 or any(s < 0 for s in slack):
            outcome: Outcome = (None, chain.fit_status(info, potential, nominated))
            if keep is not None:
                keep.put(name, nominated, outcome)
            return outcome
        violating, non_violating = filter_pods_with_pdb_violation(sort_by_importance(potential, now), pdbs)
        victims: list[Pod] = []
        num_violations = 0
        resources = [resource for resource, _ in self.wanted]
        for group in (violating, non_violating) if violating else (non_violating,):
            for p in group:
                if free_pods < 1:
                    fits = False
                else:
                    requests = p.requests
                    back = [requests.get(resource, 0) for resource in resources]
                    fits = all(map(operator.ge, slack, back))
                if fits:
                    free_pods -= 1
                    slack = list(map(operator.sub, slack, back))
                else:
                    victims.append(p)
                    if group is violating:
                        num_violations += 1
        if violating and non_violating:
            victims = sort_by_importance(victims, now)
        outcome = (Victims(victims, num_violations, violating + non_violating, len(violating)), Status.success())
        if keep is not None:
            keep.put(name, nominated, outcome)
        return outcome
