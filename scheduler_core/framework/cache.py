"""Reuse of node-local Filter/Score results across cycles (a model-only speed-up, not upstream).

A plugin is node-local when its Filter (or raw Score) depends only on the pod's spec and on that
one node and its pods — not on other nodes or cycle-wide counts. Such a result stays valid while
the node's version (bumped by ClusterState on every change) and the pod's signature are the same,
so identical pods (scheduler_perf, ReplicaSets) re-evaluate only the node that changed.
"""
from __future__ import annotations

from typing import Any

from scheduler_core.framework.interface import Status
from scheduler_core.objects import Pod

MAX_SIGNATURES = 32  # distinct pod shapes remembered at once

NODE_LOCAL_FILTER_PLUGINS = frozenset(
    {"NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit"})
NODE_LOCAL_SCORE_PLUGINS = frozenset(
    {"TaintToleration", "NodeAffinity", "NodeResourcesFit", "NodeResourcesBalancedAllocation"})


def pod_signature(pod: Pod) -> tuple[Any, ...]:
    """Everything the node-local plugins read from the pod."""
    return (
        tuple(sorted(pod.requests.items())), pod.host_ports, pod.tolerations,
        tuple(sorted(pod.node_selector.items())), pod.node_affinity, pod.node_name,
    )


class NodeLocalCache:
    def __init__(self, versions: dict[str, int]) -> None:
        self.versions = versions
        self._ids: dict[Any, int] = {}
        # (pod signature id, filter chain) -> node -> (node version, status)
        self.filters: dict[tuple[int, tuple[str, ...]], dict[str, tuple[int, Status]]] = {}
        # (pod signature id, node-local score plugins) -> node -> (node version, raw scores)
        self.scores: dict[tuple[int, tuple[str, ...]], dict[str, tuple[int, tuple[int, ...]]]] = {}

    def signature_id(self, pod: Pod) -> int:
        """A small int per distinct pod signature, so cache checks compare ints."""
        sig = pod_signature(pod)
        found = self._ids.get(sig)
        if found is None:
            found = self._ids[sig] = len(self._ids)
        return found

    def filters_for(self, key: tuple[int, tuple[str, ...]]) -> dict[str, tuple[int, Status]]:
        if key not in self.filters and len(self.filters) >= MAX_SIGNATURES:
            self.filters.clear()  # bound memory when pods keep changing shape
        return self.filters.setdefault(key, {})

    def scores_for(self, key: tuple[int, tuple[str, ...]]) -> dict[str, tuple[int, tuple[int, ...]]]:
        if key not in self.scores and len(self.scores) >= MAX_SIGNATURES:
            self.scores.clear()
        return self.scores.setdefault(key, {})

    def split_chain(self, chain: list[tuple[str, Any]]) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
        """(leading node-local filters, the rest): order is kept, so the first failure still wins."""
        i = 0
        while i < len(chain) and chain[i][0] in NODE_LOCAL_FILTER_PLUGINS:
            i += 1
        return chain[:i], chain[i:]
