"""Every behaviour that differs between the version presets, per preset.

docs/scheduler_core.md "Behaviours that differ between the presets" lists each switch with the upstream
change behind it and the versions whose default has it on. Here each preset's switch is checked
against that column, and a small run per preset shows the behaviour itself exactly where the table
says it is on: a probe returns whether the run behaved the "on" way.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path

import pytest

from scheduler_core import SchedulerConfig
from scheduler_core.config import VERSIONS
from scheduler_core.objects import NodeAffinity, NodeSelectorRequirement, NodeSelectorTerm
from tests.scheduler_core.builders import make_node, make_pod, taint
from tests.scheduler_core.simkit import k8s_messages, of_kind, pod_view, simulate

DOC = Path(__file__).resolve().parents[2] / "docs" / "scheduler_core.md"
ROW = re.compile(r"^\| `(\w+)` \| .+? \| ((?:v1\.\d+, )*v1\.\d+) \| .+ \|$")


def behaviour_table() -> dict[str, tuple[str, ...]]:
    """{switch: versions whose default has it on} from the doc's table."""
    section = DOC.read_text().split("**Behaviours that differ between the presets.**", 1)[1].split("\n\n", 2)[1]
    table = {}
    for line in section.splitlines():
        match = ROW.match(line)
        assert match is not None or not line.startswith("| `"), f"cannot read {line!r}"
        if match is not None:
            table[match.group(1)] = tuple(match.group(2).split(", "))
    return table


TABLE = behaviour_table()


# ---- the probes: one small run each, True when the run shows the switch's "on" behaviour -----------

def hints_skip_a_node_that_cannot_help(config: SchedulerConfig) -> bool:
    # NodeAffinity's hint for Node/Add: Skip unless the new node matches; without hints NodeAdd moves the pod
    sim = simulate([make_node("n1")], [make_pod("picky", 0, "1", node_selector={"disk": "ssd"})],
                   config=config)
    sim.run(until=5)
    sim.apply({"type": "add_node", "manifest": {"metadata": {"name": "n2"},
                                                "status": {"allocatable": {"cpu": "4", "pods": "110"}}}})
    sim.run(until=20)
    return len(of_kind(sim.events, "cycle.started", pod="default/picky")) == 1


def idle_scheduler_pops_the_backoff_q(config: SchedulerConfig) -> bool:
    # active_queue.go unlockedPop: activeQ empty → the backoffQ head, before its backoff completes
    sim = simulate([make_node("n1", cpu="1")],
                   [make_pod("busy", 100, "1", node_name="n1", termination_grace_period_seconds=0),
                    make_pod("waiter", 0, "1")], config=config)
    sim.step()
    sim.run(until=0.2)
    sim.apply({"type": "delete_pod", "pod": "default/busy"})
    sim.run(until=5)
    return [e["t"] for e in of_kind(sim.events, "pod.bound", pod="default/waiter")] == [0.2]


def victims_are_deleted_after_the_preemptors_cycle(config: SchedulerConfig) -> bool:
    # prepareCandidateAsync: the API calls run in a goroutine once the cycle has ended
    sim = simulate([make_node("n1", cpu="1")],
                   [make_pod("low", 0, "1", node_name="n1"), make_pod("high", 100, "1")], config=config)
    sim.step()
    sim.run(until=0)
    kinds = [(e["kind"], e.get("reason")) for e in sim.events]
    return kinds.index(("cycle.finished", None)) < kinds.index(("k8s.event", "Preempted"))


def narrowing_plugin_is_the_rejector(config: SchedulerConfig) -> bool:
    # PR #122251: NodeAffinity narrowed the nodes to one that does not exist → it is the rejector
    ghost = NodeSelectorTerm(match_fields=(NodeSelectorRequirement("metadata.name", "In", ("ghost",)),))
    sim = simulate([make_node("n1")], [make_pod("pinned", 0, "1", node_affinity=NodeAffinity(required=(ghost,)))],
                   config=config)
    sim.run(until=60)
    return len(of_kind(sim.events, "cycle.started", pod="default/pinned")) == 1


def a_deleted_nomination_moves_lower_priority_pods(config: SchedulerConfig) -> bool:
    # "waiter" fails because the nominated "high" counts on n1; deleting "high" frees that room at once
    # when the deletion moves ≤-priority pods, else only when the victim is gone (t=30)
    sim = simulate([make_node("n1", cpu="3")],
                   [make_pod("low", 0, "2", node_name="n1"), make_pod("high", 100, "3"), make_pod("waiter", 50, "1")],
                   config=config)
    sim.run(until=5)
    assert pod_view(sim, "default/high")["nominatedNodeName"] == "n1"
    sim.apply({"type": "delete_pod", "pod": "default/high"})
    sim.run(until=60)
    [bound] = of_kind(sim.events, "pod.bound", pod="default/waiter")
    return bool(bound["t"] < 30)


def preemption_skips_a_node_the_pod_can_never_fit(config: SchedulerConfig) -> bool:
    # fit.go (#131345): request > allocatable is UnschedulableAndUnresolvable, so no dry run there
    sim = simulate([make_node("n1", cpu="2")], [make_pod("low", 0, "1", node_name="n1"), make_pod("huge", 100, "3")],
                   config=config)
    sim.run(until=1)
    return "Preemption is not helpful for scheduling" in k8s_messages(sim, "FailedScheduling", "default/huge")[0]


def dynamic_resources_joins_the_post_filter_message(config: SchedulerConfig) -> bool:
    sim = simulate([make_node("n1", cpu="1")], [make_pod("big", 0, "2")], config=config)
    sim.run(until=1)
    return "no new claims to deallocate" in k8s_messages(sim, "FailedScheduling", "default/big")[0]


def the_taint_reason_names_the_taint(config: SchedulerConfig) -> bool:
    sim = simulate([make_node("n1", taints=[taint("dedicated", "gpu")])], [make_pod("p", 0, "1")],
                   config=config)
    sim.run(until=1)
    return "untolerated taint {dedicated: gpu}" in k8s_messages(sim, "FailedScheduling", "default/p")[0]


def binding_clears_the_nomination(config: SchedulerConfig) -> bool:
    # storage.go setPodNodeAndMetadata clears status.nominatedNodeName behind the feature gate
    sim = simulate([make_node("n1", cpu="1")], [make_pod("low", 0, "1", node_name="n1"), make_pod("high", 100, "1")],
                   config=config)
    sim.run()
    assert of_kind(sim.events, "pod.nominated", pod="default/high") and pod_view(sim, "default/high")["nodeName"] == "n1"
    return pod_view(sim, "default/high")["nominatedNodeName"] is None


PROBES: dict[str, Callable[[SchedulerConfig], bool]] = {
    "queueing_hints": hints_skip_a_node_that_cannot_help,
    "pop_from_backoff_q": idle_scheduler_pops_the_backoff_q,
    "async_preemption": victims_are_deleted_after_the_preemptors_cycle,
    "pre_filter_result_rejectors": narrowing_plugin_is_the_rejector,
    "nomination_change_requeues": a_deleted_nomination_moves_lower_priority_pods,
    "node_resources_fit_unresolvable": preemption_skips_a_node_the_pod_can_never_fit,
    "dynamic_resource_allocation": dynamic_resources_joins_the_post_filter_message,
    "untolerated_taint_named_in_reason": the_taint_reason_names_the_taint,
    "clearing_nominated_node_name_after_binding": binding_clears_the_nomination,
}


def test_every_switch_a_preset_sets_is_in_the_table_and_has_a_probe() -> None:
    baseline = SchedulerConfig()
    set_by_presets = {f.name for f in fields(SchedulerConfig) for v in VERSIONS
                      if f.name != "version" and getattr(SchedulerConfig.for_version(v), f.name) != getattr(baseline, f.name)}
    assert set(TABLE) == set_by_presets == set(PROBES)


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("switch", list(PROBES))
def test_the_preset_has_the_switch_where_the_table_says(switch: str, version: str) -> None:
    assert getattr(SchedulerConfig.for_version(version), switch) is (version in TABLE[switch])


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("switch", list(PROBES))
def test_the_run_behaves_as_the_table_says_for_the_preset(switch: str, version: str) -> None:
    assert PROBES[switch](SchedulerConfig.for_version(version)) is (version in TABLE[switch])


def test_the_probes_can_tell_the_switch_apart_within_one_version() -> None:
    # each probe flips with its switch alone (on the v1.34 preset), not with something else that varies
    for switch, probe in PROBES.items():
        on, off = (SchedulerConfig.for_version("v1.34", **{switch: value}) for value in (True, False))
        assert probe(on) and not probe(off), switch
