"""cycle.filtered / preemption.evaluated carry each distinct per-node verdict once (docs/events.md)."""
from __future__ import annotations

import json
from typing import Any

from scheduler_core.framework.interface import Status, trace_statuses
from tests.scheduler_core.builders import make_node, make_pod, taint
from tests.scheduler_core.simkit import of_kind, simulate


def per_node(event: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What a reader does: node -> its {code, plugin, reasons}."""
    return {node: event["verdicts"][i] for node, i in event["statuses"].items()}


def test_distinct_verdicts_in_first_seen_order() -> None:
    cpu = Status.unschedulable("Insufficient cpu", plugin="NodeResourcesFit")
    tainted = Status.unresolvable("untolerated taint", plugin="TaintToleration")
    pairs = [("a", tainted), ("b", cpu), ("c", Status.unresolvable("untolerated taint", plugin="TaintToleration")),
             ("d", cpu)]
    out = trace_statuses(pairs)
    assert out == {"statuses": {"a": 0, "b": 1, "c": 0, "d": 1},
                   "verdicts": [tainted.to_json(), cpu.to_json()]}
    assert per_node(out) == {n: s.to_json() for n, s in pairs}
    assert trace_statuses([]) == {"statuses": {}, "verdicts": []}


def _cluster(n: int) -> tuple[list[Any], list[Any], dict[str, dict[str, Any]]]:
    """n 2-CPU nodes, every third tainted, each running a 1-CPU pod, then a 2-CPU pod of the same priority
    (fits none, preempts none). Returns nodes, pods and each node's expected verdict."""
    nodes, expected = [], {}
    pods = [make_pod(f"run{i}", cpu="1", node_name=f"n{i}") for i in range(n)] + [make_pod("big", cpu="2")]
    for i in range(n):
        name = f"n{i}"
        if i % 3 == 0:
            nodes.append(make_node(name, cpu="2", taints=[taint("dedicated", "x")]))
            expected[name] = {"code": "UnschedulableAndUnresolvable", "plugin": "TaintToleration",
                              "reasons": ["node(s) had untolerated taint {dedicated: x}"]}
        else:
            nodes.append(make_node(name, cpu="2"))
            expected[name] = {"code": "Unschedulable", "plugin": "NodeResourcesFit", "reasons": ["Insufficient cpu"]}
    return nodes, pods, expected


def test_events_round_trip_to_the_same_per_node_verdicts() -> None:
    nodes, pods, expected = _cluster(30)
    sim = simulate(nodes, pods)
    sim.run()
    filtered = of_kind(sim.events, "cycle.filtered")[0]
    assert per_node(filtered) == expected
    assert len(filtered["verdicts"]) == 2  # one object per distinct verdict, not per node
    # The histogram (over all rejected nodes) agrees with the decoded verdicts.
    histogram: dict[str, int] = {}
    for status in per_node(filtered).values():
        for reason in status["reasons"]:
            histogram[reason] = histogram.get(reason, 0) + 1
    assert histogram == filtered["histogram"]
    # Every verdict is used, and first use follows node order.
    firsts = list(dict.fromkeys(filtered["statuses"].values()))
    assert firsts == list(range(len(filtered["verdicts"])))
    preemption = of_kind(sim.events, "preemption.evaluated")[0]
    decoded = per_node(preemption)
    # The dry run rejected every untainted node (tainted ones were not potential), all with one verdict.
    assert set(decoded) == {n for n, s in expected.items() if s["plugin"] == "NodeResourcesFit"}
    assert preemption["verdicts"] == [{"code": "UnschedulableAndUnresolvable", "plugin": "",
                                       "reasons": ["No preemption victims found for incoming pod"]}]
    assert list(dict.fromkeys(preemption["statuses"].values())) == list(range(len(preemption["verdicts"])))
    # Deterministic: the same inputs give identical events.
    again = simulate(*_cluster(30)[:2])
    again.run()
    assert again.events == sim.events


def test_a_300_node_failing_cycle_is_compact() -> None:
    nodes, pods, _ = _cluster(300)
    sim = simulate(nodes, pods)
    sim.run()
    filtered = of_kind(sim.events, "cycle.filtered")[0]
    preemption = of_kind(sim.events, "preemption.evaluated")[0]
    assert filtered["rejected"] == 300 and len(filtered["statuses"]) == 100
    assert len(json.dumps(filtered)) < 2048 + 4 * 300
    assert len(json.dumps(preemption)) < 2048 + 4 * 300
