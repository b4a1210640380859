"""PriorityClasses created and deleted mid-run (kubectl create/delete priorityclass): validated as the apiserver
validates them, read by the admission of pods created afterwards, folded like the simulation's own state."""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core import CommandError, Simulation
from scheduler_core.events import fold

SCENARIO = """
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 100
globalDefault: true
"""


def priority_class(name: str, value: int, **fields: Any) -> dict[str, Any]:
    return {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name},
            "value": value, **fields}


def pod(name: str, priority_class_name: str) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"},
            "spec": {"priorityClassName": priority_class_name, "containers": [{"name": "c"}]}}


def test_a_created_class_admits_later_pods_and_a_deleted_one_leaves_their_priority() -> None:
    sim = Simulation.from_yaml(SCENARIO)
    sim.apply({"type": "add_priorityclass", "manifest": priority_class("high", 1000, description="urgent")})
    sim.apply({"type": "add_pod", "manifest": pod("urgent", "high")})
    sim.apply({"type": "update_priorityclass", "manifest": priority_class("high", 1000, description="demo")})
    assert sim.cluster.priority_classes["high"].description == "demo"
    sim.apply({"type": "delete_priorityclass", "name": "high"})
    assert sim.cluster.pods["default/urgent"].pod.priority == 1000
    with pytest.raises(CommandError, match="no PriorityClass with name high was found"):
        sim.apply({"type": "add_pod", "manifest": pod("later", "high")})
    assert [e["kind"] for e in sim.events if e["kind"].startswith("priorityclass.")] == [
        "priorityclass.added", "priorityclass.changed", "priorityclass.deleted"]
    assert {**fold(sim.events), "time": None} == {**sim.state(), "time": None}
    assert "high" not in [pc["name"] for pc in sim.state()["priorityClasses"]]


@pytest.mark.parametrize(("command", "path", "message"), [
    pytest.param({"type": "add_priorityclass", "manifest": priority_class("low", 5)},
                 "command.manifest.metadata.name", "priorityclass low already exists", id="a taken name"),
    pytest.param({"type": "add_priorityclass", "manifest": priority_class("top", 5, globalDefault=True)},
                 "command.manifest.globalDefault",
                 'priorityclasses.scheduling.k8s.io "top" is forbidden: PriorityClass low is already marked as '
                 "default. Only one default can exist", id="a second default"),
    pytest.param({"type": "add_priorityclass", "manifest": priority_class("huge", 2_000_000_000)},
                 "command.manifest.value", "maximum allowed value of a user defined priority is 1000000000",
                 id="a value above the user maximum"),
    pytest.param({"type": "add_priorityclass", "manifest": {"metadata": {"name": "novalue"}}},
                 "command.manifest.value", "Required value", id="no value"),
    pytest.param({"type": "update_priorityclass", "manifest": priority_class("low", 7, globalDefault=True)},
                 "command.manifest.value", 'PriorityClass.scheduling.k8s.io "low" is invalid: value: Forbidden: may '
                 "not be changed in an update.", id="a changed value"),
    pytest.param({"type": "update_priorityclass",
                  "manifest": priority_class("low", 100, globalDefault=True, preemptionPolicy="Never")},
                 "command.manifest.preemptionPolicy", "field is immutable", id="a changed preemptionPolicy"),
    pytest.param({"type": "update_priorityclass", "manifest": priority_class("none", 1)},
                 "command.manifest.metadata.name", "no such priorityclass none", id="an update of no class"),
    pytest.param({"type": "delete_priorityclass", "name": "system-node-critical"}, "command.name",
                 'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority '
                 "class and cannot be deleted", id="a system class"),
    pytest.param({"type": "delete_priorityclass", "name": "none"}, "command.name", "no such priorityclass",
                 id="an unknown class"),
    pytest.param({"type": "delete_priorityclass", "name": ""}, "command.name", "non-empty string",
                 id="no name"),
])
def test_priority_class_commands_are_refused_naming_the_field(command: dict[str, Any], path: str,
                                                              message: str) -> None:
    sim = Simulation.from_yaml(SCENARIO)
    before = len(sim.events)
    with pytest.raises(CommandError) as refused:
        sim.apply(command)
    assert refused.value.path == path and message in str(refused.value)
    assert len(sim.events) == before
