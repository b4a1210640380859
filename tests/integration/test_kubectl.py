"""The real kubectl against a run served as a Kubernetes API (uvicorn, a Celery worker, PostgreSQL, Redis).

The tests share one run and act on different nodes, in file order. Skipped where kubectl is not installed.
"""
from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.integration.kubectl_support import KUBECTL, RunApi, needs_kubectl, start_run_api, token_of
from tests.integration.test_runs_live import Api

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def run_api(live_server_url: str, celery_worker_process: Any, tmp_path_factory: pytest.TempPathFactory) -> RunApi:
    needs_kubectl()
    return start_run_api(live_server_url, tmp_path_factory.mktemp("kube-home"))


def urgent_pod(path: Path) -> Path:
    manifest = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "urgent", "namespace": "default"},
                "spec": {"priorityClassName": "high", "nodeSelector": {"kubernetes.io/hostname": "node-a"},
                         "containers": [{"name": "app", "image": "nginx",
                                         "resources": {"requests": {"cpu": "1"}}}]}}
    path.write_text(yaml.safe_dump(manifest))
    return path


def read_until(process: subprocess.Popen[str], lines: list[str], done: Any, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    assert process.stdout is not None
    while not done(lines):
        assert time.monotonic() < deadline, f"watch output so far: {lines}"
        line = process.stdout.readline()
        if line:
            lines.append(line.rstrip("\n"))


@pytest.fixture
def pod_watch(run_api: RunApi) -> Iterator[tuple[subprocess.Popen[str], list[str]]]:
    assert KUBECTL is not None
    process = subprocess.Popen([KUBECTL, "--kubeconfig", str(run_api.kubeconfig), "get", "pods", "-w"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={"HOME": str(run_api.home), "PATH": "/usr/bin:/bin"})
    yield process, []
    process.kill()
    process.wait()


def test_get_pods_wide_prints_kubectl_s_columns_with_the_node(run_api: RunApi) -> None:
    out = run_api.kubectl("get", "pods", "-o", "wide").stdout.splitlines()
    assert out[0].split() == ["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED", "NODE",
                              "READINESS", "GATES"]
    rows = {line.split()[0]: line.split() for line in out[1:]}
    assert rows["victim"][:4] == ["victim", "1/1", "Running", "0"]
    assert rows["victim"][6:] == ["node-a", "<none>", "<none>"]


def test_get_nodes_and_priority_classes_and_pdbs(run_api: RunApi) -> None:
    nodes = run_api.kubectl("get", "nodes").stdout
    assert nodes.splitlines()[0].split() == ["NAME", "STATUS", "ROLES", "AGE", "VERSION"]
    assert "node-c   Ready    <none>" in nodes
    classes = run_api.kubectl("get", "priorityclasses").stdout
    assert ["high", "1000", "false"] in [line.split()[:3] for line in classes.splitlines()]
    pdbs = run_api.kubectl("get", "pdb").stdout
    assert pdbs.splitlines()[1].split()[:4] == ["guarded-pdb", "1", "N/A", "0"]


def test_apply_creates_a_pod_and_get_w_streams_the_preemption(run_api: RunApi, pod_watch: Any,
                                                              tmp_path: Path) -> None:
    process, lines = pod_watch
    read_until(process, lines, lambda seen: any(line.startswith("victim") for line in seen))
    out = run_api.kubectl("apply", "-f", str(urgent_pod(tmp_path / "urgent.yaml"))).stdout
    assert out.strip() == "pod/urgent created"
    read_until(process, lines, lambda seen: any(line.split()[:3] == ["urgent", "1/1", "Running"] for line in seen))
    statuses = [(line.split()[0], line.split()[2]) for line in lines[1:]]
    assert ("victim", "Terminating") in statuses
    assert statuses.index(("victim", "Terminating")) < statuses.index(("urgent", "Running"))
    again = run_api.kubectl("apply", "-f", str(tmp_path / "urgent.yaml")).stdout
    assert again.strip() == "pod/urgent unchanged"


def test_describe_pod_shows_the_scheduler_s_events(run_api: RunApi) -> None:
    out = run_api.kubectl("describe", "pod", "urgent").stdout
    assert "Node:             node-a/" in out or "Node:         node-a" in out or "node-a" in out
    events = out.split("Events:", 1)[1]
    assert "FailedScheduling" in events
    assert "Successfully assigned default/urgent to node-a" in events
    assert "default-scheduler" in events


def test_events_name_the_preempted_pod(run_api: RunApi) -> None:
    out = run_api.kubectl("get", "events", "--field-selector", "reason=Preempted").stdout
    assert "pod/victim" in out and "Preempted by pod" in out and "on node node-a" in out


def test_output_yaml_and_jsonpath(run_api: RunApi) -> None:
    pod = yaml.safe_load(run_api.kubectl("get", "pod", "urgent", "-o", "yaml").stdout)
    assert pod["spec"]["nodeName"] == "node-a"
    assert {"type": "PodScheduled", "status": "True"}.items() <= pod["status"]["conditions"][-1].items()
    assert pod["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"]
    node = run_api.kubectl("get", "pod", "urgent", "-o", "jsonpath={.spec.nodeName}").stdout
    assert node == "node-a"


def test_cordon_and_uncordon(run_api: RunApi) -> None:
    assert run_api.kubectl("cordon", "node-c").stdout.strip() == "node/node-c cordoned"
    assert "Ready,SchedulingDisabled" in run_api.kubectl("get", "node", "node-c").stdout
    assert run_api.kubectl("uncordon", "node-c").stdout.strip() == "node/node-c uncordoned"
    assert "SchedulingDisabled" not in run_api.kubectl("get", "node", "node-c").stdout


def test_taint_and_label_a_node(run_api: RunApi) -> None:
    assert run_api.kubectl("taint", "nodes", "node-c", "dedicated=x:NoSchedule").stdout.strip() == \
        "node/node-c tainted"
    taints = json.loads(run_api.kubectl("get", "node", "node-c", "-o", "jsonpath={.spec.taints}").stdout)
    assert taints == [{"effect": "NoSchedule", "key": "dedicated", "value": "x"}]
    assert run_api.kubectl("label", "nodes", "node-c", "disk=ssd").stdout.strip() == "node/node-c labeled"
    names = run_api.kubectl("get", "nodes", "-l", "disk=ssd", "-o", "name").stdout.split()
    assert names == ["node/node-c"]


def test_annotate_a_node_and_a_pod(run_api: RunApi) -> None:
    assert run_api.kubectl("annotate", "node", "node-c", "team=blue").stdout.strip() == "node/node-c annotated"
    assert run_api.kubectl("annotate", "pod", "guarded", "owner=ops").stdout.strip() == "pod/guarded annotated"
    node = run_api.kubectl("get", "node", "node-c", "-o", "jsonpath={.metadata.annotations.team}").stdout
    pod = run_api.kubectl("get", "pod", "guarded", "-o", "jsonpath={.metadata.annotations.owner}").stdout
    assert (node, pod) == ("blue", "ops")
    refused = run_api.kubectl("patch", "pod", "guarded", "--type=merge", "-p",
                              '{"spec":{"priorityClassName":"high"}}', check=False)
    assert 'The Pod "guarded" is invalid: spec.priorityClassName: Forbidden' in refused.stderr


def test_label_a_pod_and_the_pod_waiting_for_it_is_scheduled(run_api: RunApi, tmp_path: Path) -> None:
    """kubectl label pod: the scheduler sees the bound pod's new labels (AssignedPod/UpdatePodLabel)
    and the pod whose required podAffinity now matches it leaves the unschedulable pods."""
    assert run_api.kubectl("label", "nodes", "node-b", "zone=z1").stdout.strip() == "node/node-b labeled"
    leader = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "leader", "labels": {"app": "plain"}},
              "spec": {"nodeName": "node-b", "containers": [{"name": "c", "resources": {"requests": {"cpu": "100m"}}}]}}
    follower = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "follower"},
                "spec": {"affinity": {"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
                    {"labelSelector": {"matchLabels": {"app": "leader"}}, "topologyKey": "zone"}]}},
                         "containers": [{"name": "c", "resources": {"requests": {"cpu": "100m"}}}]}}
    for name, manifest in (("leader", leader), ("follower", follower)):
        (tmp_path / f"{name}.yaml").write_text(yaml.safe_dump(manifest))
        assert run_api.kubectl("apply", "-f", str(tmp_path / f"{name}.yaml")).stdout.strip() == f"pod/{name} created"
    deadline = time.monotonic() + 30
    while "FailedScheduling" not in run_api.kubectl("describe", "pod", "follower").stdout:
        assert time.monotonic() < deadline, "follower was never tried"
        time.sleep(0.3)
    assert run_api.kubectl("get", "pod", "follower", "-o", "jsonpath={.spec.nodeName}").stdout == ""

    assert run_api.kubectl("label", "pod", "leader", "app=leader", "--overwrite").stdout.strip() == \
        "pod/leader labeled"
    while run_api.kubectl("get", "pod", "follower", "-o", "jsonpath={.spec.nodeName}").stdout != "node-b":
        assert time.monotonic() < deadline + 30, "follower was not scheduled after the label change"
        time.sleep(0.3)
    assert run_api.kubectl("get", "pods", "-l", "app=leader", "-o", "name").stdout.split() == ["pod/leader"]
    shown = run_api.kubectl("get", "pod", "leader", "--show-labels").stdout
    assert "app=leader" in shown.splitlines()[1]
    removed = run_api.kubectl("label", "pod", "leader", "app-").stdout.strip()
    assert removed == "pod/leader unlabeled"
    assert run_api.kubectl("get", "pod", "leader", "-o", "jsonpath={.metadata.labels}").stdout in ("", "{}")


def test_drain_is_blocked_by_the_pod_disruption_budget(run_api: RunApi) -> None:
    result = run_api.kubectl("drain", "node-b", "--force", "--timeout=3s", check=False)
    assert result.returncode != 0
    assert "Cannot evict pod as it would violate the pod's disruption budget." in result.stdout + result.stderr
    assert "guarded" in run_api.kubectl("get", "pods", "--field-selector", "spec.nodeName=node-b").stdout


def test_delete_honours_the_grace_period_then_the_pod_is_gone(run_api: RunApi) -> None:
    out = run_api.kubectl("delete", "pod", "urgent", "--grace-period=1").stdout
    assert out.strip() == 'pod "urgent" deleted'
    missing = run_api.kubectl("get", "pod", "urgent", check=False)
    assert 'Error from server (NotFound): pods "urgent" not found' in missing.stderr


def test_apply_and_delete_a_node(run_api: RunApi, tmp_path: Path) -> None:
    manifest = tmp_path / "node.yaml"
    manifest.write_text(yaml.safe_dump({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-d"},
                                        "status": {"allocatable": {"cpu": "8", "memory": "16Gi", "pods": "110"}}}))
    assert run_api.kubectl("apply", "-f", str(manifest)).stdout.strip() == "node/node-d created"
    allocatable = run_api.kubectl("get", "node", "node-d", "-o", "jsonpath={.status.allocatable.cpu}").stdout
    assert allocatable == "8"
    labelled = yaml.safe_load(manifest.read_text())
    labelled["metadata"]["labels"] = {"zone": "b"}
    manifest.write_text(yaml.safe_dump(labelled))
    assert run_api.kubectl("apply", "-f", str(manifest)).stdout.strip() == "node/node-d configured"
    assert run_api.kubectl("get", "nodes", "-l", "zone=b", "-o", "name").stdout.split() == ["node/node-d"]
    assert run_api.kubectl("delete", "node", "node-d").stdout.strip() == 'node "node-d" deleted'
    assert "node-d" not in run_api.kubectl("get", "nodes", "-o", "name").stdout


def test_invalid_pod_is_refused_with_the_field(run_api: RunApi, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bad"},
                                   "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "lots"}}}]}}))
    result = run_api.kubectl("create", "-f", str(bad), check=False)
    assert result.returncode != 0
    assert 'The Pod "bad" is invalid' in result.stderr and "spec.containers[0].resources.requests" in result.stderr


def test_someone_else_may_read_but_not_write(run_api: RunApi, tmp_path: Path) -> None:
    other = Api(run_api.api.base)
    other.call("POST", "/api/scenarios/", {"title": "mine", "objects": [], "visibility": "private"}, expect=201)
    server = f"{run_api.api.base}/k8s/runs/{run_api.run_id}/token/{token_of(other, 'other')}"
    hidden = run_api.kubectl("--server", server, "get", "pods", check=False)
    assert "Error from server (NotFound)" in hidden.stderr  # a run of an unlisted scenario: as if none
    slug = run_api.api.call("GET", f"/api/runs/{run_api.run_id}/")["scenario"]
    run_api.api.call("PATCH", f"/api/scenarios/{slug}/", {"visibility": "public", "version": 1})
    assert "guarded" in run_api.kubectl("--server", server, "get", "pods").stdout
    result = run_api.kubectl("--server", server, "delete", "pod", "guarded", check=False)
    assert "Error from server (Forbidden): pods \"guarded\" is forbidden: User \"guest-" in result.stderr


def test_apply_and_label_a_namespace(run_api: RunApi, tmp_path: Path) -> None:
    manifest = tmp_path / "team-a.yaml"
    manifest.write_text(yaml.safe_dump({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}}))
    assert run_api.kubectl("apply", "-f", str(manifest)).stdout.strip() == "namespace/team-a created"
    assert run_api.kubectl("label", "namespace", "team-a", "env=dev").stdout.strip() == "namespace/team-a labeled"
    labels = json.loads(run_api.kubectl("get", "namespace", "team-a", "-o", "jsonpath={.metadata.labels}").stdout)
    assert labels == {"env": "dev", "kubernetes.io/metadata.name": "team-a"}
    # kubectl's typed create sends protobuf
    assert run_api.kubectl("create", "namespace", "team-b").stdout.strip() == "namespace/team-b created"
    again = run_api.kubectl("create", "namespace", "team-b", check=False)
    assert 'Error from server (AlreadyExists): namespaces "team-b" already exists' in again.stderr


def test_create_and_delete_a_priority_class(run_api: RunApi) -> None:
    created = run_api.kubectl("create", "priorityclass", "top", "--value=5000", "--description=workshop")
    assert created.stdout.strip() == "priorityclass.scheduling.k8s.io/top created"
    row = run_api.kubectl("get", "priorityclass", "top", "--no-headers").stdout.split()
    assert row[:3] == ["top", "5000", "false"]
    annotated = run_api.kubectl("annotate", "priorityclass", "top", "team=blue").stdout.strip()
    assert annotated == "priorityclass.scheduling.k8s.io/top annotated"
    revalued = run_api.kubectl("patch", "priorityclass", "top", "-p", '{"value":1}', check=False)
    assert 'The PriorityClass "top" is invalid: value: Forbidden: may not be changed in an update.' in revalued.stderr
    run_api.kubectl("create", "priorityclass", "fallback", "--value=1", "--global-default")
    second = run_api.kubectl("create", "priorityclass", "other", "--value=1", "--global-default", check=False)
    assert ('priorityclasses.scheduling.k8s.io "other" is forbidden: PriorityClass fallback is already marked as '
            "default. Only one default can exist") in second.stderr  # kubectl: "error: failed to create …: <message>"
    run_api.kubectl("delete", "priorityclass", "fallback")
    system = run_api.kubectl("delete", "priorityclass", "system-node-critical", check=False)
    assert "this is a system priority class and cannot be deleted" in system.stderr
    deleted = run_api.kubectl("delete", "priorityclass", "top").stdout.strip()
    assert deleted == 'priorityclass.scheduling.k8s.io "top" deleted'
    assert "top" not in run_api.kubectl("get", "priorityclasses", "-o", "name").stdout


def test_a_created_budget_guards_its_pods_until_it_is_deleted(run_api: RunApi, tmp_path: Path) -> None:
    created = run_api.kubectl("create", "pdb", "c-pdb", "--selector=app=on-c", "--min-available=1").stdout.strip()
    assert created == "poddisruptionbudget.policy/c-pdb created"
    manifest = tmp_path / "budget.yaml"
    manifest.write_text(yaml.safe_dump({"apiVersion": "policy/v1", "kind": "PodDisruptionBudget",
                                        "metadata": {"name": "c-pdb-2"}, "spec": {"maxUnavailable": "50%",
                                        "selector": {"matchLabels": {"app": "on-c"}}}}))
    assert run_api.kubectl("apply", "-f", str(manifest)).stdout.strip() == "poddisruptionbudget.policy/c-pdb-2 created"
    edited = yaml.safe_load(manifest.read_text())
    edited["spec"]["maxUnavailable"] = "25%"
    manifest.write_text(yaml.safe_dump(edited))
    assert run_api.kubectl("apply", "-f", str(manifest)).stdout.strip() == "poddisruptionbudget.policy/c-pdb-2 configured"
    rows = {line.split()[0]: line.split()[1:4] for line in run_api.kubectl("get", "pdb", "--no-headers").stdout.splitlines()}
    assert rows["c-pdb"] == ["1", "N/A", "0"] and rows["c-pdb-2"] == ["N/A", "25%", "0"]
    for name in ("c-pdb", "c-pdb-2"):
        assert run_api.kubectl("delete", "pdb", name).stdout.strip() == f'poddisruptionbudget.policy "{name}" deleted'
    assert "c-pdb" not in run_api.kubectl("get", "pdb", "-o", "name").stdout


def test_explain_reads_the_openapi_schema(run_api: RunApi) -> None:
    out = run_api.kubectl("explain", "pod.status.nominatedNodeName").stdout
    assert "FIELD: nominatedNodeName <string>" in out
