"""Workloads as the per-run API server serves them (apps/v1, batch/v1): the objects, their status as the model's
controllers wrote it, the Scale subresource, Tables, and the pods they made (template, ownerReferences).

A stored run without a worker: reads fold its log; a write's dry run needs no worker (previews.py)."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from playground.accounts import services as accounts
from playground.runs.models import Run
from playground.scenarios.models import Scenario
from tests.integration.test_runs_live import node, priority_class
from tests.playground.test_k8sapi import stored_run

pytestmark = pytest.mark.django_db

APPS = "apis/apps/v1/namespaces/default"
TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io"


def workload(kind: str, name: str, **spec: Any) -> dict[str, Any]:
    template_spec: dict[str, Any] = {"priorityClassName": "low", "containers": [
        {"name": "app", "image": "nginx:1.27", "resources": {"requests": {"cpu": "500m", "memory": "64Mi"}}}]}
    if kind == "Job":
        template_spec["restartPolicy"] = "Never"
    manifest: dict[str, Any] = {
        "apiVersion": "batch/v1" if kind == "Job" else "apps/v1", "kind": kind,
        "metadata": {"name": name, "namespace": "default", "labels": {"team": "blue"}},
        "spec": {**spec, "template": {"metadata": {"labels": {"app": name}}, "spec": template_spec}}}
    if kind != "Job":
        manifest["spec"]["selector"] = {"matchLabels": {"app": name}}
    return manifest


DOCS = [priority_class("low", 100), node("node-a"), node("node-b"),
        workload("Deployment", "web", replicas=2), workload("StatefulSet", "db", replicas=1),
        workload("DaemonSet", "agent"), workload("Job", "report")]


@pytest.fixture(scope="module")
def stored(django_db_setup: None, django_db_blocker: Any) -> Iterator[tuple[User, str, Run]]:
    """One stored run for the module (reads and dry runs change nothing), committed, and removed at the end."""
    with django_db_blocker.unblock():
        user = User.objects.create_user("workloads-owner")
        token = accounts.create_token(user, "kubectl")[1]
        run = stored_run(user, DOCS, until=10.0)
    yield user, token, run
    with django_db_blocker.unblock():
        Run.objects.filter(pk=run.pk).delete()
        Scenario.objects.filter(owner=user).delete()
        user.delete()


@pytest.fixture
def owner(stored: tuple[User, str, Run]) -> tuple[User, str]:
    return stored[0], stored[1]


@pytest.fixture
def run(stored: tuple[User, str, Run]) -> Run:
    return stored[2]


def call(run: Run, token: str, method: str, path: str, body: Any = None, query: str = "",
         content_type: str = "application/json", accept: str = "application/json") -> tuple[int, Any]:
    url = f"/k8s/runs/{run.pk}/{path}" + (f"?{query}" if query else "")
    data = json.dumps(body) if body is not None else ""
    response = Client().generic(method, url, data, content_type=content_type, HTTP_AUTHORIZATION=f"Bearer {token}",
                                HTTP_ACCEPT=accept)
    return response.status_code, response.json()


def get(run: Run, token: str, path: str, accept: str = "application/json") -> Any:
    code, body = call(run, token, "GET", path, accept=accept)
    assert code == 200, body
    return body


def test_discovery_lists_the_workloads_and_their_scale_subresource(run: Run, owner: Any) -> None:
    resources = {r["name"]: r for r in get(run, owner[1], "apis/apps/v1")["resources"]}
    assert resources["deployments"]["shortNames"] == ["deploy"] and resources["deployments"]["categories"] == ["all"]
    assert resources["deployments/scale"] | {"verbs": []} == {
        "name": "deployments/scale", "singularName": "", "namespaced": True, "group": "autoscaling", "version": "v1",
        "kind": "Scale", "verbs": []}
    assert {r["name"] for r in get(run, owner[1], "apis/batch/v1")["resources"]} == {"jobs"}


def test_a_deployment_reports_the_status_its_controller_wrote(run: Run, owner: Any) -> None:
    deployment = get(run, owner[1], f"{APPS}/deployments/web")
    assert deployment["metadata"]["generation"] == 1
    assert deployment["metadata"]["annotations"]["deployment.kubernetes.io/revision"] == "1"
    assert deployment["spec"]["strategy"]["type"] == "RollingUpdate" and deployment["spec"]["replicas"] == 2
    status = deployment["status"]
    assert {k: v for k, v in status.items() if k != "conditions"} == {
        "observedGeneration": 1, "replicas": 2, "updatedReplicas": 2, "readyReplicas": 2, "availableReplicas": 2}
    assert [(c["type"], c["status"], c["reason"]) for c in status["conditions"]] == [
        ("Available", "True", "MinimumReplicasAvailable"), ("Progressing", "True", "NewReplicaSetAvailable")]


def test_the_replicaset_is_the_deployments_with_the_pod_template_hash(run: Run, owner: Any) -> None:
    [rs] = get(run, owner[1], f"{APPS}/replicasets")["items"]
    digest = rs["metadata"]["name"].removeprefix("web-")
    assert rs["spec"]["selector"]["matchLabels"] == {"app": "web", "pod-template-hash": digest}
    assert rs["metadata"]["ownerReferences"][0] | {"uid": ""} == {
        "apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "uid": "", "controller": True,
        "blockOwnerDeletion": True}
    assert rs["metadata"]["ownerReferences"][0]["uid"] == get(run, owner[1], f"{APPS}/deployments/web")[
        "metadata"]["uid"]
    assert rs["status"] == {"replicas": 2, "fullyLabeledReplicas": 2, "readyReplicas": 2, "availableReplicas": 2,
                            "observedGeneration": 1}


def test_pods_a_deployment_made_carry_its_template_and_a_controller_reference(run: Run, owner: Any) -> None:
    pods = [p for p in get(run, owner[1], "api/v1/namespaces/default/pods")["items"]
            if p["metadata"]["name"].startswith("web-")]
    rs = get(run, owner[1], f"{APPS}/replicasets")["items"][0]["metadata"]
    assert len(pods) == 2
    for pod in pods:
        assert pod["metadata"]["ownerReferences"] == [{"apiVersion": "apps/v1", "kind": "ReplicaSet",
                                                       "name": rs["name"], "uid": rs["uid"], "controller": True,
                                                       "blockOwnerDeletion": True}]
        [container] = pod["spec"]["containers"]
        assert (container["name"], container["image"], container["resources"]) == (
            "app", "nginx:1.27", {"requests": {"cpu": "500m", "memory": "64Mi"}})
        assert pod["status"]["qosClass"] == "Burstable"


def test_daemonset_pods_tolerate_what_the_controller_adds_and_are_pinned(run: Run, owner: Any) -> None:
    pods = [p for p in get(run, owner[1], "api/v1/namespaces/default/pods")["items"]
            if p["metadata"]["name"].startswith("agent-")]
    assert sorted(p["spec"]["nodeName"] for p in pods) == ["node-a", "node-b"]
    for pod in pods:
        assert pod["metadata"]["ownerReferences"][0]["kind"] == "DaemonSet"
        assert {"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"} in pod[
            "spec"]["tolerations"]
        terms = pod["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
        assert terms["nodeSelectorTerms"][0]["matchFields"][0]["values"] == [pod["spec"]["nodeName"]]


@pytest.mark.parametrize(("path", "header", "row"), [
    pytest.param(f"{APPS}/deployments", ["Name", "Ready", "Up-to-date", "Available", "Age"],
                 ["web", "2/2", 2, 2], id="deployments: READY UP-TO-DATE AVAILABLE"),
    pytest.param(f"{APPS}/statefulsets", ["Name", "Ready", "Age"], ["db", "1/1"], id="statefulsets: READY"),
    pytest.param(f"{APPS}/daemonsets", ["Name", "Desired", "Current", "Ready", "Up-to-date", "Available",
                                        "Node Selector", "Age"], ["agent", 2, 2, 2, 2, 2, "<none>"],
                 id="daemonsets: DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR"),
    pytest.param("apis/batch/v1/namespaces/default/jobs", ["Name", "Status", "Completions", "Duration", "Age"],
                 ["report", "Running", "0/1", "9s"], id="jobs: STATUS COMPLETIONS DURATION"),
])
def test_tables_have_kubectls_columns(run: Run, owner: Any, path: str, header: list[str], row: list[Any]) -> None:
    table = get(run, owner[1], path, accept=TABLE)
    assert [c["name"] for c in table["columnDefinitions"] if c["priority"] == 0] == header
    [cells] = [r["cells"] for r in table["rows"]]
    assert cells[:len(row)] == row


def test_the_scale_subresource_reads_spec_and_status(run: Run, owner: Any) -> None:
    scale = get(run, owner[1], f"{APPS}/deployments/web/scale")
    assert (scale["kind"], scale["apiVersion"], scale["spec"], scale["status"]) == (
        "Scale", "autoscaling/v1", {"replicas": 2}, {"replicas": 2, "selector": "app=web"})


def test_a_dry_run_scale_answers_the_new_scale_and_changes_nothing(run: Run, owner: Any) -> None:
    code, scale = call(run, owner[1], "PATCH", f"{APPS}/deployments/web/scale", {"spec": {"replicas": 4}},
                       query="dryRun=All", content_type="application/merge-patch+json")
    assert code == 200, scale
    assert scale["spec"]["replicas"] == 4
    assert get(run, owner[1], f"{APPS}/deployments/web")["spec"]["replicas"] == 2


def test_a_negative_scale_is_refused_as_validatescale_words_it(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "PATCH", f"{APPS}/deployments/web/scale", {"spec": {"replicas": -1}},
                      query="dryRun=All", content_type="application/merge-patch+json")
    message = 'Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0'
    assert (code, body["message"]) == (422, message)


def test_a_dry_run_delete_of_a_deployment_answers_success_and_keeps_it(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "DELETE", f"{APPS}/deployments/web", query="dryRun=All")
    assert (code, body["status"], body["details"]["kind"], body["details"]["group"]) == (
        200, "Success", "deployments", "apps")
    assert get(run, owner[1], f"{APPS}/deployments/web")["metadata"]["name"] == "web"


def test_orphan_propagation_is_refused_naming_the_policy(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "DELETE", f"{APPS}/deployments/web",
                      {"propagationPolicy": "Orphan", "dryRun": ["All"]})
    assert code == 422 and "propagationPolicy" in body["message"]


def test_a_dry_run_create_answers_the_new_deployment(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "POST", f"{APPS}/deployments", workload("Deployment", "api", replicas=1),
                      query="dryRun=All")
    assert code == 201, body
    assert body["metadata"]["name"] == "api" and body["status"] == {}
    assert body["metadata"]["uid"] != get(run, owner[1], f"{APPS}/deployments/web")["metadata"]["uid"]


def test_changing_a_deployments_template_is_refused_naming_the_field(run: Run, owner: Any) -> None:
    patch = {"spec": {"template": {"spec": {"containers": [{"name": "app", "image": "nginx:1.28"}]}}}}
    code, body = call(run, owner[1], "PATCH", f"{APPS}/deployments/web", patch, query="dryRun=All",
                      content_type="application/merge-patch+json")
    assert code == 422 and body["details"]["causes"][0]["field"].startswith("spec.template")


def test_a_client_side_apply_patch_scales_and_records_the_annotation(run: Run, owner: Any) -> None:
    patch = {"metadata": {"annotations": {"kubectl.kubernetes.io/last-applied-configuration": "{}"}},
             "spec": {"replicas": 3}}
    code, body = call(run, owner[1], "PATCH", f"{APPS}/deployments/web", patch, query="dryRun=All",
                      content_type="application/strategic-merge-patch+json")
    assert code == 200, body
    assert body["spec"]["replicas"] == 3
    assert body["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"] == "{}"


def test_a_jobs_finished_pod_is_succeeded_and_completed(owner: Any) -> None:
    job = workload("Job", "quick")
    job["spec"]["template"]["metadata"]["annotations"] = {"scheduler-playground/run-seconds": "2"}
    run = stored_run(owner[0], [priority_class("low", 100), node("node-a"), job], until=10.0)
    pods = get(run, owner[1], "api/v1/namespaces/default/pods")["items"]
    [pod] = [p for p in pods if p["metadata"]["name"].startswith("quick-")]
    assert pod["status"]["phase"] == "Succeeded"
    assert pod["status"]["containerStatuses"][0]["state"]["terminated"]["reason"] == "Completed"
    [row] = get(run, owner[1], "api/v1/namespaces/default/pods", accept=TABLE)["rows"]
    assert row["cells"][1:3] == ["0/1", "Completed"]
    [job_row] = get(run, owner[1], "apis/batch/v1/namespaces/default/jobs", accept=TABLE)["rows"]
    assert job_row["cells"][1:4] == ["Complete", "1/1", "3s"]


def test_pods_of_a_deleted_deployment_keep_their_template_and_owner_while_they_terminate(owner: Any) -> None:
    run = stored_run(owner[0], DOCS[:3] + [workload("Deployment", "web", replicas=1)], until=5.0,
                     timed_commands=[{"at": 4.0, "command": {"type": "delete_workload", "kind": "Deployment",
                                                             "name": "web"}}])
    [pod] = [p for p in get(run, owner[1], "api/v1/namespaces/default/pods")["items"]
             if p["metadata"]["name"].startswith("web-")]
    assert "deletionTimestamp" in pod["metadata"] and pod["metadata"]["ownerReferences"][0]["kind"] == "ReplicaSet"
    assert pod["spec"]["containers"][0]["resources"] == {"requests": {"cpu": "500m", "memory": "64Mi"}}
    assert get(run, owner[1], f"{APPS}/deployments")["items"] == []
