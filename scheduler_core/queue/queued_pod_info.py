"""QueuedPodInfo (framework/types.go) and the backoff arithmetic (backend/queue/backoff_queue.go)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from scheduler_core.objects import Pod

ACTIVE = "active"
BACKOFF = "backoff"
UNSCHEDULABLE = "unschedulable"
GATED = "gated"
IN_FLIGHT = "inFlight"


@dataclass
# upstream: framework.QueuedPodInfo: Timestamp, InitialAttemptTimestamp, Attempts, UnschedulableCount, ConsecutiveErrorsCount, UnschedulablePlugins, PendingPlugins, GatingPlugin (GatingPluginEvents and BackoffExpiration are derived: backoff_expiration below)
class QueuedPodInfo:
    pod: Pod
    timestamp: float  # queue-entry time, reset on every failure (PrioritySort tie-break)
    initial_attempt_timestamp: float | None = None
    attempts: int = 0
    unschedulable_count: int = 0
    consecutive_errors_count: int = 0
    unschedulable_plugins: tuple[str, ...] = ()
    pending_plugins: tuple[str, ...] = ()
    gating_plugin: str = ""
    message: str = ""  # last failure message (FailedScheduling text)
    gating_message: str = ""
    # Cluster generation at the last failure: nothing changed since → retrying is pointless.
    failed_generation: int = -1

    @property
    def key(self) -> str:
        return self.pod.key

    @property
    def rejectors(self) -> tuple[str, ...]:
        return self.unschedulable_plugins + self.pending_plugins

    @property
    def gated(self) -> bool:
        return bool(self.gating_plugin)


def backoff_duration(attempts: int, initial: int, maximum: int) -> int:
    """calculateBackoffDuration: initial × 2^(attempts−1) capped at maximum; 0 before any attempt."""
    if attempts == 0:
        return 0
    duration = initial
    for _ in range(1, attempts):
        if duration > maximum - duration:
            return maximum
        duration += duration
    return min(duration, maximum)


# upstream: QueuedPodInfo.BackoffExpiration / getBackoffTime
def backoff_expiration(qpi: QueuedPodInfo, initial: int, maximum: int, whole_seconds: bool) -> float:
    """getBackoffTime: Timestamp + duration, truncated to the second with PopFromBackoffQ (v1.33+)."""
    expiry = qpi.timestamp + backoff_duration(qpi.attempts, initial, maximum)
    return float(math.floor(expiry)) if whole_seconds else expiry


def is_backing_off(qpi: QueuedPodInfo, now: float, initial: int, maximum: int, whole_seconds: bool) -> bool:
    """isPodBackingoff. v1.33+: still backing off while the expiry window is not before now's window."""
    if qpi.attempts == 0:
        return False
    expiry = backoff_expiration(qpi, initial, maximum, whole_seconds)
    if whole_seconds:
        return expiry >= math.floor(now)
    return expiry > now


# upstream: backoffQueue waitUntilAlignedWithOrderingWindow (v1.33+: released at floor(expiration) + 1 s)
def backoff_release_time(qpi: QueuedPodInfo, initial: int, maximum: int, whole_seconds: bool) -> float:
    """The flush tick (every whole second) at which flushBackoffQCompleted moves the pod."""
    expiry = backoff_expiration(qpi, initial, maximum, whole_seconds)
    if whole_seconds:
        return expiry + 1.0
    return float(math.ceil(expiry))
