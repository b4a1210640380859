"""Random clusters and command scripts: no crash, the fold matches, replay is identical."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scheduler_core import CommandError, Simulation
from scheduler_core.events import StateFolder, apply_event


def _pod(rng: random.Random, name: str) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": [{"name": "c", "resources": {"requests": {
        "cpu": f"{rng.choice([100, 500, 900, 1500])}m", "memory": f"{rng.choice([64, 512])}Mi"}}}]}
    if rng.random() < 0.5:
        spec["priorityClassName"] = rng.choice(["low", "high", "never"])
    if rng.random() < 0.2:
        spec["tolerations"] = [{"key": "k", "operator": "Exists"}]
    if rng.random() < 0.1:
        spec["schedulingGates"] = [{"name": "example.com/g"}]
    if rng.random() < 0.2:
        spec["terminationGracePeriodSeconds"] = rng.choice([0, 5])
    if rng.random() < 0.15:
        spec["topologySpreadConstraints"] = [{"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule",
                                              "labelSelector": {"matchLabels": {"app": "a"}}}]
    if rng.random() < 0.15:
        spec["affinity"] = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
            {"topologyKey": "kubernetes.io/hostname", "labelSelector": {"matchLabels": {"app": "b"}}}]}}
    labels = {"app": rng.choice(["a", "b"])}
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "labels": labels}, "spec": spec}


def _node(rng: random.Random, name: str) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    if rng.random() < 0.2:
        spec["taints"] = [{"key": "k", "value": "v", "effect": "NoSchedule"}]
    return {"apiVersion": "v1", "kind": "Node", "metadata": {"name": name, "labels": {"zone": rng.choice("xy")}},
            "spec": spec, "status": {"allocatable": {"cpu": "2", "memory": "2Gi", "pods": "10"}}}


def _scenario(rng: random.Random) -> list[dict[str, Any]]:
    classes: list[dict[str, Any]] = [
        {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": "low"}, "value": 10},
        {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": "high"}, "value": 100},
        {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": "never"}, "value": 200,
         "preemptionPolicy": "Never"},
        {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "a"},
         "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "a"}}}},
    ]
    return classes + [_node(rng, f"n{i}") for i in range(4)] + [_pod(rng, f"p{i}") for i in range(10)]


def _command(rng: random.Random, i: int, sim: Simulation) -> dict[str, Any]:
    pods = [p["key"] for p in sim.state()["pods"]] or ["default/none"]
    nodes = [n["name"] for n in sim.state()["nodes"]] or ["none"]
    return rng.choice([
        {"type": "add_pod", "manifest": _pod(rng, f"c{i}")},
        {"type": "add_pod", "manifest": _pod(rng, f"c{i}")},
        {"type": "add_pod", "manifest": _pod(rng, rng.choice(["p1", "p2"]))},  # again, once deleted
        {"type": "delete_pod", "pod": rng.choice(pods)},
        {"type": "add_node", "manifest": _node(rng, f"m{i}")},
        {"type": "delete_node", "node": rng.choice(nodes)},
        {"type": "cordon", "node": rng.choice(nodes)},
        {"type": "uncordon", "node": rng.choice(nodes)},
        {"type": "set_node_taints", "node": rng.choice(nodes), "taints": []},
        {"type": "set_node_labels", "node": rng.choice(nodes), "labels": {"zone": "x"}},
        {"type": "remove_scheduling_gates", "pod": rng.choice(pods)},
    ])


CONFIGS: list[dict[str, Any] | None] = [None, {"version": "v1.31"}, {"async_preemption": False}]


def _script(seed: int) -> Simulation:
    rng = random.Random(seed)
    sim = Simulation.from_documents(_scenario(rng), seed=seed, config=CONFIGS[seed % len(CONFIGS)])
    for i in range(12):
        for _ in range(rng.randrange(4)):
            sim.advance()
        try:
            sim.apply(_command(rng, i, sim))
        except CommandError:
            pass
    sim.run(until=sim.now + 400)
    return sim


@pytest.mark.parametrize("seed", range(12))
def test_random_scripts_fold_to_the_live_state_and_replay_identically(seed: int) -> None:
    sim = _script(seed)
    state = sim.events[0]["state"]
    for event in sim.events[1:]:
        state = apply_event(state, event)
    assert state == {**sim.state(), "time": state["time"]}
    folder = StateFolder()  # the in-place fold, indexes kept across every event
    for event in sim.events:
        folder.apply(event)
    assert folder.state == state
    assert json.dumps(_script(seed).events) == json.dumps(sim.events)
    restored = Simulation.restore(json.loads(json.dumps(sim.snapshot())))
    assert json.dumps(restored.events) == json.dumps(sim.events)
