"""Differential test: the fast paths (scheduler_core/fastpaths.py) give byte-identical event streams.

Each generated cluster (PDBs, pod affinity/anti-affinity, topology spread, host ports, node
selectors and taints, mixed priorities and preemption policies, bound and nominated pods, graceful
deletions that leave pods terminating, cordons and new nodes mid-run) runs twice — fast paths on,
then off (the general reference path) — and the JSON of every event, trace included, must match.

``DIFFERENTIAL_CLUSTERS=5000`` (default 500) runs more clusters. As a script,
``python tests/scheduler_core/test_differential.py --digests N`` prints one SHA-256 of the event
stream per cluster with the fast paths as they are, so two checkouts can be compared (the generator
uses only the public Simulation API).
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from typing import Any

import pytest

from scheduler_core import CommandError, Simulation

CLUSTERS = int(os.environ.get("DIFFERENTIAL_CLUSTERS", "500"))
APPS = ("a", "b", "c")
CLASSES = (("low", 10, "PreemptLowerPriority"), ("mid", 50, "PreemptLowerPriority"),
           ("high", 100, "PreemptLowerPriority"), ("never", 200, "Never"))
CONFIGS: tuple[dict[str, Any] | None, ...] = (
    None, None, {"min_candidate_nodes_absolute": 1}, {"min_candidate_nodes_absolute": 2, "version": "v1.31"},
    {"async_preemption": False}, {"queueing_hints": False, "min_candidate_nodes_absolute": 1},
)


def _selector(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.7:
        return {"matchLabels": {"app": rng.choice(APPS)}}
    return {"matchExpressions": [{"key": "app", "operator": "In", "values": rng.sample(APPS, 2)}]}


def _affinity(rng: random.Random) -> dict[str, Any]:
    affinity: dict[str, Any] = {}
    for kind in ("podAffinity", "podAntiAffinity"):
        if rng.random() < 0.5:
            continue
        key = rng.choice(["kubernetes.io/hostname", "zone"])
        if rng.random() < 0.5:
            affinity[kind] = {"requiredDuringSchedulingIgnoredDuringExecution": [
                {"topologyKey": key, "labelSelector": _selector(rng)}]}
        else:
            affinity[kind] = {"preferredDuringSchedulingIgnoredDuringExecution": [
                {"weight": rng.choice([1, 50, 100]), "podAffinityTerm": {"topologyKey": key, "labelSelector": _selector(rng)}}]}
    if rng.random() < 0.15:
        affinity["nodeAffinity"] = {"preferredDuringSchedulingIgnoredDuringExecution": [
            {"weight": 10, "preference": {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["x"]}]}}]}
    return affinity


def _pod(rng: random.Random, name: str, nodes: list[str], now_bound: bool, classes: tuple[str, ...]) -> dict[str, Any]:
    container: dict[str, Any] = {"name": "c", "resources": {"requests": {
        "cpu": f"{rng.choice([0, 100, 300, 500, 700, 900, 1200])}m", "memory": f"{rng.choice([0, 64, 512, 1024])}Mi"}}}
    if rng.random() < 0.12:
        container["ports"] = [{"containerPort": 80, "hostPort": rng.choice([8080, 8081])}]
    spec: dict[str, Any] = {"containers": [container]}
    if rng.random() < 0.8:
        spec["priorityClassName"] = rng.choice(classes)
    if rng.random() < 0.15:
        spec["tolerations"] = [{"key": "k", "operator": "Exists"}]
    if rng.random() < 0.1:
        spec["nodeSelector"] = {"zone": rng.choice("xy")}
    if rng.random() < 0.5:
        spec["terminationGracePeriodSeconds"] = rng.choice([0, 0, 3, 30])
    if rng.random() < 0.2:
        spec["topologySpreadConstraints"] = [{
            "maxSkew": rng.choice([1, 2]), "topologyKey": rng.choice(["zone", "kubernetes.io/hostname"]),
            "whenUnsatisfiable": rng.choice(["DoNotSchedule", "ScheduleAnyway"]), "labelSelector": _selector(rng)}]
    if rng.random() < 0.3:
        affinity = _affinity(rng)
        if affinity:
            spec["affinity"] = affinity
    status: dict[str, Any] = {}
    if now_bound:
        spec["nodeName"] = rng.choice(nodes)
        status["startTime"] = f"2025-01-01T00:00:{rng.randrange(60):02d}Z"
    elif rng.random() < 0.1:
        status["nominatedNodeName"] = rng.choice(nodes)
    doc = {"apiVersion": "v1", "kind": "Pod",
           "metadata": {"name": name, "labels": {"app": rng.choice(APPS)}}, "spec": spec}
    if status:
        doc["status"] = status
    return doc


def _node(rng: random.Random, name: str) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    if rng.random() < 0.15:
        spec["taints"] = [{"key": "k", "value": "v", "effect": rng.choice(["NoSchedule", "PreferNoSchedule"])}]
    if rng.random() < 0.05:
        spec["unschedulable"] = True
    return {"apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name, "labels": {"zone": rng.choice("xyz"), "kubernetes.io/hostname": name}},
            "spec": spec, "status": {"allocatable": {
                "cpu": rng.choice(["1", "2", "3"]), "memory": rng.choice(["2Gi", "4Gi"]),
                "pods": str(rng.choice([3, 5, 110]))}}}


def _scenario(rng: random.Random) -> tuple[list[dict[str, Any]], list[str]]:
    docs: list[dict[str, Any]] = [
        {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name},
         "value": value, "preemptionPolicy": policy} for name, value, policy in CLASSES]
    for i in range(rng.choice([0, 1, 1, 2])):
        budget = {"minAvailable": rng.choice([1, 2, "50%"])} if rng.random() < 0.6 else {
            "maxUnavailable": rng.choice([0, 1])}
        docs.append({"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": f"pdb{i}"},
                     "spec": {**budget, "selector": {"matchLabels": {"app": rng.choice(APPS)}}}})
    nodes = [f"n{i}" for i in range(rng.randint(2, 7))]
    if rng.random() < 0.3:  # names that are also resource names: keys must never be confused
        nodes[0] = rng.choice(["cpu", "memory", "pods"])
    docs += [_node(rng, name) for name in nodes]
    docs += [_pod(rng, f"p{i}", nodes, rng.random() < 0.6, ("low", "low", "mid", "high")) for i in range(rng.randint(4, 18))]
    return docs, nodes


def _command(rng: random.Random, i: int, sim: Simulation, nodes: list[str]) -> dict[str, Any]:
    pods = sorted(sim.cluster.pods) or ["default/none"]
    roll = rng.random()
    if roll < 0.55:
        return {"type": "add_pod", "manifest": _pod(rng, f"c{i}", nodes, False, ("low", "mid", "high", "high", "never"))}
    if roll < 0.75:
        return {"type": "delete_pod", "pod": rng.choice(pods)}
    if roll < 0.82:
        name = f"m{i}"
        nodes.append(name)
        return {"type": "add_node", "manifest": _node(rng, name)}
    if roll < 0.9:
        return {"type": rng.choice(["cordon", "uncordon"]), "node": rng.choice(nodes)}
    if roll < 0.95:
        return {"type": "set_node_labels", "node": rng.choice(nodes),
                "labels": {"zone": rng.choice("xyz"), "kubernetes.io/hostname": "h"}}
    return {"type": "delete_node", "node": rng.choice(nodes)}


def run_cluster(seed: int) -> str:
    """The JSON text of every event of one generated cluster's run."""
    rng = random.Random(seed)
    docs, nodes = _scenario(rng)
    sim = Simulation.from_documents(docs, seed=seed, config=CONFIGS[seed % len(CONFIGS)])
    for i in range(rng.randint(3, 10)):
        for _ in range(rng.randrange(6)):
            sim.advance()
        try:
            sim.apply(_command(rng, i, sim, nodes))
        except CommandError:
            pass
    sim.run(until=sim.now + 120, max_cycles=5_000)
    return json.dumps(sim.events, separators=(",", ":"))


def _first_difference(fast: str, general: str) -> str:
    a, b = json.loads(fast), json.loads(general)
    for x, y in zip(a, b):
        if x != y:
            return f"first differing event:\nfast:    {json.dumps(x)}\ngeneral: {json.dumps(y)}"
    return f"{len(a)} events with fast paths, {len(b)} without"


@pytest.mark.parametrize("block", [pytest.param(b, id=f"clusters {b * 50}-{b * 50 + 49}")
                                   for b in range((CLUSTERS + 49) // 50)])
def test_fast_paths_give_the_same_event_stream_as_the_general_path(block: int) -> None:
    from scheduler_core import fastpaths
    for seed in range(block * 50, min(CLUSTERS, block * 50 + 50)):
        fast = run_cluster(seed)
        with fastpaths.disabled():
            general = run_cluster(seed)
        assert fast == general, f"cluster {seed}: " + _first_difference(fast, general)


def test_the_generated_clusters_exercise_the_fast_and_the_general_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison is only worth its time if preemption with victims, terminating and nominated
    pods happen, and if both the fast paths and their fallbacks actually run."""
    from scheduler_core.framework.whatif import ResourceChain
    from scheduler_core.preemption import evaluator, whatif

    used: dict[str, int] = {}

    def count(name: str, real: Any) -> Any:
        def spy(*args: Any, **kwargs: Any) -> Any:
            result = real(*args, **kwargs)
            key = f"{name}:{'none' if result is None else 'value'}"
            used[key] = used.get(key, 0) + 1
            return result
        return spy

    monkeypatch.setattr(whatif.ResourceOnlyVictims, "select", count("select", whatif.ResourceOnlyVictims.select))
    monkeypatch.setattr(ResourceChain, "with_nominated_pods", count("nominated", ResourceChain.with_nominated_pods))
    monkeypatch.setattr(evaluator, "select_victims_on_node", count("general", evaluator.select_victims_on_node))
    kinds: dict[str, int] = {}
    for seed in range(60):
        for event in json.loads(run_cluster(seed)):
            kinds[event["kind"]] = kinds.get(event["kind"], 0) + 1
            if event["kind"] == "preemption.evaluated" and event["victims"]:
                kinds["victims"] = kinds.get("victims", 0) + 1
    assert kinds.get("victims", 0) >= 20, kinds
    assert kinds.get("pod.terminating", 0) >= 20, kinds
    assert kinds.get("pod.nominated", 0) >= 20, kinds
    assert used.get("select:value", 0) >= 100, used  # the arithmetic what-if answered
    assert used.get("general:value", 0) >= 20, used  # the general path ran (fallback or no fast path)
    assert used.get("nominated:value", 0) >= 5, used  # nominated nodes were judged on a view


def big_shapes() -> dict[str, str]:
    """Event streams of a few larger clusters (hundreds of nodes: many tied scores, candidate
    searches that stop early, nominations piling up), for comparing two checkouts."""
    def node(i: int) -> dict[str, Any]:
        return {"apiVersion": "v1", "kind": "Node", "metadata": {"name": f"n{i}"},
                "status": {"allocatable": {"cpu": "4", "memory": "32Gi", "pods": "110"}}}

    def pod(name: str, cpu: str, cls: str | None = None, grace: int = 30) -> dict[str, Any]:
        spec: dict[str, Any] = {"terminationGracePeriodSeconds": grace,
                                "containers": [{"name": "c", "resources": {"requests": {"cpu": cpu, "memory": "500Mi"}}}]}
        if cls:
            spec["priorityClassName"] = cls
        return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": spec}

    classes = [{"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name},
                "value": value} for name, value in (("low", 1), ("high", 10))]
    out: dict[str, str] = {}
    shapes = {
        "scheduling-500-nodes": ([node(i) for i in range(500)], [pod(f"p{i}", "100m") for i in range(600)], []),
        "preemption-300-nodes": ([node(i) for i in range(300)],
                                 [pod(f"low{i}", "900m", "low", 0) for i in range(1000)],
                                 [pod(f"high{i}", "3", "high") for i in range(150)]),
    }
    for name, (nodes, first, later) in shapes.items():
        sim = Simulation.from_documents(classes + nodes + first, seed=3)
        sim.run()
        for manifest in later:
            sim.apply({"type": "add_pod", "manifest": manifest})
        sim.run()
        out[name] = hashlib.sha256(json.dumps(sim.events, separators=(",", ":")).encode()).hexdigest()
    return out


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--digests":
        for seed in range(int(sys.argv[2])):
            print(seed, hashlib.sha256(run_cluster(seed).encode()).hexdigest())
        for name, digest in big_shapes().items():
            print(name, digest)
    else:
        raise SystemExit(__doc__)
