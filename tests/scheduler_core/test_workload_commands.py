"""Workloads created, deleted and scaled mid-run by commands (what kubectl's apply, delete and scale become):
the controllers act on them, the garbage collector deletes dependents with background propagation, and the
status carries metadata.generation / status.observedGeneration as `kubectl rollout status` reads them."""
from __future__ import annotations

from typing import Any

import pytest
import yaml

from scheduler_core import Simulation
from scheduler_core.commands import CommandError
from scheduler_core.events import fold
from tests.scheduler_core.test_controllers import CLASSES, node, pods_of, workload


def manifest(kind: str, name: str, spec: str = "replicas: 2") -> dict[str, Any]:
    return dict(yaml.safe_load(workload(kind, name, spec).strip().removeprefix("---")))


def started(yaml_text: str = "") -> Simulation:
    sim = Simulation.from_yaml(CLASSES + node("n1", cpu="8") + yaml_text, seed=3)
    sim.run(until=1)
    return sim


def view(sim: Simulation, kind: str, name: str) -> dict[str, Any]:
    return next(w for w in sim.state()["workloads"] if (w["kind"], w["name"]) == (kind, name))


def test_an_added_deployment_makes_its_replicaset_and_pods_at_its_next_sync() -> None:
    sim = started()
    sim.apply({"type": "add_workload", "manifest": manifest("Deployment", "web")})
    assert view(sim, "Deployment", "web") | {"uid": ""} == {
        "key": "Deployment/default/web", "kind": "Deployment", "name": "web", "namespace": "default", "uid": "",
        "replicas": 2, "currentPods": 0, "readyPods": 0, "owner": None, "generation": 1, "observedGeneration": 0}
    sim.run()
    assert view(sim, "Deployment", "web")["observedGeneration"] == 1
    assert [p["phase"] for p in pods_of(sim, "web-")] == ["Running", "Running"]


def test_adding_a_workload_that_exists_is_refused_and_changes_nothing() -> None:
    sim = started(workload("ReplicaSet", "web"))
    before = list(sim.events)
    with pytest.raises(CommandError) as err:
        sim.apply({"type": "add_workload", "manifest": manifest("ReplicaSet", "web")})
    assert (err.value.path, err.value.message) == ("command.manifest.metadata.name",
                                                   "replicaset default/web already exists")
    assert sim.events == before


def test_an_invalid_workload_manifest_names_the_field() -> None:
    bad = manifest("Deployment", "web")
    bad["spec"]["template"]["metadata"]["labels"] = {"app": "other"}
    with pytest.raises(CommandError) as err:
        started().apply({"type": "add_workload", "manifest": bad})
    assert err.value.path == "command.manifest.spec.template.metadata.labels"


def test_deleting_a_deployment_deletes_its_replicaset_and_its_pods_gracefully() -> None:
    sim = started(workload("Deployment", "web"))
    sim.run(until=5)
    rs = view(sim, "ReplicaSet", next(w["name"] for w in sim.state()["workloads"] if w["kind"] == "ReplicaSet"))
    sim.apply({"type": "delete_workload", "kind": "Deployment", "name": "web"})
    kinds = [(e["kind"], e.get("workload")) for e in sim.events if e["kind"] in ("workload.deleted",)]
    assert kinds == [("workload.deleted", "Deployment/default/web"), ("workload.deleted", rs["key"])]
    assert {p["phase"] for p in pods_of(sim, "web-")} == {"Terminating"}
    sim.run()
    assert pods_of(sim, "web-") == [] and sim.state().get("workloads") == []


def test_a_deleted_replicaset_of_a_deployment_is_made_again() -> None:
    sim = started(workload("Deployment", "web"))
    sim.run(until=5)
    rs = next(w["name"] for w in sim.state()["workloads"] if w["kind"] == "ReplicaSet")
    sim.apply({"type": "delete_workload", "kind": "ReplicaSet", "name": rs})
    sim.run()
    assert view(sim, "ReplicaSet", rs)["readyPods"] == 3


def test_a_recreated_deployment_has_a_new_replicaset_uid_so_old_pods_are_not_its_own() -> None:
    sim = started()
    first = manifest("Deployment", "web") | {"metadata": {"name": "web", "uid": "11111111-1111-4111-8111-111111111111"}}
    sim.apply({"type": "add_workload", "manifest": first})
    sim.run(until=5)
    old_rs = next(w["uid"] for w in sim.state()["workloads"] if w["kind"] == "ReplicaSet")
    sim.apply({"type": "delete_workload", "kind": "Deployment", "name": "web"})
    second = manifest("Deployment", "web") | {"metadata": {"name": "web", "uid": "22222222-2222-4222-8222-222222222222"}}
    sim.apply({"type": "add_workload", "manifest": second})
    sim.run()
    assert next(w["uid"] for w in sim.state()["workloads"] if w["kind"] == "ReplicaSet") != old_rs
    assert len(pods_of(sim, "web-")) == 2


def test_scaling_bumps_the_generation_and_the_sync_observes_it() -> None:
    sim = started(workload("Deployment", "web"))
    sim.run(until=5)
    assert (view(sim, "Deployment", "web")["generation"], view(sim, "Deployment", "web")["observedGeneration"]) \
        == (1, 1)
    sim.apply({"type": "scale", "kind": "Deployment", "name": "web", "replicas": 4})
    assert (view(sim, "Deployment", "web")["generation"], view(sim, "Deployment", "web")["observedGeneration"]) \
        == (2, 1)
    sim.run()
    assert view(sim, "Deployment", "web")["observedGeneration"] == 2


def test_scaling_to_the_same_replicas_changes_no_generation() -> None:
    sim = started(workload("Deployment", "web"))
    sim.apply({"type": "scale", "kind": "Deployment", "name": "web", "replicas": 3})
    assert view(sim, "Deployment", "web")["generation"] == 1


def test_deleting_a_job_deletes_its_finished_pods_too() -> None:
    job = workload("Job", "report", "parallelism: 1").replace(
        "metadata: {labels: {app: report}}",
        "metadata: {labels: {app: report}, annotations: {scheduler-playground/run-seconds: '5'}}")
    sim = started(job)
    sim.run()
    assert [p["phase"] for p in pods_of(sim, "report-")] == ["Succeeded"]
    sim.apply({"type": "delete_workload", "kind": "Job", "name": "report"})
    assert pods_of(sim, "report-") == []


@pytest.mark.parametrize(("command", "path"), [
    pytest.param({"type": "delete_workload", "kind": "Pod", "name": "web"}, "command.kind", id="kind must be a workload"),
    pytest.param({"type": "delete_workload", "kind": "Job", "name": "nope"}, "command.name", id="it must exist"),
    pytest.param({"type": "annotate_workload", "kind": "Job", "name": "x", "annotations": {"a b": "c"}},
                 "command.annotations", id="annotation keys are checked"),
])
def test_a_bad_workload_command_is_refused_naming_the_field(command: dict[str, Any], path: str) -> None:
    with pytest.raises(CommandError) as err:
        started().apply(command)
    assert err.value.path == path


def test_workload_commands_replay_byte_for_byte_and_fold_to_the_state() -> None:
    sim = started(workload("Deployment", "web"))
    sim.apply({"type": "add_workload", "manifest": manifest("StatefulSet", "db")})
    sim.run(until=8)
    sim.apply({"type": "delete_workload", "kind": "Deployment", "name": "web"})
    restored = Simulation.restore(sim.snapshot())
    sim.run()
    restored.run()
    assert restored.events == sim.events
    assert fold(sim.events)["workloads"] == sim.state()["workloads"]
