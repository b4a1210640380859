"""Namespace delete with the real kubectl against a live run (uvicorn, a Celery worker, PostgreSQL, Redis):
`kubectl delete namespace` waits until the namespace controller has emptied it and it is gone; a server dry run
leaves it; the immortal namespaces and new content in a Terminating namespace are refused with the apiserver's
words; a second delete of a Terminating namespace answers it again.

The run goes at speed 1, so a 600 s grace period keeps team-b Terminating for the module. Tests act in file order."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.integration.kubectl_support import RunApi, needs_kubectl, start_run_api
from tests.integration.test_runs_live import node, pod, priority_class

pytestmark = pytest.mark.integration


def namespaced_pod(name: str, namespace: str, grace: int) -> dict[str, Any]:
    manifest = pod(name, "100m", "low", grace=grace)
    manifest["metadata"]["namespace"] = namespace
    return manifest


def namespace(name: str) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}}


@pytest.fixture(scope="module")
def run_api(live_server_url: str, celery_worker_process: Any, tmp_path_factory: pytest.TempPathFactory) -> RunApi:
    needs_kubectl()
    docs = [priority_class("low", 100), node("node-a", "4"), namespace("team-a"), namespace("team-b"),
            namespaced_pod("quick", "team-a", 1), namespaced_pod("slow", "team-b", 600)]
    return start_run_api(live_server_url, tmp_path_factory.mktemp("kube-namespaces"), speed=1, docs=docs)


def phase(run_api: RunApi, name: str) -> str:
    return run_api.kubectl("get", "namespace", name, "-o", "jsonpath={.status.phase}").stdout


def test_a_server_dry_run_delete_leaves_the_namespace(run_api: RunApi) -> None:
    out = run_api.kubectl("delete", "namespace", "team-a", "--dry-run=server").stdout
    assert out.strip() == 'namespace "team-a" deleted (server dry run)'
    assert phase(run_api, "team-a") == "Active"
    assert run_api.kubectl("get", "pods", "-n", "team-a", "-o", "name").stdout.strip() == "pod/quick"


def test_the_immortal_namespaces_are_refused_with_the_apiservers_words(run_api: RunApi) -> None:
    refused = run_api.kubectl("delete", "namespace", "default", check=False)
    assert refused.returncode != 0
    assert refused.stderr.strip() == ('Error from server (Forbidden): namespaces "default" is forbidden: '
                                      "this namespace may not be deleted")


def test_delete_waits_until_the_namespace_and_its_pods_are_gone(run_api: RunApi) -> None:
    out = run_api.kubectl("delete", "namespace", "team-a", "--timeout=30s").stdout
    assert out.strip() == 'namespace "team-a" deleted'
    gone = run_api.kubectl("get", "namespace", "team-a", check=False)
    assert 'namespaces "team-a" not found' in gone.stderr
    assert run_api.kubectl("get", "pods", "-A", "-o", "name").stdout.split() == ["pod/slow"]


def test_a_terminating_namespace_refuses_new_content_and_answers_a_second_delete(run_api: RunApi,
                                                                                 tmp_path: Path) -> None:
    run_api.kubectl("delete", "namespace", "team-b", "--wait=false")
    ns = json.loads(run_api.kubectl("get", "namespace", "team-b", "-o", "json").stdout)
    assert (ns["status"]["phase"], ns["spec"]["finalizers"]) == ("Terminating", ["kubernetes"])
    assert "deletionTimestamp" in ns["metadata"]
    assert run_api.kubectl("get", "namespace", "team-b", "--no-headers").stdout.split()[1] == "Terminating"
    manifest = tmp_path / "late.yaml"
    manifest.write_text(yaml.safe_dump(namespaced_pod("late", "team-b", 1)))
    refused = run_api.kubectl("create", "-f", str(manifest), check=False)
    assert refused.stderr.strip() == ('Error from server (Forbidden): error when creating "' + str(manifest)
                                      + '": pods "late" is forbidden: unable to create new content in namespace '
                                      "team-b because it is being terminated")
    again = run_api.kubectl("delete", "namespace", "team-b", "--wait=false").stdout
    assert again.strip() == 'namespace "team-b" deleted'
    assert run_api.kubectl("get", "pod", "slow", "-n", "team-b", "-o", "jsonpath={.metadata.deletionTimestamp}").stdout
