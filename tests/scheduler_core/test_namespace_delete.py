"""Deleting a Namespace (what `kubectl delete namespace` becomes): the namespace registry marks it
Terminating, NamespaceLifecycle admission refuses new content in it and refuses to delete the immortal
namespaces, and the namespace controller deletes its content — workloads with their dependents, PDBs,
pods gracefully — then the namespace itself once no pod is left."""
from __future__ import annotations

from typing import Any

import pytest

from scheduler_core import Simulation
from scheduler_core.commands import CommandError
from scheduler_core.events import fold
from tests.scheduler_core.test_controllers import CLASSES, node, workload
from tests.scheduler_core.test_workload_commands import manifest

POD = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "solo", "namespace": "team-a"},
       "spec": {"terminationGracePeriodSeconds": 10,
                "containers": [{"name": "c", "image": "x", "resources": {"requests": {"cpu": "1"}}}]}}
PDB = {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "web", "namespace": "team-a"},
       "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "web"}}}}


def in_team_a(kind: str, name: str) -> dict[str, Any]:
    m = manifest(kind, name)
    m["metadata"]["namespace"] = "team-a"
    return m


def team_a() -> Simulation:
    sim = Simulation.from_yaml(CLASSES + node("n1", cpu="8") + workload("Deployment", "keep", "replicas: 1"), seed=3)
    sim.apply({"type": "add_namespace", "manifest": {"metadata": {"name": "team-a", "labels": {"team": "a"}}}})
    sim.apply({"type": "add_workload", "manifest": in_team_a("Deployment", "web")})
    sim.apply({"type": "add_pdb", "manifest": PDB})
    sim.apply({"type": "add_pod", "manifest": POD})
    sim.run(until=5)
    return sim


def team_a_pods(sim: Simulation) -> list[dict[str, Any]]:
    return [p for p in sim.state()["pods"] if p["namespace"] == "team-a"]


def test_a_deleted_namespace_is_terminating_its_content_is_deleted_and_then_it_goes() -> None:
    sim = team_a()
    assert len(team_a_pods(sim)) == 3
    sim.apply({"type": "delete_namespace", "namespace": "team-a"})
    ns = next(n for n in sim.state()["namespaces"] if n["name"] == "team-a")
    assert ns == {"name": "team-a", "labels": {"team": "a", "kubernetes.io/metadata.name": "team-a"},
                  "deletionTimestamp": 5.0}
    assert [w["key"] for w in sim.state()["workloads"]] == ["Deployment/default/keep", sim.state()["workloads"][1]["key"]]
    assert all(w["namespace"] == "default" for w in sim.state()["workloads"])
    assert sim.state().get("pdbs") == []
    assert {p["phase"] for p in team_a_pods(sim)} == {"Terminating"}
    assert not [e for e in sim.events if e["kind"] == "namespace.deleted"]
    sim.run(until=40)  # the pods' grace periods (10 s, 30 s) pass
    assert team_a_pods(sim) == []
    deleted = [e for e in sim.events if e["kind"] == "namespace.deleted"]
    assert [(e["namespace"], e["t"]) for e in deleted] == [("team-a", 35.0)]
    assert "team-a" not in [n["name"] for n in sim.state()["namespaces"]]
    assert fold(sim.events) == sim.state() | {"time": 35.0}  # the fold's clock: the last event's
    assert [p["phase"] for p in sim.state()["pods"]] == ["Running"]  # default's pod is untouched


def test_an_empty_namespace_goes_at_once_and_an_implicit_one_too() -> None:
    sim = Simulation.from_yaml(CLASSES + node("n1"), seed=1)
    sim.apply({"type": "add_namespace", "manifest": {"metadata": {"name": "empty"}}})
    sim.apply({"type": "delete_namespace", "namespace": "empty"})
    assert [e["kind"] for e in sim.events[-3:]] == ["command.applied", "namespace.updated", "namespace.deleted"]
    sim.apply({"type": "add_pod", "manifest": {**POD, "metadata": {"name": "p", "namespace": "implicit"}}})
    sim.apply({"type": "delete_namespace", "namespace": "implicit"})
    assert [p["key"] for p in sim.state()["pods"]] == []  # pending: deleted at once
    assert sim.state()["namespaces"] == [] and sim.events[-1]["kind"] == "namespace.deleted"


def test_new_content_in_a_terminating_namespace_is_refused_with_admissions_words() -> None:
    sim = team_a()
    sim.apply({"type": "delete_namespace", "namespace": "team-a"})
    before = list(sim.events)
    cases = [({"type": "add_pod", "manifest": POD}, 'pods "solo"'),
             ({"type": "add_pdb", "manifest": {**PDB, "metadata": {"name": "x", "namespace": "team-a"}}},
              'poddisruptionbudgets.policy "x"'),
             ({"type": "add_workload", "manifest": in_team_a("Job", "j")}, 'jobs.batch "j"')]
    for command, what in cases:
        with pytest.raises(CommandError) as err:
            sim.apply(command)
        assert err.value.message == (f"{what} is forbidden: unable to create new content in namespace team-a "
                                     "because it is being terminated")
    assert sim.events == before


@pytest.mark.parametrize("name", ["default", "kube-system", "kube-public"])
def test_the_immortal_namespaces_may_not_be_deleted(name: str) -> None:
    with pytest.raises(CommandError) as err:
        Simulation.from_yaml(CLASSES + node("n1")).apply({"type": "delete_namespace", "namespace": name})
    assert (err.value.path, err.value.message) == (
        "command.namespace", f'namespaces "{name}" is forbidden: this namespace may not be deleted')


def test_an_unknown_namespace_is_refused_and_a_second_delete_changes_nothing() -> None:
    sim = team_a()
    with pytest.raises(CommandError) as err:
        sim.apply({"type": "delete_namespace", "namespace": "nope"})
    assert err.value.message == "no such namespace"
    sim.apply({"type": "delete_namespace", "namespace": "team-a"})
    sim.run(until=6)
    count = len(sim.events)
    sim.apply({"type": "delete_namespace", "namespace": "team-a"})
    assert [e["kind"] for e in sim.events[count:]] == ["command.applied"]
    sim.apply({"type": "set_namespace_labels", "namespace": "team-a", "labels": {"team": "b"}})
    assert sim.state()["namespaces"][-1]["deletionTimestamp"] == 5.0  # relabelled, still Terminating


def test_a_restored_run_replays_the_namespace_delete_exactly() -> None:
    sim = team_a()
    sim.apply({"type": "delete_namespace", "namespace": "team-a"})
    sim.run(until=12)
    again = Simulation.restore(sim.snapshot())
    assert again.state() == sim.state()
    sim.run(until=50)
    again.run(until=50)
    assert again.events[-20:] == sim.events[-20:] and again.state() == sim.state()
