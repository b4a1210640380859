"""SchedulingGates (plugins/schedulinggates/scheduling_gates.go): PreEnqueue holds gated pods."""
from __future__ import annotations

from typing import Any, ClassVar

from scheduler_core.framework import cluster_events as ev
from scheduler_core.framework.interface import Status
from scheduler_core.objects import Pod


class SchedulingGates:
    name: ClassVar[str] = "SchedulingGates"

    def pre_enqueue(self, pod: Pod) -> Status:
        if not pod.scheduling_gates:
            return Status.success()
        # fmt.Sprintf("%v", []string{...}) prints "[g1 g2]"
        return Status.unresolvable(f"waiting for scheduling gates: [{' '.join(pod.scheduling_gates)}]")

    def events_to_register(self) -> list[ev.ClusterEventWithHint]:
        return [ev.ClusterEventWithHint(ev.POD_SCHEDULING_GATES_ELIMINATED, self.is_schedulable_after_gates_eliminated)]

    def is_schedulable_after_gates_eliminated(self, pod: Pod, old_obj: Any, new_obj: Any) -> str:
        """Only the pod's own gates being lifted can release it."""
        return ev.QUEUE if isinstance(new_obj, Pod) and new_obj.uid == pod.uid else ev.SKIP
