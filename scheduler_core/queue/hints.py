"""Queueing hints (scheduling_queue.go: isPodWorthRequeuing, determineSchedulingHintForInFlightPod)."""
from __future__ import annotations

from typing import Any

from scheduler_core.framework.cluster_events import QUEUE, ClusterEvent, ClusterEventWithHint
from scheduler_core.queue.queued_pod_info import QueuedPodInfo

# queueingStrategy, ordered so that max() picks the strongest
_SKIP, _AFTER_BACKOFF, _IMMEDIATELY = 0, 1, 2

InFlightEvent = tuple[ClusterEvent, Any, Any]


class QueueingHints:
    """Asks the rejector plugins' registered hints whether an event may make a pod schedulable."""

    def __init__(self, plugin_events: dict[str, list[ClusterEventWithHint]], enabled: bool = True) -> None:
        self._plugin_events = plugin_events
        self.enabled = enabled  # False (≤v1.31): every registered event counts as Queue
        self._cache: dict[tuple[str, ClusterEvent], list[ClusterEventWithHint]] = {}

    def strategy_for_in_flight(self, qpi: QueuedPodInfo, events: list[InFlightEvent]) -> int:
        """determineSchedulingHintForInFlightPod."""
        if not qpi.rejectors:
            return _AFTER_BACKOFF
        best = _SKIP
        for event, old, new in events:
            if event.label == "ForceActivate" and new != qpi.key:
                continue
            best = max(best, self.strategy(qpi, event, old, new))
            if best == _IMMEDIATELY:
                break
        return best

    def strategy(self, qpi: QueuedPodInfo, event: ClusterEvent, old: Any, new: Any) -> int:
        """isPodWorthRequeuing: a Queue from a Pending plugin requeues at once, else after backoff."""
        if event.is_wildcard or not qpi.rejectors:
            return _AFTER_BACKOFF
        best = _SKIP
        for plugin in qpi.rejectors:
            if self.matches(plugin, event, qpi, old, new):
                if plugin in qpi.pending_plugins:
                    return _IMMEDIATELY
                best = _AFTER_BACKOFF
        return best

    def matches(self, plugin: str, event: ClusterEvent, qpi: QueuedPodInfo, old: Any, new: Any) -> bool:
        for registered in self._registered(plugin, event):
            if registered.hint is None or not self.enabled:
                return True
            try:
                if registered.hint(qpi.pod, old, new) == QUEUE:
                    return True
            except Exception:  # noqa: BLE001 -- upstream: a failing hint counts as Queue
                return True
        return False

    def _registered(self, plugin: str, event: ClusterEvent) -> list[ClusterEventWithHint]:
        key = (plugin, event)
        found = self._cache.get(key)
        if found is None:
            found = [h for h in self._plugin_events.get(plugin, ()) if h.event.match(event)]
            self._cache[key] = found
        return found
