"""What the run page's cycle strip reads: the profile in cluster.snapshot and cycle.filtered's
PreFilter Skips, rejections per plugin and the nodes filtered twice with nominated pods."""
from __future__ import annotations

from pathlib import Path

import yaml

from scheduler_core import SchedulerConfig, Simulation

LESSON = next((Path(__file__).resolve().parents[2] / "lessons").glob("*-the-nominated-node"))


def lesson_run(config: SchedulerConfig | None = None) -> Simulation:
    commands = yaml.safe_load((LESSON / "lesson.yaml").read_text())["commands"]
    sim = Simulation.from_yaml((LESSON / "scenario.yaml").read_text(), seed=0, config=config, timed_commands=commands)
    sim.run(until=120)
    return sim


def test_the_snapshot_names_the_plugins_at_each_extension_point_of_the_preset() -> None:
    v134 = lesson_run().events[0]["profile"]
    assert v134["preEnqueue"] == ["SchedulingGates", "DefaultPreemption"]
    assert v134["queueSort"] == ["PrioritySort"]
    assert v134["postFilter"] == ["DynamicResources", "DefaultPreemption"]
    assert v134["bind"] == ["DefaultBinder"]
    assert set(v134["normalizeScore"]) < set(v134["score"])
    v132 = lesson_run(SchedulerConfig.for_version("v1.32")).events[0]["profile"]
    assert v132["postFilter"] == ["DefaultPreemption"]  # DynamicResources joins the defaults in v1.34
    assert "DynamicResources" not in v132["preFilter"]


def test_cycle_filtered_says_which_prefilters_skipped_who_rejected_and_where_two_passes_ran() -> None:
    filtered = [e for e in lesson_run().events if e["kind"] == "cycle.filtered"]
    first = filtered[0]  # etl-mid, before any nomination
    assert first["pod"] == "default/etl-mid"
    assert "NodeResourcesFit" not in first["preFilterSkipped"] and "PodTopologySpread" in first["preFilterSkipped"]
    assert first["rejectedBy"] == {"NodeResourcesFit": {"Unschedulable": 1}}
    assert first["nominatedPods"] == {}
    scavenger = next(e for e in filtered if e["pod"] == "default/scavenger-1")
    # etl-mid (500) is nominated to node-1: scavenger-1 (50) is filtered with it added first.
    assert scavenger["nominatedPods"] == {"node-1": ["default/etl-mid"]}
    pay = next(e for e in filtered if e["pod"] == "default/pay-high")
    # pay-high (1000) ignores nominated pods of lower priority: one pass only.
    assert pay["nominatedPods"] == {}
