"""Workload controllers on the virtual clock, with cases taken from upstream's controller tests:
pkg/controller/replicaset/replica_set_test.go (create / delete counts, getPodsToDelete order),
pkg/controller/deployment/sync_test.go (the new ReplicaSet and its scaling events),
pkg/controller/statefulset/stateful_set_control_test.go (ordinal order, OrderedReady vs Parallel,
scale down from the highest ordinal), pkg/controller/job/job_controller_test.go (parallelism,
completions, backoffLimit), pkg/controller/daemon/daemon_controller_test.go (one pod per eligible
node, taints, pinning) — plus the end-to-end preemption cascade.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from scheduler_core import Simulation
from scheduler_core.commands import CommandError
from scheduler_core.events import fold
from scheduler_core.manifests import ManifestError, cluster_to_documents, load_documents, load_yaml
from tests.scheduler_core.simkit import k8s_messages, of_kind

NAME_SUFFIX = "[bcdfghjklmnpqrstvwxz2456789]{5}"
CLASSES = """
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: mid}
value: 500
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
"""


def node(name: str, cpu: str = "4", extra: str = "") -> str:
    return f"""
---
apiVersion: v1
kind: Node
metadata: {{name: {name}, labels: {{kubernetes.io/hostname: {name}}}}}
spec: {{{extra}}}
status: {{allocatable: {{cpu: "{cpu}", memory: 8Gi, pods: "110"}}}}
"""


def workload(kind: str, name: str, spec: str = "replicas: 3", cpu: str = "1", pclass: str = "low",
             template_extra: str = "", labels: str = "") -> str:
    api = "batch/v1" if kind == "Job" else "apps/v1"
    selector = "" if kind == "Job" else f"selector: {{matchLabels: {{app: {name}}}}}"
    restart = "restartPolicy: Never," if kind == "Job" else ""
    return f"""
---
apiVersion: {api}
kind: {kind}
metadata: {{name: {name}}}
spec:
  {spec}
  {selector}
  template:
    metadata: {{labels: {{app: {name}{labels}}}}}
    spec: {{{restart} priorityClassName: {pclass}, {template_extra}
            containers: [{{name: main, resources: {{requests: {{cpu: "{cpu}"}}}}}}]}}
"""


def pod(name: str, node_name: str, cpu: str = "1", labels: str = "{}", pclass: str = "low") -> str:
    return f"""
---
apiVersion: v1
kind: Pod
metadata: {{name: {name}, labels: {labels}}}
spec: {{nodeName: {node_name}, priorityClassName: {pclass},
        containers: [{{name: main, resources: {{requests: {{cpu: "{cpu}"}}}}}}]}}
status: {{startTime: "2025-12-31T23:00:00Z"}}
"""


def run(yaml_text: str, *, until: float | None = None, seed: int = 0, **config: Any) -> Simulation:
    sim = Simulation.from_yaml(CLASSES + yaml_text, seed=seed, config=config or None)
    sim.run(until=until)
    return sim


def pods_of(sim: Simulation, prefix: str) -> list[dict[str, Any]]:
    return [p for p in sim.state()["pods"] if p["name"].startswith(prefix)]


def creates(sim: Simulation) -> list[str]:
    return k8s_messages(sim, "SuccessfulCreate")


# --------------------------------------------------------------------------- ReplicaSet


def test_a_replicaset_creates_its_replicas_with_generated_names_and_owner_references() -> None:
    sim = run(node("n1") + workload("ReplicaSet", "web"))
    pods = pods_of(sim, "web-")
    assert len(pods) == 3
    assert all(re.fullmatch(f"web-{NAME_SUFFIX}", p["name"]) for p in pods)
    assert all(p["owner"] == {"kind": "ReplicaSet", "name": "web"} for p in pods)
    assert creates(sim) == [f"Created pod: {p['name']}" for p in pods]
    created = of_kind(sim.events, "k8s.event", reason="SuccessfulCreate")
    assert {(e["object"], e["objectKind"], e["type"]) for e in created} == {("default/web", "ReplicaSet", "Normal")}


def test_pods_a_controller_creates_carry_a_controller_reference_to_its_uid() -> None:
    sim = run(node("n1") + workload("ReplicaSet", "web", "replicas: 1"))
    record = next(r for r in sim.cluster.pods.values() if r.pod.name.startswith("web-"))
    ref = record.pod.controller_ref
    assert ref is not None and ref.controller and ref.kind == "ReplicaSet" and ref.api_version == "apps/v1"
    assert ref.uid == sim.controllers.workloads["ReplicaSet/default/web"].workload.uid


def test_the_controller_reacts_after_its_configured_delay() -> None:
    sim = run(node("n1") + workload("ReplicaSet", "web", "replicas: 1"), controller_delay_seconds=2.5)
    assert [e["t"] for e in of_kind(sim.events, "k8s.event", reason="SuccessfulCreate")] == [2.5]


def test_a_deleted_pod_is_replaced_as_soon_as_it_is_terminating() -> None:
    sim = run(node("n1") + workload("ReplicaSet", "web", "replicas: 2"))
    victim = pods_of(sim, "web-")[0]["key"]
    sim.apply({"type": "delete_pod", "pod": victim})
    sim.run(until=sim.now + 1)  # the grace period has 29 s to go
    assert sim.cluster.pods[victim].deletion_timestamp is not None
    assert len(creates(sim)) == 3
    assert len([p for p in pods_of(sim, "web-") if p["phase"] != "Terminating"]) == 2


@pytest.mark.parametrize(("replicas", "deleted"), [
    pytest.param(2, 1, id="scaling 3 to 2 deletes one pod"),
    pytest.param(0, 3, id="scaling 3 to 0 deletes every pod"),
])
def test_scaling_a_replicaset_down_deletes_the_surplus(replicas: int, deleted: int) -> None:
    sim = run(node("n1") + workload("ReplicaSet", "web"))
    sim.apply({"type": "scale", "kind": "ReplicaSet", "name": "web", "replicas": replicas})
    sim.run()
    assert len(k8s_messages(sim, "SuccessfulDelete")) == deleted
    assert len(pods_of(sim, "web-")) == replicas


def test_getpodstodelete_removes_an_unscheduled_pod_before_a_running_one() -> None:
    """ActivePodsWithRanks: unassigned < assigned — the Pending replica is the one to go."""
    sim = run(node("n1", cpu="2") + workload("ReplicaSet", "web"))
    pending = [p["name"] for p in pods_of(sim, "web-") if p["nodeName"] is None]
    assert len(pending) == 1
    sim.apply({"type": "scale", "kind": "ReplicaSet", "name": "web", "replicas": 2})
    sim.run()
    assert k8s_messages(sim, "SuccessfulDelete") == [f"Deleted pod: {pending[0]}"]


def test_an_orphan_pod_the_selector_matches_is_adopted_instead_of_creating_one() -> None:
    sim = run(node("n1") + workload("ReplicaSet", "web", "replicas: 2") + pod("web-old", "n1", labels="{app: web}"))
    assert next(p for p in sim.state()["pods"] if p["name"] == "web-old")["owner"] == {"kind": "ReplicaSet",
                                                                                       "name": "web"}
    assert len(creates(sim)) == 1


def test_pod_names_follow_the_seed() -> None:
    text = node("n1") + workload("ReplicaSet", "web")
    assert creates(run(text, seed=3)) == creates(run(text, seed=3))
    assert creates(run(text, seed=3)) != creates(run(text, seed=4))


# --------------------------------------------------------------------------- Deployment


def test_a_deployment_creates_a_replicaset_named_by_its_pod_template_hash() -> None:
    sim = run(node("n1") + workload("Deployment", "web"))
    rs = [w for w in sim.state()["workloads"] if w["kind"] == "ReplicaSet"]
    assert len(rs) == 1 and re.fullmatch("web-[bcdfghjklmnpqrstvwxz2456789]+", rs[0]["name"])
    assert rs[0]["owner"] == {"kind": "Deployment", "name": "web"}
    assert k8s_messages(sim, "ScalingReplicaSet") == [f"Scaled up replica set {rs[0]['name']} from 0 to 3"]
    pods = pods_of(sim, "web-")
    digest = rs[0]["name"].removeprefix("web-")
    assert len(pods) == 3 and all(p["labels"]["pod-template-hash"] == digest for p in pods)
    assert all(re.fullmatch(f"{rs[0]['name']}-{NAME_SUFFIX}", p["name"]) for p in pods)


@pytest.mark.parametrize(("replicas", "message"), [
    pytest.param(5, "Scaled up replica set {rs} to 5 from 3", id="scaling up says to 5 from 3"),
    pytest.param(1, "Scaled down replica set {rs} to 1 from 3", id="scaling down says to 1 from 3"),
])
def test_scaling_a_deployment_scales_its_replicaset_with_upstreams_event(replicas: int, message: str) -> None:
    sim = run(node("n1", cpu="8") + workload("Deployment", "web"))
    rs = next(w["name"] for w in sim.state()["workloads"] if w["kind"] == "ReplicaSet")
    sim.apply({"type": "scale", "kind": "Deployment", "name": "web", "replicas": replicas})
    sim.run()
    assert k8s_messages(sim, "ScalingReplicaSet")[-1] == message.format(rs=rs)
    assert len(pods_of(sim, "web-")) == replicas
    deployment = next(w for w in sim.state()["workloads"] if w["kind"] == "Deployment")
    assert (deployment["replicas"], deployment["readyPods"]) == (replicas, replicas)


# --------------------------------------------------------------------------- StatefulSet


def test_orderedready_creates_ordinals_one_at_a_time_each_after_the_previous_runs() -> None:
    sim = run(node("n1") + workload("StatefulSet", "db"))
    assert creates(sim) == [f"create Pod db-{n} in StatefulSet db successful" for n in range(3)]
    created = [e["t"] for e in of_kind(sim.events, "k8s.event", reason="SuccessfulCreate")]
    bound = {e["pod"]: e["t"] for e in of_kind(sim.events, "pod.bound")}
    assert created[1] > bound["default/db-0"] and created[2] > bound["default/db-1"]


def test_orderedready_waits_while_an_ordinal_cannot_be_scheduled() -> None:
    sim = run(node("n1", cpu="1") + workload("StatefulSet", "db", cpu="2"))
    assert creates(sim) == ["create Pod db-0 in StatefulSet db successful"]


def test_parallel_creates_every_ordinal_at_once() -> None:
    sim = run(node("n1", cpu="1") + workload("StatefulSet", "db", "replicas: 3\n  podManagementPolicy: Parallel",
                                              cpu="2"))
    assert sorted(creates(sim)) == [f"create Pod db-{n} in StatefulSet db successful" for n in range(3)]


def test_scale_down_deletes_the_highest_ordinal_first_one_at_a_time() -> None:
    sim = run(node("n1") + workload("StatefulSet", "db"))
    sim.apply({"type": "scale", "kind": "StatefulSet", "name": "db", "replicas": 1})
    sim.run()
    assert k8s_messages(sim, "SuccessfulDelete") == ["delete Pod db-2 in StatefulSet db successful",
                                                    "delete Pod db-1 in StatefulSet db successful"]
    deletes = [e["t"] for e in of_kind(sim.events, "k8s.event", reason="SuccessfulDelete")]
    assert deletes[1] >= deletes[0] + 30  # db-1 only after db-2's grace period ended


def test_an_evicted_ordinal_is_recreated_under_its_name_once_the_old_pod_is_gone() -> None:
    sim = run(node("n1") + workload("StatefulSet", "db", "replicas: 1"))
    old_uid = sim.cluster.pods["default/db-0"].pod.uid
    sim.apply({"type": "delete_pod", "pod": "default/db-0"})
    sim.run()
    deleted_at = of_kind(sim.events, "pod.deleted", pod="default/db-0")[0]["t"]
    recreated = of_kind(sim.events, "k8s.event", reason="SuccessfulCreate")[-1]
    assert recreated["t"] == deleted_at + 1
    assert sim.cluster.pods["default/db-0"].pod.uid != old_uid


# --------------------------------------------------------------------------- Job


def test_a_job_runs_parallelism_pods_at_a_time_until_completions_succeed() -> None:
    job = workload("Job", "report", """parallelism: 2
  completions: 3""", template_extra="")
    job = job.replace("metadata: {labels: {app: report}}",
                      "metadata: {labels: {app: report}, annotations: {scheduler-playground/run-seconds: '10'}}")
    sim = run(node("n1") + job)
    assert len(creates(sim)) == 3
    assert len(of_kind(sim.events, "pod.succeeded")) == 3
    assert k8s_messages(sim, "Completed") == ["Job completed"]
    succeeded_at = [e["t"] for e in of_kind(sim.events, "pod.succeeded")]
    assert succeeded_at == [11.0, 11.0, 22.0]  # created and bound at 1; the third one a second after a success
    view = next(w for w in sim.state()["workloads"] if w["kind"] == "Job")
    assert (view["succeeded"], view["finished"]) == (3, "Complete")


def test_a_succeeded_pod_frees_its_node_for_a_pending_pod() -> None:
    job = workload("Job", "report", "parallelism: 1", cpu="4").replace(
        "metadata: {labels: {app: report}}",
        "metadata: {labels: {app: report}, annotations: {scheduler-playground/run-seconds: '5'}}")
    sim = Simulation.from_yaml(CLASSES + node("n1") + job, seed=0)
    sim.run(until=3)
    sim.apply({"type": "add_pod", "manifest": {"metadata": {"name": "later"}, "spec": {
        "priorityClassName": "low", "containers": [{"name": "c", "resources": {"requests": {"cpu": "4"}}}]}}})
    sim.run()
    assert of_kind(sim.events, "pod.bound", pod="default/later")[0]["t"] == 6.0  # the Job's pod ran from 1 to 6


def test_more_failures_than_backofflimit_fail_the_job() -> None:
    sim = run(node("n1") + workload("Job", "report", "backoffLimit: 0"), until=5)
    victim = pods_of(sim, "report-")[0]["key"]
    sim.apply({"type": "delete_pod", "pod": victim})
    sim.run()
    assert k8s_messages(sim, "BackoffLimitExceeded") == ["Job has reached the specified backoff limit"]
    assert len(creates(sim)) == 1


def test_job_pods_get_the_generated_job_labels() -> None:
    sim = run(node("n1") + workload("Job", "report"), until=2)
    labels = pods_of(sim, "report-")[0]["labels"]
    assert labels["batch.kubernetes.io/job-name"] == "report" and labels["job-name"] == "report"
    assert labels["batch.kubernetes.io/controller-uid"] == labels["controller-uid"]


# --------------------------------------------------------------------------- DaemonSet


def test_a_daemonset_runs_one_pinned_pod_on_every_eligible_node() -> None:
    sim = run(node("n1") + node("n2") + node("n3", extra="taints: [{key: dedicated, effect: NoSchedule}]")
              + workload("DaemonSet", "agent", "", cpu="100m"))
    on = sorted(p["nodeName"] for p in pods_of(sim, "agent-"))
    assert on == ["n1", "n2"]
    record = next(r for r in sim.cluster.pods.values() if r.pod.name.startswith("agent-"))
    term = record.pod.node_affinity.required[0]  # type: ignore[union-attr]
    assert (term.match_fields[0].key, term.match_fields[0].values) == ("metadata.name", (record.pod.node_name,))


def test_a_daemonset_pod_tolerates_unschedulable_and_follows_new_nodes() -> None:
    sim = run(node("n1", extra="unschedulable: true") + workload("DaemonSet", "agent", "", cpu="100m"))
    assert [p["nodeName"] for p in pods_of(sim, "agent-")] == ["n1"]
    sim.apply({"type": "add_node", "manifest": {"metadata": {"name": "n2"},
                                                "status": {"allocatable": {"cpu": "4", "pods": "10"}}}})
    sim.run()
    assert sorted(p["nodeName"] for p in pods_of(sim, "agent-")) == ["n1", "n2"]


# --------------------------------------------------------------------------- the cascade, end to end


CASCADE = (node("node-a").replace("kubernetes.io/hostname: node-a", "kubernetes.io/hostname: node-a, disk: ssd")
           + node("node-b") + workload("StatefulSet", "cache", "replicas: 1", cpu="3", pclass="mid")
           + workload("ReplicaSet", "batch", "replicas: 1", cpu="3", pclass="low")
           + pod("cache-0", "node-a", cpu="3", labels="{app: cache}", pclass="mid")
           + pod("batch-1", "node-b", cpu="3", labels="{app: batch}"))
PAYMENTS = {"type": "add_pod", "manifest": {"metadata": {"name": "payments"}, "spec": {
    "priorityClassName": "high", "nodeSelector": {"disk": "ssd"},
    "containers": [{"name": "c", "resources": {"requests": {"cpu": "3"}}}]}}}


def test_a_recreated_victim_preempts_in_turn_and_the_last_replacement_starves() -> None:
    sim = Simulation.from_yaml(CLASSES + CASCADE, seed=0)
    sim.run(until=5)
    old_cache_uid = sim.cluster.pods["default/cache-0"].pod.uid
    sim.apply(PAYMENTS)
    sim.run()
    preempted = [e["object"] for e in of_kind(sim.events, "k8s.event", reason="Preempted")]
    assert preempted == ["default/cache-0", "default/batch-1"]
    state = {p["key"]: p for p in sim.state()["pods"]}
    assert state["default/payments"]["nodeName"] == "node-a"
    assert state["default/cache-0"]["nodeName"] == "node-b"
    assert sim.cluster.pods["default/cache-0"].pod.uid != old_cache_uid
    batch = [p for p in state.values() if p.get("owner") == {"kind": "ReplicaSet", "name": "batch"}]
    assert len(batch) == 1 and batch[0]["phase"] == "Pending"
    assert k8s_messages(sim, "FailedScheduling", batch[0]["key"])[-1].endswith(
        "preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.")


def test_the_cascade_folds_to_the_simulations_state_after_every_event() -> None:
    sim = Simulation.from_yaml(CLASSES + CASCADE, seed=0)
    sim.apply(PAYMENTS)
    while sim.next_time() is not None and sim.now < 200:
        if sim.advance():
            state = sim.state()
            assert fold(sim.events) == {**state, "time": sim.events[-1]["t"]}


# --------------------------------------------------------------------------- manifests and commands


@pytest.mark.parametrize(("text", "path", "message"), [
    pytest.param(workload("Deployment", "web").replace("selector: {matchLabels: {app: web}}", "selector: {matchLabels: {app: x}}"),
                 "deployments[0].spec.template.metadata.labels", "`selector` does not match template `labels`",
                 id="a selector that does not match the template is refused"),
    pytest.param(workload("ReplicaSet", "web").replace("selector: {matchLabels: {app: web}}", ""),
                 "replicasets[0].spec.selector", "Required value", id="a ReplicaSet needs a selector"),
    pytest.param(workload("Job", "j").replace("restartPolicy: Never,", "restartPolicy: Always,"),
                 "jobs[0].spec.template.spec.restartPolicy", 'Unsupported value: "Always"',
                 id="a Job's pods may not restart Always"),
    pytest.param(workload("StatefulSet", "db", "replicas: -1"), "statefulsets[0].spec.replicas",
                 "must be greater than or equal to 0", id="negative replicas are refused"),
    pytest.param(workload("Deployment", "web", pclass="nope"), "deployments[0].spec.template.spec.priorityClassName",
                 "no PriorityClass with name nope was found", id="the template is admitted like a pod"),
])
def test_workload_manifests_are_validated_with_the_field_named(text: str, path: str, message: str) -> None:
    with pytest.raises(ManifestError) as err:
        load_yaml(CLASSES + text)
    assert any(e.api_path == path and message in e.message for e in err.value.errors), \
        [(e.api_path, e.message) for e in err.value.errors]


def test_workloads_survive_export_and_import() -> None:
    text = CLASSES + node("n1") + workload("Deployment", "web") + workload("Job", "j", "parallelism: 2") \
        + workload("StatefulSet", "db", "replicas: 2\n  podManagementPolicy: Parallel") + workload("DaemonSet", "ds", "")
    cluster = load_yaml(text)
    assert load_documents(cluster_to_documents(cluster)) == cluster


@pytest.mark.parametrize(("command", "path"), [
    pytest.param({"type": "scale", "kind": "Job", "name": "web", "replicas": 1}, "command.kind",
                 id="a Job cannot be scaled"),
    pytest.param({"type": "scale", "kind": "Deployment", "name": "web", "replicas": -1}, "command.replicas",
                 id="replicas must not be negative"),
    pytest.param({"type": "scale", "kind": "Deployment", "name": "nope", "replicas": 1}, "command.name",
                 id="the workload must exist"),
    pytest.param({"type": "scale", "kind": "Deployment", "name": "web"}, "command.replicas",
                 id="replicas is required"),
])
def test_a_bad_scale_command_is_refused_naming_the_field(command: dict[str, Any], path: str) -> None:
    sim = run(node("n1") + workload("Deployment", "web"), until=1)
    before = list(sim.events)
    with pytest.raises(CommandError) as err:
        sim.apply(command)
    assert err.value.path == path
    assert sim.events == before


def test_a_restored_workload_run_continues_byte_for_byte() -> None:
    sim = Simulation.from_yaml(CLASSES + CASCADE, seed=5)
    sim.run(until=3)
    sim.apply(PAYMENTS)
    sim.run(until=45)
    sim.apply({"type": "scale", "kind": "ReplicaSet", "name": "batch", "replicas": 2})
    restored = Simulation.restore(sim.snapshot())
    assert restored.events == sim.events
    sim.run()
    restored.run()
    assert restored.events == sim.events


def test_deleting_a_succeeded_pod_removes_it_at_once() -> None:
    job = workload("Job", "report", "parallelism: 1").replace(
        "metadata: {labels: {app: report}}",
        "metadata: {labels: {app: report}, annotations: {scheduler-playground/run-seconds: '5'}}")
    sim = run(node("n1") + job)
    done = next(p["key"] for p in pods_of(sim, "report-") if p["phase"] == "Succeeded")
    sim.apply({"type": "delete_pod", "pod": done})
    assert [e["kind"] for e in sim.events[-2:]] == ["command.applied", "pod.deleted"]


def test_scaling_a_deployments_replicaset_directly_is_undone_by_the_deployment() -> None:
    sim = run(node("n1", cpu="8") + workload("Deployment", "web"))
    rs = next(w["name"] for w in sim.state()["workloads"] if w["kind"] == "ReplicaSet")
    sim.apply({"type": "scale", "kind": "ReplicaSet", "name": rs, "replicas": 5})
    sim.run()
    assert k8s_messages(sim, "ScalingReplicaSet")[-1] == f"Scaled down replica set {rs} to 3 from 5"
    assert len([p for p in pods_of(sim, "web-") if p["phase"] == "Running"]) == 3
