"""PodDisruptionBudgets created and deleted mid-run (kubectl create pdb, kubectl delete pdb): validated as the
apiserver validates them, synced by the disruption controller at once, read by the next eviction."""
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
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default, labels: {app: web}}
spec: {nodeName: n1, containers: [{name: c}]}
"""


def budget(name: str = "web-pdb", **spec: Any) -> dict[str, Any]:
    return {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": name},
            "spec": {"selector": {"matchLabels": {"app": "web"}}, **(spec or {"minAvailable": 1})}}


def test_a_created_budget_is_synced_at_once_and_guards_the_next_eviction_until_deleted() -> None:
    sim = Simulation.from_yaml(SCENARIO)
    sim.run()
    sim.apply({"type": "add_pdb", "manifest": budget()})
    state = next(p for p in sim.state()["pdbs"] if p["key"] == "default/web-pdb")
    assert (state["currentHealthy"], state["desiredHealthy"], state["disruptionsAllowed"]) == (1, 1, 0)
    with pytest.raises(CommandError, match="would violate the pod's disruption budget"):
        sim.apply({"type": "evict_pod", "pod": "default/web"})
    sim.apply({"type": "update_pdb", "manifest": budget(minAvailable=0)})  # kubectl edit: now it may go
    state = next(p for p in sim.state()["pdbs"] if p["key"] == "default/web-pdb")
    assert (state["minAvailable"], state["desiredHealthy"], state["disruptionsAllowed"]) == (0, 0, 1)
    sim.apply({"type": "update_pdb", "manifest": budget()})
    sim.apply({"type": "delete_pdb", "pdb": "default/web-pdb"})
    sim.apply({"type": "evict_pod", "pod": "default/web"})
    assert [e["kind"] for e in sim.events if e["kind"] in ("pdb.added", "pdb.changed", "pdb.deleted")] == [
        "pdb.added", "pdb.changed", "pdb.changed", "pdb.deleted"]
    assert {**fold(sim.events), "time": None} == {**sim.state(), "time": None}


@pytest.mark.parametrize(("command", "path", "message"), [
    pytest.param({"type": "add_pdb", "manifest": budget(minAvailable=1, maxUnavailable=1)},
                 "command.manifest.spec.minAvailable", "minAvailable and maxUnavailable cannot be both set",
                 id="both minAvailable and maxUnavailable"),
    pytest.param({"type": "add_pdb", "manifest": budget(minAvailable="120%")}, "command.manifest.spec.minAvailable",
                 "must not be greater than 100%", id="more than 100%"),
    pytest.param({"type": "delete_pdb", "pdb": "default/none"}, "command.pdb", "no such poddisruptionbudget",
                 id="an unknown budget"),
])
def test_pdb_commands_are_refused_naming_the_field(command: dict[str, Any], path: str, message: str) -> None:
    sim = Simulation.from_yaml(SCENARIO)
    with pytest.raises(CommandError) as refused:
        sim.apply(command)
    assert refused.value.path == path and message in str(refused.value)


def test_a_taken_name_is_refused() -> None:
    sim = Simulation.from_yaml(SCENARIO)
    sim.apply({"type": "add_pdb", "manifest": budget()})
    with pytest.raises(CommandError, match="poddisruptionbudget default/web-pdb already exists"):
        sim.apply({"type": "add_pdb", "manifest": budget()})
