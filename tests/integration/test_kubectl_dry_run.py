"""`--dry-run=server` and `kubectl diff` with the real kubectl (and the Python client's dry_run="All") against a
live run: every write answers as it would have been done and leaves the run exactly as it was — its objects, its
event log, its command log.

One run for the module; the last test makes the real write its dry run previewed, and compares the two answers.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import yaml
from kubernetes import client, config

from tests.integration.kubectl_support import RunApi, needs_kubectl, start_run_api

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def run_api(live_server_url: str, celery_worker_process: Any, tmp_path_factory: pytest.TempPathFactory) -> RunApi:
    needs_kubectl()
    return start_run_api(live_server_url, tmp_path_factory.mktemp("kube-dry-run"))


def run_as_stored(run_api: RunApi) -> dict[str, Any]:
    """Everything a write could change: the API objects, the event log and the command log."""
    objects = json.loads(run_api.kubectl("get", "pods,nodes,pdb,namespaces,priorityclasses", "-o", "json").stdout)
    run = run_api.api.call("GET", f"/api/runs/{run_api.run_id}/")
    return {"objects": objects, "last_seq": run["lastSeq"],
            "events": len(run_api.api.stored_events(run_api.run_id)),
            "commands": run_api.api.call("GET", f"/api/runs/{run_api.run_id}/commands/")}


@pytest.fixture
def unchanged(run_api: RunApi) -> Iterator[None]:
    before = run_as_stored(run_api)
    yield
    assert run_as_stored(run_api) == before


def write(path: Path, manifest: dict[str, Any]) -> str:
    path.write_text(yaml.safe_dump(manifest))
    return str(path)


def test_server_dry_runs_of_every_write_leave_the_run_unchanged(run_api: RunApi, unchanged: None,
                                                                 tmp_path: Path) -> None:
    dry = "--dry-run=server"
    said = {
        ("delete", "pod", "victim"): 'pod "victim" deleted (server dry run)',
        ("delete", "node", "node-c"): 'node "node-c" deleted (server dry run)',
        ("label", "pod", "victim", "tier=web"): "pod/victim labeled (server dry run)",
        ("label", "node", "node-c", "disk=ssd"): "node/node-c labeled (server dry run)",
        ("annotate", "pod", "guarded", "team=blue"): "pod/guarded annotated (server dry run)",
        ("annotate", "node", "node-c", "team=blue"): "node/node-c annotated (server dry run)",
        ("cordon", "node-c"): "node/node-c cordoned (server dry run)",
        ("label", "namespace", "default", "env=dev"): "namespace/default labeled (server dry run)",
        ("create", "namespace", "team-c"): "namespace/team-c created (server dry run)",
        ("create", "priorityclass", "urgent", "--value=5000"):
            "priorityclass.scheduling.k8s.io/urgent created (server dry run)",
        ("delete", "priorityclass", "low"): 'priorityclass.scheduling.k8s.io "low" deleted (server dry run)',
        ("create", "pdb", "web-pdb", "--selector=app=guarded", "--max-unavailable=1"):
            "poddisruptionbudget.policy/web-pdb created (server dry run)",
        ("delete", "pdb", "guarded-pdb"): 'poddisruptionbudget.policy "guarded-pdb" deleted (server dry run)',
        # kubectl's taint and patch print no "(server dry run)" after a server dry run
        ("taint", "nodes", "node-c", "dedicated=x:NoSchedule"): "node/node-c tainted",
        ("patch", "node", "node-c", "-p", '{"spec":{"unschedulable":true}}'): "node/node-c patched",
        ("patch", "pod", "victim", "--type=merge", "-p", '{"metadata":{"labels":{"a":"b"}}}'): "pod/victim patched",
        ("patch", "node", "node-c", "--type=json", "-p", '[{"op":"add","path":"/metadata/labels","value":{"a":"b"}}]'):
            "node/node-c patched",
    }
    for args, expected in said.items():
        assert run_api.kubectl(*args, dry).stdout.strip() == expected, args
    new_pod = write(tmp_path / "extra.yaml", {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "extra"},
                                               "spec": {"containers": [{"name": "app", "image": "nginx"}]}})
    assert run_api.kubectl("apply", "-f", new_pod, dry).stdout.strip() == "pod/extra created (server dry run)"
    assert run_api.kubectl("create", "-f", new_pod, dry).stdout.strip() == "pod/extra created (server dry run)"
    namespace = write(tmp_path / "team-b.yaml", {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-b"}})
    assert run_api.kubectl("apply", "-f", namespace, dry).stdout.strip() == "namespace/team-b created (server dry run)"
    node_c = yaml.safe_load(run_api.kubectl("get", "node", "node-c", "-o", "yaml").stdout)
    node_c["metadata"]["labels"] = {"disk": "ssd"}
    labelled = write(tmp_path / "node-c.yaml", node_c)
    assert run_api.kubectl("apply", "-f", labelled, dry).stdout.strip() == "node/node-c configured (server dry run)"
    assert run_api.kubectl("replace", "-f", labelled, dry).stdout.strip() == "node/node-c replaced (server dry run)"


def test_a_server_dry_run_drain_cordons_and_evicts_nothing(run_api: RunApi, unchanged: None) -> None:
    result = run_api.kubectl("drain", "node-a", "--force", "--dry-run=server", "--timeout=20s")
    assert "node/node-a cordoned (server dry run)" in result.stdout
    assert "evicting pod default/victim (server dry run)" in result.stdout
    assert "node/node-a drained (server dry run)" in result.stdout


def test_a_refused_write_is_refused_in_its_dry_run_too(run_api: RunApi, unchanged: None) -> None:
    changed = run_api.kubectl("patch", "pod", "victim", "--dry-run=server", "-p", '{"spec":{"hostname":"x"}}',
                              check=False)
    assert changed.returncode != 0 and 'The Pod "victim" is invalid: spec.hostname: Forbidden' in changed.stderr
    core = client.CoreV1Api(config.new_client_from_config(config_file=str(run_api.kubeconfig)))
    eviction = client.V1Eviction(metadata=client.V1ObjectMeta(name="guarded", namespace="default"),
                                 delete_options=client.V1DeleteOptions(dry_run=["All"]))
    with pytest.raises(client.ApiException) as refused:
        core.create_namespaced_pod_eviction("guarded", "default", eviction)
    assert refused.value.status == 429
    assert "Cannot evict pod as it would violate the pod's disruption budget." in str(refused.value.body)


def test_kubectl_diff_prints_the_change_and_makes_none(run_api: RunApi, unchanged: None, tmp_path: Path) -> None:
    node_c = yaml.safe_load(run_api.kubectl("get", "node", "node-c", "-o", "yaml").stdout)
    node_c["metadata"]["labels"] = {"disk": "ssd"}
    node_c["spec"]["unschedulable"] = True
    result = run_api.kubectl("diff", "-f", write(tmp_path / "node-c.yaml", node_c), check=False)
    assert result.returncode == 1, result.stderr  # 1: differences found
    lines = result.stdout.splitlines()
    assert [line for line in lines if line[:1] == "+" and line[:3] != "+++"] == [
        "+  labels:", "+    disk: ssd", "+spec:", "+  unschedulable: true"], result.stdout
    assert [line for line in lines if line[:1] == "-" and line[:3] != "---"] == ["-spec: {}"], result.stdout
    same = run_api.kubectl("get", "node", "node-c", "-o", "yaml").stdout
    assert run_api.kubectl("diff", "-f", write(tmp_path / "same.yaml", yaml.safe_load(same))).stdout == ""


def test_the_python_client_s_dry_run_delete_answers_the_terminating_pod(run_api: RunApi, unchanged: None) -> None:
    core = client.CoreV1Api(config.new_client_from_config(config_file=str(run_api.kubeconfig)))
    deleted = core.delete_namespaced_pod("victim", "default", dry_run="All")
    assert deleted.metadata.name == "victim" and deleted.metadata.deletion_timestamp is not None
    assert deleted.metadata.deletion_grace_period_seconds == 2  # the pod's own terminationGracePeriodSeconds
    assert core.read_namespaced_pod("victim", "default").metadata.deletion_timestamp is None


def test_a_dry_run_answers_what_the_real_write_then_does(run_api: RunApi) -> None:
    def label(query: str) -> dict[str, Any]:
        response = requests.patch(f"{run_api.server}/api/v1/nodes/node-c{query}", timeout=30,
                                  data=json.dumps({"metadata": {"labels": {"disk": "ssd"}}}),
                                  headers={"Authorization": f"Bearer {run_api.token}",
                                           "Content-Type": "application/merge-patch+json"})
        assert response.status_code == 200, response.text
        return dict(response.json())

    previewed, done = label("?dryRun=All"), label("")
    assert int(done["metadata"].pop("resourceVersion")) > int(previewed["metadata"].pop("resourceVersion"))
    assert previewed == done
