"""Three places where the model followed kube-scheduler v1.34 less than exactly (issue 12), each
replayed along the upstream code path named in its comment.

1. pkg/scheduler/framework/runtime/framework.go RunPreFilterPlugins returns, also on success, the
   plugins whose PreFilterResult narrowed the node set; pkg/scheduler/schedule_one.go
   findNodesThatFitPod makes them diagnosis.UnschedulablePlugins and gives every node outside the
   result the absent status "node(s) didn't satisfy plugin(s) [NodeAffinity]". A pod narrowed to a
   node that does not exist therefore waits in unschedulablePods with NodeAffinity as its rejector.
2. (Namespaces: tests/scheduler_core/test_namespaces.py.)
3. pkg/scheduler/apis/config/v1/default_plugins.go applyFeatureGates puts DynamicResources before
   DefaultPreemption when DynamicResourceAllocation is on (GA, default on from v1.34);
   plugins/dynamicresources/dynamicresources.go PostFilter returns Unschedulable "no new claims to
   deallocate" for a pod without claims, and RunPostFilterPlugins joins the reasons of the plugins
   that rejected with ", ". framework/types.go FitError.Error appends that after the histogram.
"""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core import Simulation
from scheduler_core.objects import NodeAffinity, NodeSelectorRequirement, NodeSelectorTerm
from tests.scheduler_core.builders import make_node, make_pod, taint
from tests.scheduler_core.simkit import k8s_messages, of_kind, simulate

NARROWED_MESSAGE = (
    "0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. "
    "no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.")


def pinned_to(*names: str) -> NodeAffinity:
    """Required nodeAffinity matchFields metadata.name In names, as the DaemonSet controller pins pods."""
    term = NodeSelectorTerm(match_fields=(NodeSelectorRequirement("metadata.name", "In", names),))
    return NodeAffinity(required=(term,))


def ghost_pod_sim(**config: Any) -> Simulation:
    nodes = [make_node(f"n{i}", cpu="4") for i in (1, 2, 3)]
    return simulate(nodes, [make_pod("pinned", 10, cpu="1", node_affinity=pinned_to("ghost"))], config=config)


def node_manifest(name: str, labels: dict[str, str] | None = None) -> dict[str, Any]:
    return {"metadata": {"name": name, "labels": labels or {}},
            "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}}


# ---- 1. PreFilter narrows to no existing node ------------------------------------------------------

def test_a_pod_pinned_to_a_missing_node_waits_with_node_affinity_as_its_rejector() -> None:
    sim = ghost_pod_sim()
    sim.run(until=299)
    assert k8s_messages(sim, "FailedScheduling", "default/pinned") == [NARROWED_MESSAGE]
    moved = of_kind(sim.events, "queue.moved", pod="default/pinned", to="unschedulable")
    assert [m["plugins"] for m in moved] == [["NodeAffinity"]]
    assert sim.quiescent


def test_a_pod_pinned_to_a_missing_node_settles_instead_of_busy_retrying() -> None:
    sim = ghost_pod_sim()
    sim.run()  # raised "no quiescence" before: no rejector plugin meant a retry every backoff window
    assert sim.quiescent
    assert len(of_kind(sim.events, "cycle.started", pod="default/pinned")) == 1


def test_the_five_minute_flush_retries_the_pinned_pod_once() -> None:
    # flushUnschedulablePodsLeftover: every 30 s, pods older than 5 min go back (UnschedulableTimeout)
    sim = ghost_pod_sim()
    sim.run(until=340)
    starts = [e["t"] for e in of_kind(sim.events, "cycle.started", pod="default/pinned")]
    assert len(starts) == 2 and 300 < starts[1] <= 331


def test_adding_the_missing_node_moves_the_pod_and_it_binds_there() -> None:
    # NodeAffinity's queueing hint for Node/Add: Queue when the new node matches the required affinity
    sim = ghost_pod_sim()
    sim.run(until=10)
    sim.apply({"type": "add_node", "manifest": node_manifest("ghost")})
    sim.run(until=20)
    assert of_kind(sim.events, "pod.bound", pod="default/pinned")[0]["node"] == "ghost"


def test_adding_some_other_node_leaves_the_pinned_pod_where_it_waits() -> None:
    sim = ghost_pod_sim()
    sim.run(until=10)
    sim.apply({"type": "add_node", "manifest": node_manifest("n4")})
    sim.run(until=20)
    assert len(of_kind(sim.events, "cycle.started", pod="default/pinned")) == 1


def test_a_pod_pinned_to_an_existing_node_only_tries_that_node() -> None:
    sim = simulate([make_node("n1", cpu="1"), make_node("n2", cpu="4")],
                   [make_pod("pinned", 10, cpu="2", node_affinity=pinned_to("n1", "ghost"))])
    sim.run(until=5)
    assert k8s_messages(sim, "FailedScheduling", "default/pinned") == [
        ("0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't satisfy plugin(s) [NodeAffinity]. "
        "no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for "
        "scheduling.")]
    moved = of_kind(sim.events, "queue.moved", pod="default/pinned", to="unschedulable")
    assert moved[0]["plugins"] == ["NodeAffinity", "NodeResourcesFit"]


# ---- 3. The PostFilter part of FailedScheduling, per version preset ------------------------------

def control_plane_and_two_workers() -> list[Any]:
    return [make_node("control-plane", cpu="4", taints=[taint("node-role.kubernetes.io/control-plane")]),
            make_node("worker-1", cpu="2"), make_node("worker-2", cpu="2")]


@pytest.mark.parametrize(("version", "message"), [
    pytest.param("v1.33", "0/3 nodes are available: 1 node(s) had untolerated taint "
                 "{node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are "
                 "available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.",
                 id="v1.33: DRA off by default, no DynamicResources part; Insufficient cpu is Unschedulable"),
    pytest.param("v1.34", "0/3 nodes are available: 1 node(s) had untolerated taint "
                 "{node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. no new claims to deallocate, "
                 "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
                 id="v1.34: the real clusters' text, DynamicResources before DefaultPreemption"),
    pytest.param("v1.35", "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. "
                 "no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not "
                 "helpful for scheduling.",
                 id="v1.35: the taint reason no longer names the taint"),
])
def test_failed_scheduling_text_per_version(version: str, message: str) -> None:
    sim = simulate(control_plane_and_two_workers(), [make_pod("big", 10, cpu="3")], config={"version": version})
    sim.run(until=1)
    assert k8s_messages(sim, "FailedScheduling", "default/big") == [message]


def test_successful_preemption_adds_no_post_filter_part_even_with_dynamic_resources() -> None:
    # RunPostFilterPlugins returns DefaultPreemption's Success at once; the reasons gathered so far
    # (DynamicResources') are dropped, so the message ends after the filter histogram.
    sim = simulate([make_node("n1", cpu="2")],
                   [make_pod("low", 1, cpu="2", node_name="n1"), make_pod("high", 100, cpu="2")])
    sim.run(until=1)
    assert k8s_messages(sim, "FailedScheduling", "default/high") == ["0/1 nodes are available: 1 Insufficient cpu."]


def test_a_pre_filter_rejection_leaves_dynamic_resources_without_state() -> None:
    # RunPreFilterPlugins stops at NodeAffinity's UnschedulableAndUnresolvable, before DynamicResources'
    # PreFilter writes its state; its PostFilter then fails reading it (CycleState.Read: ErrNotFound),
    # RunPostFilterPlugins stops at that Error and DefaultPreemption never runs.
    conflict = NodeAffinity(required=(NodeSelectorTerm(match_fields=(
        NodeSelectorRequirement("metadata.name", "In", ("n1",)),
        NodeSelectorRequirement("metadata.name", "In", ("n2",)))),))
    sim = simulate([make_node("n1"), make_node("n2")], [make_pod("p", 10, cpu="1", node_affinity=conflict)])
    sim.run(until=1)
    assert k8s_messages(sim, "FailedScheduling", "default/p") == [
        "0/2 nodes are available: pod affinity terms conflict. not found"]
    assert of_kind(sim.events, "preemption.evaluated") == []


def test_without_dynamic_resources_a_pre_filter_rejection_still_reaches_preemption() -> None:
    conflict = NodeAffinity(required=(NodeSelectorTerm(match_fields=(
        NodeSelectorRequirement("metadata.name", "In", ("n1",)),
        NodeSelectorRequirement("metadata.name", "In", ("n2",)))),))
    sim = simulate([make_node("n1"), make_node("n2")], [make_pod("p", 10, cpu="1", node_affinity=conflict)],
                   config={"version": "v1.33"})
    sim.run(until=1)
    assert k8s_messages(sim, "FailedScheduling", "default/p") == [
        ("0/2 nodes are available: pod affinity terms conflict. preemption: 0/2 nodes are available: "
        "2 Preemption is not helpful for scheduling.")]


def test_before_v1_31_a_narrowed_pod_has_no_rejector_and_is_retried_after_every_backoff() -> None:
    # Before PR #122251 (kubernetes issue #122018) RunPreFilterPlugins returned no plugin set: the
    # pod failed with no UnschedulablePlugins and AddUnschedulableIfNotPresent sent it to backoffQ.
    sim = ghost_pod_sim(version="v1.30")
    sim.run(until=60)
    assert len(of_kind(sim.events, "cycle.started", pod="default/pinned")) > 5
    assert of_kind(sim.events, "queue.moved", pod="default/pinned", to="unschedulable") == []
