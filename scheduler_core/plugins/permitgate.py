"""PermitGate: the playground's teaching Permit plugin (not an in-tree plugin; upstream's default
profile has no Permit plugin). Turned on by ``SchedulerConfig.permit_gate_label``.

For a pod whose labels match the selector, Permit returns Wait with the configured timeout: the
framework makes it a waiting pod (RunPermitPlugins → newWaitingPod), the pod stays assumed on its
node, and its binding cycle blocks in WaitOnPermit until someone calls ``Allow("PermitGate")`` or
``Reject("PermitGate", msg)`` on it (here the run commands ``allow_waiting_pod`` /
``reject_waiting_pod``, what an out-of-tree plugin such as coscheduling does from its own code),
or until the timeout rejects it. Every other pod gets Success.

A pod it rejected waits in unschedulablePods for the one event it registers: the pod's own labels
changing (Pod/UpdatePodLabel) — take the label off and the pod goes through — or the 5-minute flush.
"""
from __future__ import annotations

from typing import Any, ClassVar

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Code, CycleState, Status
from scheduler_core.objects import Pod

NAME = "PermitGate"


class PermitGate:
    name: ClassVar[str] = NAME

    def __init__(self, config: Any) -> None:
        key, has_value, value = config.permit_gate_label.partition("=")
        self.key = key
        self.value: str | None = value if has_value else None
        self.timeout = float(config.permit_gate_timeout_seconds)

    def gates(self, pod: Pod) -> bool:
        if self.key not in pod.labels:
            return False
        return self.value is None or pod.labels[self.key] == self.value

    def permit(self, state: CycleState, pod: Pod, node: str) -> tuple[Status, float]:
        """Permit → (status, timeout): Wait for a gated pod, Success for any other."""
        if not self.gates(pod):
            return Status.success(), 0.0
        return Status(Code.WAIT, (f"waiting for allow_waiting_pod or reject_waiting_pod (label {self.selector})",)), \
            self.timeout

    @property
    def selector(self) -> str:
        return self.key if self.value is None else f"{self.key}={self.value}"

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        return [ev.ClusterEventWithHint(ev.POD_LABEL_CHANGE, self._is_schedulable_after_label_change)]

    def _is_schedulable_after_label_change(self, pod: Pod, old: Any, new: Any) -> str:
        """Only the rejected pod's own label change can open the gate for it."""
        if isinstance(old, Pod) and isinstance(new, Pod) and new.key == pod.key and self.gates(old) and not self.gates(new):
            return ev.QUEUE
        return ev.SKIP
