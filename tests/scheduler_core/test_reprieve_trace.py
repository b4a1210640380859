"""preemption.evaluated's `reprieve` shows SelectVictimsOnNode's order on the chosen node: the pods whose
eviction would violate a PDB first, then the rest, each by importance; the pods that did not fit back are
the victims (default_preemption.go SelectVictimsOnNode)."""
from __future__ import annotations

from scheduler_core import Simulation

SCENARIO = """
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: p5}
value: 5
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: p10}
value: 10
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: p20}
value: 20
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: p100}
value: 100
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "3", memory: 8Gi, pods: "110"}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: db, namespace: default}
spec: {minAvailable: 1, selector: {matchLabels: {app: db}}}
---
apiVersion: v1
kind: Pod
metadata: {name: a, namespace: default, labels: {app: db}}
spec: {nodeName: n1, priorityClassName: p10, containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: b, namespace: default}
spec: {nodeName: n1, priorityClassName: p20, containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: c, namespace: default}
spec: {nodeName: n1, priorityClassName: p5, containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: urgent, namespace: default}
spec: {priorityClassName: p100, containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]}
"""


def test_the_reprieve_order_puts_pdb_violating_pods_first() -> None:
    sim = Simulation.from_yaml(SCENARIO, seed=0)
    sim.run()
    evaluated = next(e for e in sim.events if e["kind"] == "preemption.evaluated")
    assert evaluated["chosen"] == "n1"
    assert evaluated["reprieve"] == {"order": ["default/a", "default/b", "default/c"], "pdbViolating": 1}
    assert evaluated["victims"] == ["default/c"]
    assert (evaluated["numCandidates"], evaluated["offset"], evaluated["potentialNodes"]) == (1, 0, 1)
