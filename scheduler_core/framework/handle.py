"""What a plugin may reach of the scheduler: upstream's framework.Handle, narrowed to what the
in-tree plugins the model runs use (pkg/scheduler/framework/interface.go: Handle).

The Simulation is the one implementation (mypy checks it where the plugins are built,
framework/registry.py). A plugin that needs more asks for it here, so the list stays the
contract between the plugins and the engine.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from scheduler_core.cluster_state import ClusterState
    from scheduler_core.framework.runtime import Framework
    from scheduler_core.objects import Pod
    from scheduler_core.preemption.evaluator import Candidate
    from scheduler_core.queue import PriorityQueue


class Handle(Protocol):
    # upstream: Handle.SnapshotSharedLister (and ClientSet for the binder's Bind call)
    cluster: ClusterState
    # upstream: Handle's RunFilterPluginsWithNominatedPods & co., for preemption's dry runs
    framework: Framework
    # upstream: Handle.PodNominator (queue.nominator) and the scheduling cycle for the trace
    queue: PriorityQueue
    # upstream: the preemption's random tie-break (the run's seeded RNG)
    rng: random.Random

    @property
    def now(self) -> float:
        """The virtual clock."""

    def emit(self, kind: str, **fields: Any) -> None:
        """upstream: Handle.EventRecorder — plus the model's trace events."""

    def prepare_candidate(self, preemptor: Pod, candidate: Candidate, asynchronous: bool) -> None:
        """upstream: Evaluator.prepareCandidate's API calls (victim deletion, nominations)."""

    def is_pod_running_preemption(self, uid: str) -> bool:
        """upstream: Evaluator.IsPodRunningPreemption (async preemption)."""
