"""What-if views for the fast paths (scheduler_core/fastpaths.py): Filter verdicts on a node with
some pods removed or added, without cloning the NodeInfo and the CycleState.

``ResourceChain.for_cycle`` accepts a cycle whose Filter chain holds only

* filters that read the Node object and never its pods (NodeUnschedulable, NodeName,
  TaintToleration, NodeAffinity), all placed before
* NodeResourcesFit, which reads of a NodeInfo only ``node.allocatable``, ``len(pods)`` and
  ``requested``,

and whose PreFilter extensions that would run (AddPod/RemovePod) all return Success and change no
state. On such a cycle, adding or removing pods changes only NodeResourcesFit's verdict, and that
verdict is its own Filter run on a ``FitView`` of the what-if node.
"""
from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from scheduler_core import fastpaths
from scheduler_core.framework.cache import FilterResults
from scheduler_core.framework.interface import Code, CycleState, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.framework.runtime import Framework
from scheduler_core.objects import Pod

NODE_ONLY_FILTERS = frozenset({"NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity"})
FIT = "NodeResourcesFit"


def _plugin_types() -> dict[str, type]:
    """The in-tree classes the names above must belong to (a renamed stand-in is not trusted)."""
    from scheduler_core.plugins.nodeaffinity import NodeAffinity
    from scheduler_core.plugins.nodename import NodeName
    from scheduler_core.plugins.nodeports import NodePorts
    from scheduler_core.plugins.noderesources.fit import NodeResourcesFit
    from scheduler_core.plugins.nodeunschedulable import NodeUnschedulable
    from scheduler_core.plugins.tainttoleration import TaintToleration
    return {"NodeUnschedulable": NodeUnschedulable, "NodeName": NodeName, "TaintToleration": TaintToleration,
            "NodeAffinity": NodeAffinity, "NodePorts": NodePorts, FIT: NodeResourcesFit}


_TYPES: dict[str, type] = {}


class FitView:
    """What NodeResourcesFit.filter reads of a NodeInfo, for the node without ``removed`` and with
    ``added`` (pods not already on it)."""

    __slots__ = ("node", "pods", "requested")

    def __init__(self, info: NodeInfo, removed: Sequence[Pod], added: Sequence[Pod]) -> None:
        self.node = info.node
        self.pods = range(len(info.pods) - len(removed) + len(added))
        requested = dict(info.requested)
        for pods, sign in ((removed, -1), (added, 1)):
            for p in pods:
                for name, amount in p.requests.items():
                    requested[name] = requested.get(name, 0) + sign * amount
        self.requested = requested


def nominated_to_add(pod: Pod, nominated: Sequence[Pod]) -> list[Pod]:
    """addGENominatedPods' choice: nominated pods of at least the pod's priority, other than itself."""
    priority, uid, key = pod.priority, pod.uid, pod.key
    return [p for p in nominated if p.priority >= priority and p.uid != uid and p.key != key]


class ResourceChain:
    """This cycle's Filter chain when only NodeResourcesFit depends on the node's pods."""

    __slots__ = ("fit_chain", "fw", "node_only", "pod", "state")

    def __init__(self, fw: Framework, state: CycleState, pod: Pod, node_only: list[Callable[..., Status]],
                 fit_chain: list[tuple[str, Any]]) -> None:
        self.fw, self.state, self.pod = fw, state, pod
        self.node_only = node_only  # their Filter methods, in chain order
        self.fit_chain = fit_chain  # [("NodeResourcesFit", its Filter)]

    @classmethod
    def for_cycle(cls, fw: Framework, state: CycleState, pod: Pod) -> ResourceChain | None:
        if not fastpaths.ENABLED:
            return None
        if not _TYPES:
            _TYPES.update(_plugin_types())
        node_only: list[Callable[..., Status]] = []
        fit: tuple[str, Any] | None = None
        for name, fn in fw.filter_chain(state):
            if type(fw.by_name.get(name)) is not _TYPES.get(name):
                return None
            if name in NODE_ONLY_FILTERS and fit is None:
                node_only.append(fn)
            elif name == FIT and fit is None:
                fit = (name, fn)
            else:
                return None
        if fit is None:
            return None
        skip = state.skip_filter_plugins
        for plugin in fw.pre_filter_plugins:  # one with PreFilterExtensions needs the full what-if
            if plugin.name not in skip and (hasattr(plugin, "add_pod") or hasattr(plugin, "remove_pod")):
                return None
        return cls(fw, state, pod, node_only, [fit])

    def node_only_pass(self, info: NodeInfo) -> bool:
        state, pod = self.state, self.pod
        return all(fn(state, pod, info).code == Code.SUCCESS for fn in self.node_only)

    def fit_status(self, info: NodeInfo, removed: Sequence[Pod], added: Sequence[Pod]) -> Status:
        """The chain's verdict on the what-if node when its node-only filters pass."""
        return self.fw.run_filter_plugins(self.fit_chain, self.state, self.pod,
                                          FitView(info, removed, added))  # type: ignore[arg-type]

    def with_nominated_pods(self, info: NodeInfo, plain: Status, results: FilterResults | None = None,
                            position: int = -1) -> Status | None:
        """RunFilterPluginsWithNominatedPods(chain, state, pod, info), given ``plain`` = the chain's
        status on ``info`` as it is (pass 2); None: unusual input, run the general path.

        ``results.with_nominated`` (forgotten when the node changes) keeps the verdict with the
        nominated pods that were added, compared by identity on the next call."""
        added = nominated_to_add(self.pod, self.fw.nominated_pods_for_node(info.name))
        if not added:
            return plain
        memo = results.with_nominated if results is not None else None
        if memo is not None:
            entry = memo.get(position)
            if entry is not None and len(entry[0]) == len(added) and all(map(operator.is_, entry[0], added)):
                return entry[1]
        pods = info.pods
        for p in added:
            if p.key in pods:
                return None
        if plain.code != Code.SUCCESS and plain.plugin != FIT:
            # A node-only filter rejected the node; pass 1 meets it first with the same verdict.
            if plain.plugin not in NODE_ONLY_FILTERS:
                return None
            status = plain
        else:
            first = self.fit_status(info, (), added)  # pass 1; the node-only filters passed
            status = first if first.code != Code.SUCCESS else plain
        if results is not None:
            status = results.intern(status)
            results.with_nominated[position] = (added, status)
        return status
