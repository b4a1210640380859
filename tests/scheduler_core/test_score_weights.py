"""A score plugin's weight 0 runs as weight 1, as upstream's framework.go getScoreWeights (v1.34) does:
"a weight of zero is not permitted, plugins can be disabled explicitly when configured"."""
from __future__ import annotations

import pytest

from scheduler_core import SchedulerConfig, Simulation

SCENARIO = """
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {zone: a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {zone: b}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default}
spec:
  affinity:
    nodeAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        preference: {matchExpressions: [{key: zone, operator: In, values: [a]}]}
  containers: [{name: c, image: x, resources: {requests: {cpu: 100m}}}]
"""


@pytest.mark.parametrize("configured, runs_with", [(0, 1), (1, 1), (5, 5)])
def test_a_score_weight_of_zero_runs_as_one(configured: int, runs_with: int) -> None:
    config = {"plugin_weights": {"NodeAffinity": configured}}
    assert SchedulerConfig.from_json(config).weight("NodeAffinity") == runs_with
    sim = Simulation.from_yaml(SCENARIO, seed=0, config=config)
    sim.run()
    scored = next(e for e in sim.events if e["kind"] == "cycle.scored")
    assert scored["weights"]["NodeAffinity"] == runs_with
    assert scored["scores"]["n1"]["NodeAffinity"] == 100 * runs_with
    assert scored["totals"]["n1"] - scored["totals"]["n2"] == 100 * runs_with
    assert scored["chosen"] == "n1"
