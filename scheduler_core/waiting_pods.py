"""Waiting pods (framework/runtime/waiting_pods_map.go): pods a Permit plugin told to Wait.

A waiting pod is assumed on its node (the cache counts it there) while its binding cycle blocks in
WaitOnPermit. Allow(plugin) takes a plugin off the pending list and signals success once none is
left; Reject(plugin, msg) signals Unschedulable; each pending plugin's timer rejects with
"rejected due to timeout after waiting <d> at plugin <p>". The first signal wins (upstream's
channel has room for one and sends without blocking), later ones are dropped.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scheduler_core.framework.interface import Code, CycleState, Status
from scheduler_core.object_views import t
from scheduler_core.queue import QueuedPodInfo


@dataclass
class WaitingPod:
    qpi: QueuedPodInfo
    node: str
    cycle: int
    state: CycleState
    since: float
    waits: dict[str, float]  # plugin -> the wait it asked for (capped), in RunPermitPlugins' order
    serial: int  # tells this wait's timers from an earlier wait's of the same pod
    pending: list[str] = field(default_factory=list)
    signal: Status | None = None

    def __post_init__(self) -> None:
        self.pending = list(self.waits)

    @property
    def key(self) -> str:
        return self.qpi.key

    @property
    def until(self) -> float:
        return self.since + min(self.waits.values())

    def allow(self, plugin: str) -> None:
        if plugin in self.pending:
            self.pending.remove(plugin)
        if not self.pending and self.signal is None:
            self.signal = Status.success()

    def reject(self, plugin: str, message: str) -> None:
        if self.signal is None:
            self.signal = Status(Code.UNSCHEDULABLE, (message,), plugin)

    def timeout_message(self, plugin: str) -> str:
        return f"rejected due to timeout after waiting {go_duration(self.waits[plugin])} at plugin {plugin}"

    def view(self) -> dict[str, Any]:
        """State.waitingPods entry (docs/events.md)."""
        return {"pod": self.key, "node": self.node, "cycle": self.cycle, "plugins": list(self.pending),
                "until": t(self.until)}


def go_duration(seconds: float) -> str:
    """time.Duration's String() for whole and fractional seconds: 30s, 1m0s, 1m30s, 15m0s, 1h0m0s, 1.5s."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{secs:g}s"
    if hours:
        return f"{int(hours)}h{int(minutes)}m{text}"
    if minutes:
        return f"{int(minutes)}m{text}"
    return text
