"""flushUnschedulablePodsLeftover (spec §2.8, §8 item 19): retried after 5 min even if nothing changed."""
from __future__ import annotations

from scheduler_core import Simulation

SCENARIO = """
apiVersion: v1
kind: Node
metadata: {name: small}
status: {allocatable: {cpu: "1", memory: 4Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: big}
spec:
  containers: [{name: c, resources: {requests: {cpu: "2"}}}]
"""


def _attempt_times(sim: Simulation) -> list[float]:
    return [e["t"] for e in sim.events if e["kind"] == "cycle.started"]


def test_a_stuck_pod_is_retried_every_five_minutes_when_time_runs_on() -> None:
    sim = Simulation.from_yaml(SCENARIO)
    sim.run(until=1000)
    flushed = [e for e in sim.events if e["kind"] == "queue.moved" and e["event"] == "UnschedulableTimeout"]
    # Failed at t=0; flush ticks every 30 s move it once now - timestamp > 300 s.
    assert [e["t"] for e in flushed] == [330.0, 660.0, 990.0]
    assert len(_attempt_times(sim)) == 4


def test_a_stuck_pod_alone_does_not_keep_the_simulation_busy() -> None:
    sim = Simulation.from_yaml(SCENARIO)
    sim.run()
    assert sim.quiescent and sim.now == 0.0 and len(_attempt_times(sim)) == 1


def test_stepping_a_quiescent_simulation_reaches_the_next_flush_retry() -> None:
    sim = Simulation.from_yaml(SCENARIO)
    sim.run()
    sim.step()
    assert _attempt_times(sim)[-1] == 330.0
