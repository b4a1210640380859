"""PriorityQueue (backend/queue/scheduling_queue.go): activeQ, backoffQ, unschedulablePods, in-flight.

Time is passed in (virtual seconds); every queue entry carries a counter so equal keys pop in a
fixed order. Each sub-queue change is reported through ``on_move`` so the simulation can emit
``queue.moved`` events.
"""
from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable
from typing import Any

from scheduler_core.framework.cluster_events import ClusterEvent, ClusterEventWithHint
from scheduler_core.framework.interface import Status
from scheduler_core.objects import Pod
from scheduler_core.queue.hints import _AFTER_BACKOFF, _SKIP, InFlightEvent, QueueingHints
from scheduler_core.queue.nominator import Nominator
from scheduler_core.queue.queued_pod_info import (
    ACTIVE,
    BACKOFF,
    GATED,
    IN_FLIGHT,
    UNSCHEDULABLE,
    QueuedPodInfo,
    backoff_release_time,
    is_backing_off,
)

PreEnqueueFn = Callable[[Pod], tuple[Status, str]]  # (status, rejecting plugin)
MoveFn = Callable[..., None]  # (pod key, from, to, event label, until, plugins, index=None)
ActiveEntry = tuple[int, float, int, str]  # (-priority, timestamp, counter, key): PrioritySort.Less
BackoffEntry = tuple[float, int, float, int, str]  # (release, -priority, timestamp, counter, key)


class PriorityQueue:
    def __init__(
        self,
        *,
        pre_enqueue: PreEnqueueFn,
        plugin_events: dict[str, list[ClusterEventWithHint]],
        on_move: MoveFn,
        queueing_hints: bool = True,
        pop_from_backoff_q: bool = True,
        initial_backoff: int = 1,
        max_backoff: int = 10,
        max_in_unschedulable: int = 300,
    ) -> None:
        self._pre_enqueue = pre_enqueue
        self._on_move = on_move
        self.queueing_hints = queueing_hints
        self.pop_from_backoff_q = pop_from_backoff_q
        self._backoff_args = (initial_backoff, max_backoff, pop_from_backoff_q)
        self.max_in_unschedulable = max_in_unschedulable
        self._counter = itertools.count()
        # Sorted lists (bisect) rather than heaps: the position of every entry is reported in
        # queue.moved so that folding events reproduces the exact pop order.
        self._active: dict[str, tuple[ActiveEntry, QueuedPodInfo]] = {}
        self._active_sorted: list[ActiveEntry] = []
        self._backoff: dict[str, tuple[BackoffEntry, QueuedPodInfo]] = {}
        self._backoff_sorted: list[BackoffEntry] = []  # podBackoffQ
        self._error_backoff_sorted: list[BackoffEntry] = []  # podErrorBackoffQ
        self._unschedulable: dict[str, QueuedPodInfo] = {}
        self._in_flight: dict[str, tuple[QueuedPodInfo, int]] = {}  # key -> (info, first event index)
        self._in_flight_events: list[InFlightEvent] = []
        self._hints = QueueingHints(plugin_events, queueing_hints)
        self.nominator = Nominator()
        # upstream: PriorityQueue schedulingCycle (SchedulingCycle()), moveRequestCycle
        self.scheduling_cycle = 0
        self.move_request_cycle = -1

    # ---- adding and popping -------------------------------------------------------------

    # upstream: scheduling_queue.go Add → newQueuedPodInfo → moveToActiveQ
    def add(self, pod: Pod, now: float, event: str = "PodAdd") -> None:
        """PriorityQueue.Add: PreEnqueue, then activeQ or gated."""
        self._move_to_active_q(QueuedPodInfo(pod=pod, timestamp=now), None, event)

    # upstream: scheduling_queue.go Pop (NextPod), unlockedMoveEntityToInFlight: attempts += 1
    def pop(self) -> QueuedPodInfo | None:
        """Pop: activeQ head; with PopFromBackoffQ the podBackoffQ head when activeQ is empty."""
        qpi, source, event = self._pop_active(), ACTIVE, "Pop"
        if qpi is None and self.pop_from_backoff_q:
            qpi, source, event = self._pop_backoff(self._backoff_sorted), BACKOFF, "PopFromBackoffQ"
        if qpi is None:
            return None
        qpi.attempts += 1
        self.scheduling_cycle += 1
        self._in_flight[qpi.key] = (qpi, len(self._in_flight_events))
        self._on_move(qpi.key, source, IN_FLIGHT, event, None, ())
        return qpi

    def done(self, key: str) -> None:
        self._in_flight.pop(key, None)
        if not self._in_flight:
            self._in_flight_events.clear()

    # upstream: scheduling_queue.go AddUnschedulableIfNotPresent (addUnschedulableWithoutQueueingHint when hints are off)
    def add_unschedulable_if_not_present(
        self, qpi: QueuedPodInfo, now: float, unschedulable_plugins: Iterable[str],
        pending_plugins: Iterable[str], message: str, cycle: int, generation: int, gate: bool = False,
    ) -> None:
        """AddUnschedulableIfNotPresent, called by handleSchedulingFailure."""
        _, first_event = self._in_flight.pop(qpi.key, (qpi, len(self._in_flight_events)))
        events = self._in_flight_events[first_event:]
        if not self._in_flight:
            self._in_flight_events.clear()
        qpi.unschedulable_plugins = tuple(sorted(set(unschedulable_plugins)))
        qpi.pending_plugins = tuple(sorted(set(pending_plugins)))
        if qpi.rejectors:
            qpi.unschedulable_count += 1
            qpi.consecutive_errors_count = 0
        else:
            qpi.consecutive_errors_count += 1
        qpi.timestamp = now
        qpi.message = message
        qpi.failed_generation = generation
        if self.queueing_hints:
            strategy = self._hints.strategy_for_in_flight(qpi, events)
        else:
            moved = self.move_request_cycle >= cycle or not qpi.rejectors
            strategy = _AFTER_BACKOFF if moved else _SKIP
        if gate and strategy == _SKIP:
            self._move_to_active_q(qpi, IN_FLIGHT, "ScheduleAttemptFailure", only_gate=True)
            return
        self._requeue(qpi, strategy, now, IN_FLIGHT, "ScheduleAttemptFailure")

    # ---- events -------------------------------------------------------------------------

    def move_all(self, event: ClusterEvent, old: Any, new: Any, now: float,
                 pod_filter: Callable[[QueuedPodInfo], bool] | None = None) -> None:
        """MoveAllToActiveOrBackoffQueue / movePodsToActiveOrBackoffQueue."""
        if self._in_flight:
            self._in_flight_events.append((event, old, new))
        if not self.queueing_hints:
            self.move_request_cycle = self.scheduling_cycle
        for qpi in list(self._unschedulable.values()):
            if pod_filter is not None and not pod_filter(qpi):
                continue
            self._consider(qpi, event, old, new, now)

    def flush_unschedulable_leftover(self, now: float) -> None:
        """flushUnschedulablePodsLeftover: strict > on the time since the last failure."""
        from scheduler_core.framework.cluster_events import UNSCHEDULABLE_TIMEOUT
        for qpi in list(self._unschedulable.values()):
            if not qpi.gated and now - qpi.timestamp > self.max_in_unschedulable:
                self._requeue(qpi, _AFTER_BACKOFF, now, UNSCHEDULABLE, UNSCHEDULABLE_TIMEOUT.label)

    def flush_backoff_completed(self, now: float) -> None:
        """flushBackoffQCompleted: every pod whose backoff window has passed goes to activeQ."""
        for entries in (self._backoff_sorted, self._error_backoff_sorted):
            while entries and not self._backing_off(self._backoff[entries[0][-1]][1], now):
                qpi = self._pop_backoff(entries)
                assert qpi is not None
                self._move_to_active_q(qpi, BACKOFF, "BackoffComplete")

    # upstream: Activate: the PodsToActivate (podsToActivate) of a cycle
    def activate(self, key: str, now: float) -> None:
        """Activate: straight to activeQ (ForceActivate); in-flight pods remember a wildcard event."""
        from scheduler_core.framework.cluster_events import FORCE_ACTIVATE
        if key in self._in_flight:
            self._in_flight_events.append((FORCE_ACTIVATE, None, key))
            self.move_request_cycle = self.scheduling_cycle
            return
        qpi = self._unschedulable.get(key)
        source = UNSCHEDULABLE
        if qpi is None and key in self._backoff:
            qpi, source = self._remove_backoff(key), BACKOFF
        if qpi is None or (source == UNSCHEDULABLE and qpi.gated):
            return
        self._unschedulable.pop(key, None)
        self._move_to_active_q(qpi, source, FORCE_ACTIVATE.label)

    def update(self, old: Pod, new: Pod, event: ClusterEvent, now: float) -> None:
        """PriorityQueue.Update for an unassigned pod (e.g. scheduling gates removed)."""
        key = new.key
        if key in self._in_flight:
            self._in_flight[key][0].pod = new
            self._in_flight_events.append((event, old, new))
            return
        for store in (self._active, self._backoff):
            if key in store:
                store[key][1].pod = new
                return
        qpi = self._unschedulable.get(key)
        if qpi is not None:
            qpi.pod = new
            if not self.queueing_hints and not qpi.gated:
                # Without queueing hints (before v1.32) any change but status/metadata bookkeeping
                # (isPodUpdated) requeues the pod: backoffQ while backing off, else activeQ.
                self._requeue(qpi, _AFTER_BACKOFF, now, UNSCHEDULABLE, event.label)
                return
            self._consider(qpi, event, old, new, now)

    def reevaluate_gate(self, key: str, now: float, event: str) -> None:
        """Re-run PreEnqueue for a gated pod whose gate may have opened (async preemption done)."""
        qpi = self._unschedulable.get(key)
        if qpi is None or not qpi.gated:
            return
        status, _ = self._pre_enqueue(qpi.pod)
        if not status.is_success:
            return
        qpi.gating_plugin = ""
        if qpi.attempts == 0 or not qpi.rejectors:
            del self._unschedulable[key]
            self._requeue(qpi, _AFTER_BACKOFF, now, GATED, event)
        else:
            self._unschedulable[key] = self._unschedulable.pop(key)
            self._on_move(key, GATED, UNSCHEDULABLE, event, None, qpi.rejectors)

    def delete(self, key: str) -> None:
        if key in self._active:
            self._remove_active(key)
        if key in self._backoff:
            self._remove_backoff(key)
        self._unschedulable.pop(key, None)
        self._in_flight.pop(key, None)
        self.nominator.delete(key)

    # ---- inspection ---------------------------------------------------------------------

    def location(self, key: str) -> str | None:
        if key in self._active:
            return ACTIVE
        if key in self._backoff:
            return BACKOFF
        if key in self._in_flight:
            return IN_FLIGHT
        qpi = self._unschedulable.get(key)
        if qpi is None:
            return None
        return GATED if qpi.gated else UNSCHEDULABLE

    def get(self, key: str) -> QueuedPodInfo | None:
        for store in (self._active, self._backoff):
            if key in store:
                return store[key][1]
        if key in self._in_flight:
            return self._in_flight[key][0]
        return self._unschedulable.get(key)

    @property
    def has_active(self) -> bool:
        return bool(self._active)

    @property
    def can_pop(self) -> bool:
        return bool(self._active) or (self.pop_from_backoff_q and self._has_normal_backoff())

    def _has_normal_backoff(self) -> bool:
        return bool(self._backoff_sorted)

    @property
    def backoff_len(self) -> int:
        return len(self._backoff)

    def unschedulable_infos(self) -> list[QueuedPodInfo]:
        return list(self._unschedulable.values())

    def next_backoff_release(self) -> float | None:
        heads = [entries[0][0] for entries in (self._backoff_sorted, self._error_backoff_sorted) if entries]
        return min(heads) if heads else None

    def active_keys(self) -> list[str]:
        return [e[-1] for e in self._active_sorted]

    def backoff_entries(self) -> list[tuple[str, float]]:
        return [(e[-1], e[0]) for e in sorted(self._backoff_sorted + self._error_backoff_sorted)]

    def pending_counts(self) -> dict[str, int]:
        gated = sum(1 for q in self._unschedulable.values() if q.gated)
        return {"active": len(self._active), "backoff": len(self._backoff),
                "unschedulable": len(self._unschedulable) - gated, "gated": gated}

    # ---- internals ----------------------------------------------------------------------

    def _backing_off(self, qpi: QueuedPodInfo, now: float) -> bool:
        return is_backing_off(qpi, now, *self._backoff_args)

    def _release_time(self, qpi: QueuedPodInfo) -> float:
        return backoff_release_time(qpi, *self._backoff_args)

    def _consider(self, qpi: QueuedPodInfo, event: ClusterEvent, old: Any, new: Any, now: float) -> None:
        if qpi.gated:
            if self._hints.matches(qpi.gating_plugin, event, qpi, old, new) or self._is_own_update(qpi, new):
                status, _ = self._pre_enqueue(qpi.pod)
                if status.is_success:
                    self._requeue(qpi, _AFTER_BACKOFF, now, GATED, event.label)
            return
        strategy = self._hints.strategy(qpi, event, old, new)
        if strategy != _SKIP:
            self._requeue(qpi, strategy, now, UNSCHEDULABLE, event.label)

    @staticmethod
    def _is_own_update(qpi: QueuedPodInfo, new: Any) -> bool:
        return isinstance(new, Pod) and new.key == qpi.key and not new.scheduling_gates \
            and qpi.gating_plugin == "SchedulingGates"

    def _requeue(self, qpi: QueuedPodInfo, strategy: int, now: float, source: str | None, event: str) -> None:
        """requeuePodWithQueueingStrategy."""
        self._unschedulable.pop(qpi.key, None)
        if strategy == _SKIP:
            qpi.gating_plugin = ""
            self._unschedulable[qpi.key] = qpi
            self._on_move(qpi.key, source, UNSCHEDULABLE, event, None, qpi.rejectors)
        elif strategy == _AFTER_BACKOFF and self._backing_off(qpi, now):
            self._move_to_backoff_q(qpi, source, event)
        else:
            self._move_to_active_q(qpi, source, event)

    def _gate(self, qpi: QueuedPodInfo, source: str | None, event: str) -> bool:
        status, plugin = self._pre_enqueue(qpi.pod)
        if status.is_success:
            qpi.gating_plugin = ""
            return False
        qpi.gating_plugin, qpi.gating_message = plugin, status.message
        self._unschedulable.pop(qpi.key, None)
        self._unschedulable[qpi.key] = qpi
        self._on_move(qpi.key, source, GATED, event, None, (plugin,))
        return True

    # upstream: scheduling_queue.go moveToActiveQ (runPreEnqueuePlugins first)
    def _move_to_active_q(self, qpi: QueuedPodInfo, source: str | None, event: str, only_gate: bool = False) -> None:
        if self._gate(qpi, source, event):
            return
        if only_gate:
            self._unschedulable.pop(qpi.key, None)
            self._unschedulable[qpi.key] = qpi
            self._on_move(qpi.key, source, UNSCHEDULABLE, event, None, qpi.rejectors)
            return
        entry: ActiveEntry = (-qpi.pod.priority, qpi.timestamp, next(self._counter), qpi.key)
        self._active[qpi.key] = (entry, qpi)
        index = bisect.bisect_left(self._active_sorted, entry)
        self._active_sorted.insert(index, entry)
        self._on_move(qpi.key, source, ACTIVE, event, None, (), index)

    def _move_to_backoff_q(self, qpi: QueuedPodInfo, source: str | None, event: str) -> None:
        if self._gate(qpi, source, event):  # v1.33+: PreEnqueue runs on entering backoffQ too
            return
        release = self._release_time(qpi)
        entry: BackoffEntry = (release, -qpi.pod.priority, qpi.timestamp, next(self._counter), qpi.key)
        self._backoff[qpi.key] = (entry, qpi)
        entries = self._backoff_sorted if qpi.rejectors else self._error_backoff_sorted
        bisect.insort(entries, entry)
        index = bisect.bisect_left(self._backoff_sorted, entry) + bisect.bisect_left(self._error_backoff_sorted, entry)
        self._on_move(qpi.key, source, BACKOFF, event, release, (), index)

    def _pop_active(self) -> QueuedPodInfo | None:
        if not self._active_sorted:
            return None
        entry = self._active_sorted.pop(0)
        return self._active.pop(entry[-1])[1]

    def _remove_active(self, key: str) -> QueuedPodInfo:
        entry, qpi = self._active.pop(key)
        del self._active_sorted[bisect.bisect_left(self._active_sorted, entry)]
        return qpi

    def _pop_backoff(self, entries: list[BackoffEntry]) -> QueuedPodInfo | None:
        if not entries:
            return None
        entry = entries.pop(0)
        return self._backoff.pop(entry[-1])[1]

    def _remove_backoff(self, key: str) -> QueuedPodInfo:
        entry, qpi = self._backoff.pop(key)
        for entries in (self._backoff_sorted, self._error_backoff_sorted):
            index = bisect.bisect_left(entries, entry)
            if index < len(entries) and entries[index] == entry:
                del entries[index]
        return qpi
