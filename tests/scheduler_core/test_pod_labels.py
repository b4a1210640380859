"""`set_pod_labels` (kubectl label pod): the informer update kube-scheduler sees, per version.

pkg/scheduler/eventhandlers.go: updatePodInSchedulingQueue (unscheduled pod) and updatePodInCache
(bound pod: PodSchedulingPropertiesChange → MoveAllToActiveOrBackoffQueue with queueing hints,
AssignedPodUpdated → getUnschedulablePodsWithCrossTopologyTerm without).
"""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core import CommandError, SchedulerConfig, Simulation
from scheduler_core.events import apply_event
from tests.scheduler_core.simkit import of_kind


def node(name: str, cpu: str = "4") -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name, "labels": {"kubernetes.io/hostname": name}},
            "status": {"allocatable": {"cpu": cpu, "memory": "8Gi", "pods": "110"}}}


def pod(name: str, cpu: str = "100m", labels: dict[str, str] | None = None, node_name: str | None = None,
        affinity_to: dict[str, str] | None = None, spread: bool = False) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": [{"name": "c", "resources": {"requests": {"cpu": cpu}}}]}
    if node_name:
        spec["nodeName"] = node_name
    if affinity_to:
        spec["affinity"] = {"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
            {"labelSelector": {"matchLabels": affinity_to}, "topologyKey": "kubernetes.io/hostname"}]}}
    if spread:
        spec["topologySpreadConstraints"] = [{"maxSkew": 1, "topologyKey": "kubernetes.io/hostname",
                                              "whenUnsatisfiable": "DoNotSchedule",
                                              "labelSelector": {"matchLabels": {"app": "web"}}}]
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": name, "namespace": "default", "labels": labels or {}}, "spec": spec}


def run(docs: list[dict[str, Any]], version: str = "v1.34") -> Simulation:
    sim = Simulation.from_documents(docs, seed=1, config=SchedulerConfig.for_version(version))
    sim.run(until=10)
    return sim


def moved(sim: Simulation, pod_key: str, since: int) -> list[dict[str, Any]]:
    return [e for e in of_kind(sim.events[since:], "queue.moved") if e.get("pod") == pod_key]


@pytest.mark.parametrize("version", ["v1.34", "v1.31"])
def test_labelling_a_bound_pod_lets_a_pod_with_affinity_to_it_in(version: str) -> None:
    sim = run([node("n1"), pod("db", labels={"app": "other"}, node_name="n1"),
               pod("web", affinity_to={"app": "db"})], version)
    assert sim.queue.location("default/web") == "unschedulable"
    mark = len(sim.events)
    sim.apply({"type": "set_pod_labels", "pod": "default/db", "labels": {"app": "db"}})
    label = "AssignedPodUpdatePodLabel" if version == "v1.34" else "AssignedPodUpdate"
    assert [e["event"] for e in moved(sim, "default/web", mark)][:1] == [label]
    sim.run(until=60)
    assert of_kind(sim.events, "pod.bound", pod="default/web")


def test_a_label_change_that_matches_no_term_moves_nobody_with_hints() -> None:
    sim = run([node("n1"), pod("db", labels={"app": "other"}, node_name="n1"),
               pod("web", affinity_to={"app": "db"})])
    mark = len(sim.events)
    sim.apply({"type": "set_pod_labels", "pod": "default/db", "labels": {"app": "cache"}})
    assert moved(sim, "default/web", mark) == []  # InterPodAffinity's hint: Skip
    assert sim.queue.location("default/web") == "unschedulable"


def test_without_hints_only_pods_with_a_cross_topology_term_move() -> None:
    """AssignedPodUpdated pre-filters: a pod rejected for cpu does not move on a label change."""
    sim = run([node("n1", cpu="1"), pod("db", cpu="500m", labels={"app": "other"}, node_name="n1"),
               pod("big", cpu="2"), pod("web", affinity_to={"app": "db"})], "v1.31")
    assert sim.queue.location("default/big") == "unschedulable"
    mark = len(sim.events)
    sim.apply({"type": "set_pod_labels", "pod": "default/db", "labels": {"app": "db"}})
    assert moved(sim, "default/big", mark) == []
    assert moved(sim, "default/web", mark)


def test_an_unscheduled_pod_s_own_label_change_asks_its_rejectors_hints_or_requeues_without_hints() -> None:
    docs = [node("n1", cpu="1"), pod("big", cpu="2")]
    with_hints = run(docs, "v1.34")
    mark = len(with_hints.events)
    with_hints.apply({"type": "set_pod_labels", "pod": "default/big", "labels": {"tier": "x"}})
    assert moved(with_hints, "default/big", mark) == []  # NodeResourcesFit does not register labels
    without = run(docs, "v1.31")
    mark = len(without.events)
    without.apply({"type": "set_pod_labels", "pod": "default/big", "labels": {"tier": "x"}})
    assert [e["event"] for e in moved(without, "default/big", mark)] == ["UpdatePodLabel"]


def test_pod_topology_spread_rejected_pods_move_when_a_bound_pod_is_relabelled_into_the_selector() -> None:
    sim = run([node("n1"), node("n2", cpu="0"), pod("a", labels={"app": "web"}, node_name="n1"),
               pod("b", labels={"app": "web"}, spread=True)])
    assert sim.queue.location("default/b") == "unschedulable"
    mark = len(sim.events)
    sim.apply({"type": "set_pod_labels", "pod": "default/a", "labels": {"app": "old"}})
    assert moved(sim, "default/b", mark)
    sim.run(until=60)
    assert of_kind(sim.events, "pod.bound", pod="default/b")


def test_the_new_labels_are_in_the_state_the_fold_and_the_replay() -> None:
    sim = run([node("n1"), pod("db", labels={"app": "other"}, node_name="n1")])
    sim.apply({"type": "set_pod_labels", "pod": "default/db", "labels": {"app": "db", "tier": "x"}})
    state = sim.state()
    folded: dict[str, Any] = {}
    for event in sim.events:
        folded = apply_event(folded, event)
    assert [p["labels"] for p in state["pods"] if p["key"] == "default/db"] == [{"app": "db", "tier": "x"}]
    assert [p["labels"] for p in folded["pods"] if p["key"] == "default/db"] == [{"app": "db", "tier": "x"}]


def test_labels_must_be_strings_and_the_pod_must_exist() -> None:
    sim = run([node("n1")])
    with pytest.raises(CommandError) as missing:
        sim.apply({"type": "set_pod_labels", "pod": "default/nope", "labels": {}})
    assert missing.value.path == "command.pod"
    sim2 = run([node("n1"), pod("a")])
    with pytest.raises(CommandError) as bad:
        sim2.apply({"type": "set_pod_labels", "pod": "default/a", "labels": {"x": 1}})
    assert bad.value.path == "command.labels.x"


def test_a_pod_for_another_scheduler_is_never_queued_and_stays_pending() -> None:
    """eventhandlers.go: addPodToSchedulingQueue's filter is responsibleForPod(pod, profiles)."""
    other = pod("mine", labels={"app": "x"})
    other["spec"]["schedulerName"] = "my-scheduler"
    sim = run([node("n1"), other, pod("ours")])
    assert of_kind(sim.events, "pod.bound", pod="default/ours")
    assert not of_kind(sim.events, "pod.bound", pod="default/mine")
    assert not of_kind(sim.events, "cycle.started", pod="default/mine")
    assert sim.queue.location("default/mine") is None
    assert [p["nodeName"] for p in sim.state()["pods"] if p["key"] == "default/mine"] == [None]


def test_without_hints_an_added_bound_pod_moves_only_pods_with_a_cross_topology_term() -> None:
    """v1.29–v1.31 AssignedPodAdded: a pod kept out by required anti-affinity (no affinity term)
    is not asked when an unrelated pod lands; one with a matching affinity term is."""
    anti = pod("loner")
    anti["spec"]["affinity"] = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": {"app": "db"}}, "topologyKey": "kubernetes.io/hostname"}]}}
    sim = run([node("n1"), pod("db", labels={"app": "db"}, node_name="n1"), anti,
               pod("web", affinity_to={"app": "cache"})], "v1.31")
    assert {sim.queue.location("default/loner"), sim.queue.location("default/web")} == {"unschedulable"}
    mark = len(sim.events)
    sim.apply({"type": "add_pod", "manifest": pod("cache", labels={"app": "cache"}, node_name="n1")})
    assert moved(sim, "default/loner", mark) == []
    assert [e["event"] for e in moved(sim, "default/web", mark)][:1] == ["AssignedPodAdd"]
