"""Workloads with the real kubectl and the official Python client against a live run (uvicorn, a Celery worker,
PostgreSQL, Redis): get, describe, scale, rollout status, apply, delete of Deployments; `describe node` counting
their pods' requests; `drain` treating them as managed; server dry runs that leave the run as it was.

One run for the module; the tests act on it in file order."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from kubernetes import client, config

from tests.integration.kubectl_support import RunApi, needs_kubectl, start_run_api
from tests.integration.test_runs_live import node, priority_class

pytestmark = pytest.mark.integration


def deployment(name: str, replicas: int, cpu: str = "1") -> dict[str, Any]:
    return {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name, "namespace": "default"},
            "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": name}},
                     "template": {"metadata": {"labels": {"app": name}},
                                  "spec": {"priorityClassName": "low", "containers": [
                                      {"name": "app", "image": "nginx:1.27",
                                       "resources": {"requests": {"cpu": cpu, "memory": "128Mi"}}}]}}}}


def daemon_set(name: str) -> dict[str, Any]:
    manifest = deployment(name, 0, cpu="100m")
    del manifest["spec"]["replicas"]
    return {**manifest, "kind": "DaemonSet"}


@pytest.fixture(scope="module")
def run_api(live_server_url: str, celery_worker_process: Any, tmp_path_factory: pytest.TempPathFactory) -> RunApi:
    needs_kubectl()
    docs = [priority_class("low", 100), node("node-a", "10"), node("node-b", "10"), deployment("web", 2),
            daemon_set("agent")]
    return start_run_api(live_server_url, tmp_path_factory.mktemp("kube-workloads"), docs=docs)


def write(path: Path, manifest: dict[str, Any]) -> str:
    path.write_text(yaml.safe_dump(manifest))
    return str(path)


def as_stored(run_api: RunApi) -> dict[str, Any]:
    objects = json.loads(run_api.kubectl("get", "deployments,replicasets,daemonsets,pods", "-o", "json").stdout)
    run = run_api.api.call("GET", f"/api/runs/{run_api.run_id}/")
    return {"objects": objects, "last_seq": run["lastSeq"],
            "commands": run_api.api.call("GET", f"/api/runs/{run_api.run_id}/commands/")}


def test_get_deployments_prints_kubectls_columns(run_api: RunApi) -> None:
    out = run_api.kubectl("get", "deployments").stdout.splitlines()
    assert out[0].split() == ["NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"]
    assert out[1].split()[:4] == ["web", "2/2", "2", "2"]
    resources = run_api.kubectl("api-resources", "--api-group=apps", "--no-headers").stdout
    assert {line.split()[0] for line in resources.splitlines()} == {
        "daemonsets", "deployments", "replicasets", "statefulsets"}


def test_describe_deployment_shows_replicas_conditions_and_its_replicaset(run_api: RunApi) -> None:
    out = run_api.kubectl("describe", "deployment", "web").stdout
    assert re.search(r"Replicas:\s+2 desired \| 2 updated \| 2 total \| 2 available \| 0 unavailable", out), out
    assert re.search(r"Available\s+True\s+MinimumReplicasAvailable", out), out
    assert re.search(r"NewReplicaSet:\s+web-\w+ \(2/2 replicas created\)", out), out
    assert re.search(r"Requests:\s+cpu:\s+1\s+memory:\s+128Mi", out), out


def test_scale_then_rollout_status_waits_for_the_controllers(run_api: RunApi) -> None:
    assert run_api.kubectl("scale", "deployment", "web", "--replicas=3").stdout.strip() == \
        "deployment.apps/web scaled"
    status = run_api.kubectl("rollout", "status", "deployment/web", "--timeout=60s").stdout
    assert status.strip().splitlines()[-1] == 'deployment "web" successfully rolled out'
    assert run_api.kubectl("get", "deployment", "web", "-o", "jsonpath={.status.readyReplicas}").stdout == "3"


def test_server_dry_runs_of_scale_and_apply_leave_the_run_unchanged(run_api: RunApi, tmp_path: Path) -> None:
    before = as_stored(run_api)
    out = run_api.kubectl("scale", "deployment", "web", "--replicas=5", "--dry-run=server").stdout
    assert out.strip() == "deployment.apps/web scaled (server dry run)"
    out = run_api.kubectl("apply", "-f", write(tmp_path / "new.yaml", deployment("new", 1)),
                          "--dry-run=server").stdout
    assert out.strip() == "deployment.apps/new created (server dry run)"
    assert as_stored(run_api) == before


def test_apply_creates_a_deployment_and_reapplying_it_changes_nothing(run_api: RunApi, tmp_path: Path) -> None:
    path = write(tmp_path / "api.yaml", deployment("api", 1, cpu="500m"))
    assert run_api.kubectl("apply", "-f", path).stdout.strip() == "deployment.apps/api created"
    run_api.kubectl("rollout", "status", "deployment/api", "--timeout=60s")
    assert run_api.kubectl("apply", "-f", path).stdout.strip() == "deployment.apps/api unchanged"
    path = write(tmp_path / "api.yaml", deployment("api", 2, cpu="500m"))
    assert run_api.kubectl("apply", "-f", path).stdout.strip() == "deployment.apps/api configured"
    run_api.kubectl("rollout", "status", "deployment/api", "--timeout=60s")
    pods = json.loads(run_api.kubectl("get", "pods", "-l", "app=api", "-o", "json").stdout)["items"]
    assert len(pods) == 2 and {p["metadata"]["ownerReferences"][0]["kind"] for p in pods} == {"ReplicaSet"}


def test_describe_node_counts_the_requests_of_workload_pods(run_api: RunApi) -> None:
    pods = json.loads(run_api.kubectl("get", "pods", "-l", "app=web", "-o", "json").stdout)["items"]
    node_name = pods[0]["spec"]["nodeName"]
    out = run_api.kubectl("describe", "node", node_name).stdout
    row = next(line for line in out.splitlines() if pods[0]["metadata"]["name"] in line)
    assert row.split()[2:6] == ["1", "(10%)", "0", "(0%)"], row
    allocated = out.split("Allocated resources:")[1]
    cpu = next(line for line in allocated.splitlines() if line.strip().startswith("cpu"))
    assert cpu.split()[1] != "0", cpu


def test_drain_evicts_managed_pods_and_needs_ignore_daemonsets_for_daemonset_pods(run_api: RunApi) -> None:
    refused = run_api.kubectl("drain", "node-b", "--timeout=30s", check=False)
    assert refused.returncode != 0 and "cannot delete DaemonSet-managed Pods" in refused.stderr, refused.stderr
    drained = run_api.kubectl("drain", "node-b", "--ignore-daemonsets", "--timeout=60s")
    assert "Warning: ignoring DaemonSet-managed Pods: default/agent-" in drained.stderr
    assert drained.stdout.strip().splitlines()[-1] == "node/node-b drained"
    run_api.kubectl("rollout", "status", "deployment/web", "--timeout=60s")  # the ReplicaSet made them again
    on_b = run_api.kubectl("get", "pods", "--field-selector=spec.nodeName=node-b", "-o", "name").stdout.split()
    assert all(name.startswith("pod/agent-") for name in on_b), on_b
    run_api.kubectl("uncordon", "node-b")


def test_the_python_client_lists_reads_and_patches_the_scale(run_api: RunApi) -> None:
    apps = client.AppsV1Api(config.new_client_from_config(config_file=str(run_api.kubeconfig)))
    names = sorted(d.metadata.name for d in apps.list_namespaced_deployment("default").items)
    assert names == ["api", "web"]
    assert apps.read_namespaced_deployment_scale("web", "default").spec.replicas == 3
    scaled = apps.patch_namespaced_deployment_scale("api", "default", {"spec": {"replicas": 1}})
    assert scaled.spec.replicas == 1
    assert apps.read_namespaced_deployment("api", "default").spec.replicas == 1
    assert apps.read_namespaced_daemon_set("agent", "default").status.desired_number_scheduled == 2


def test_delete_deployment_removes_its_replicaset_and_pods(run_api: RunApi) -> None:
    assert run_api.kubectl("delete", "deployment", "api").stdout.strip() == 'deployment.apps "api" deleted'
    run_api.kubectl("wait", "--for=delete", "pod", "-l", "app=api", "--timeout=60s")
    assert run_api.kubectl("get", "replicasets", "-l", "app=api", "-o", "name").stdout == ""


def test_create_deployment_imperatively_with_a_server_dry_run_first(run_api: RunApi) -> None:
    """`kubectl create deployment` sends a protobuf body: its dry run prints the object and stores nothing,
    then the real create runs in the model like an applied manifest."""
    before = as_stored(run_api)
    args = ["create", "deployment", "hello", "--image=nginx", "--replicas=2", "--port=80"]
    preview = yaml.safe_load(run_api.kubectl(*args, "--dry-run=server", "-o", "yaml").stdout)
    assert (preview["kind"], preview["metadata"]["name"], preview["spec"]["replicas"]) == ("Deployment", "hello", 2)
    assert preview["spec"]["template"]["spec"]["containers"][0]["ports"][0]["containerPort"] == 80
    assert as_stored(run_api) == before
    assert run_api.kubectl(*args).stdout.strip() == "deployment.apps/hello created"
    again = run_api.kubectl(*args, check=False)
    assert 'deployments.apps "hello" already exists' in again.stderr, again.stderr
    run_api.kubectl("rollout", "status", "deployment/hello", "--timeout=60s")
    assert run_api.kubectl("get", "deploy", "hello", "--no-headers").stdout.split()[:4] == ["hello", "2/2", "2", "2"]
    pods = json.loads(run_api.kubectl("get", "pods", "-l", "app=hello", "-o", "json").stdout)["items"]
    assert len(pods) == 2 and {(p["spec"]["containers"][0]["image"], p["status"]["phase"]) for p in pods} == {
        ("nginx", "Running")}


def test_create_job_imperatively_runs_its_pod_to_completion(run_api: RunApi) -> None:
    """`kubectl create job` (protobuf too): the Job controller runs its pod, which succeeds."""
    out = run_api.kubectl("create", "job", "once", "--image=busybox", "-o", "yaml").stdout
    created = yaml.safe_load(out)
    assert (created["kind"], created["metadata"]["name"]) == ("Job", "once")
    assert created["spec"]["template"]["spec"]["restartPolicy"] == "Never"
    run_api.kubectl("wait", "--for=condition=Complete", "job/once", "--timeout=60s")
    assert run_api.kubectl("get", "jobs", "--no-headers").stdout.split()[:3] == ["once", "Complete", "1/1"]
    owners = run_api.kubectl("get", "pods", "-l", "job-name=once", "-o",
                             "jsonpath={.items[*].metadata.ownerReferences[0].kind}").stdout
    assert owners == "Job"
