"""DefaultPreemption (plugins/defaultpreemption/default_preemption.go): PostFilter + PreEnqueue.

The handle (framework/handle.py: the Simulation behind it) gives the cluster, framework, queue, RNG and clock, and carries
out the API calls of prepareCandidate (victim deletion, clearing lower nominations) at virtual time.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scheduler_core.framework.handle import Handle

from typing import Any

from scheduler_core.diagnosis import Diagnosis
from scheduler_core.framework.cluster_events import POD_DELETE, SKIP, ClusterEventWithHint
from scheduler_core.framework.interface import CycleState, Status
from scheduler_core.objects import Pod
from scheduler_core.preemption.evaluator import Evaluator
from scheduler_core.preemption.whatif import VictimsMemo

NAME = "DefaultPreemption"
WAITING_FOR_PREEMPTION = "waiting for the preemption for this pod to be finished"


class DefaultPreemption:
    name = NAME

    def __init__(self, handle: Handle, async_preemption: bool = True,
                 min_candidate_nodes_percentage: int = 10, min_candidate_nodes_absolute: int = 100) -> None:
        self.handle = handle
        self.async_preemption = async_preemption
        self.min_percentage = min_candidate_nodes_percentage
        self.min_absolute = min_candidate_nodes_absolute
        self._memo: VictimsMemo | None = None  # the preemption fast path's results between cycles
        self._memo_cluster: Any = None

    def pre_enqueue(self, pod: Pod) -> Status:
        """While the async preemption for this pod runs, the pod may not enter activeQ/backoffQ."""
        if self.async_preemption and self.handle.is_pod_running_preemption(pod.uid):
            return Status.unresolvable(WAITING_FOR_PREEMPTION, plugin=NAME)
        return Status.success()

    def events_to_register(self) -> list[ClusterEventWithHint]:
        if not self.async_preemption:
            return []
        # Only lets the queue re-check the gate; the rejector plugins decide the requeue.
        return [ClusterEventWithHint(POD_DELETE, lambda pod, old, new: SKIP)]

    def post_filter(self, state: CycleState, pod: Pod, diagnosis: Diagnosis) -> tuple[str | None, Status]:
        h = self.handle
        if self._memo is None or self._memo_cluster is not h.cluster:
            self._memo, self._memo_cluster = VictimsMemo(h.cluster), h.cluster
        evaluator = Evaluator(h.framework, h.cluster, h.rng, lambda: h.now, self.min_percentage, self.min_absolute,
                              self._memo, h.queue.nominator.nodes())
        outcome = evaluator.preempt(state, pod, diagnosis)
        status = outcome.status
        if status.message:
            status = Status(status.code, ("preemption: " + status.message,), NAME)
        h.emit("preemption.evaluated", cycle=h.queue.scheduling_cycle, pod=pod.key,
               message=status.message, **outcome.trace)
        if outcome.chosen is not None:
            h.prepare_candidate(pod, outcome.chosen, asynchronous=self.async_preemption)
        return outcome.nominating, status.with_plugin(NAME)
