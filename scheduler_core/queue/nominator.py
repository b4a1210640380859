"""In-memory nominations (backend/queue/nominator.go): node -> pods, pod -> node."""
from __future__ import annotations

from collections.abc import KeysView


class Nominator:
    def __init__(self) -> None:
        self._by_node: dict[str, list[str]] = {}
        self._by_pod: dict[str, str] = {}

    # upstream: nominator addNominatedPod / UpdateNominatedPod (the node from nominatingInfo or the pod's NNN)
    def add(self, pod_key: str, node: str) -> None:
        """addNominatedPod: always deletes the old entry first; empty node = just removed."""
        self.delete(pod_key)
        if not node:
            return
        self._by_pod[pod_key] = node
        self._by_node.setdefault(node, []).append(pod_key)

    # upstream: nominator DeleteNominatedPodIfExists
    def delete(self, pod_key: str) -> None:
        node = self._by_pod.pop(pod_key, None)
        if node is None:
            return
        keys = self._by_node[node]
        keys.remove(pod_key)
        if not keys:
            del self._by_node[node]

    def node_of(self, pod_key: str) -> str:
        return self._by_pod.get(pod_key, "")

    def pods_for_node(self, node: str) -> list[str]:
        return list(self._by_node.get(node, ()))

    def has_pods(self, node: str) -> bool:
        return node in self._by_node

    def nodes(self) -> KeysView[str]:
        """The nodes with nominated pods (a live view)."""
        return self._by_node.keys()

    def __bool__(self) -> bool:
        return bool(self._by_pod)

    def __len__(self) -> int:
        return len(self._by_pod)
