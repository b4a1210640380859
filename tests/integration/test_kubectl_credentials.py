"""A kubeconfig's credential with the real kubectl: it opens its run (and the runs it is restarted as) only,
answers `auth whoami`, `auth can-i` and `cluster-info` as a cluster would, and never reaches a log line.

The tests share one run, in file order (the last one restarts it). Skipped where kubectl is not installed.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import requests
import yaml

from tests.integration.kubectl_support import RunApi, needs_kubectl, start_run_api
from tests.integration.test_runs_live import Api, node

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def run_api(live_server_url: str, celery_worker_process: Any, tmp_path_factory: pytest.TempPathFactory) -> RunApi:
    needs_kubectl()
    return start_run_api(live_server_url, tmp_path_factory.mktemp("kube-home"))


def server_of(kubeconfig: Path) -> str:
    return str(yaml.safe_load(kubeconfig.read_text())["clusters"][0]["cluster"]["server"])


def key_of(kubeconfig: Path) -> str:
    return server_of(kubeconfig).rsplit("/token/", 1)[1]


def reader_kubeconfig(run_api: RunApi, home: Path) -> RunApi:
    """Someone else's kubeconfig for the run (a guest who may read its unlisted scenario): session-authenticated."""
    reader = Api(run_api.api.base)
    reader.call("POST", "/api/scenarios/", {"title": "mine", "objects": [], "visibility": "private"}, expect=201)
    slug = run_api.api.call("GET", f"/api/runs/{run_api.run_id}/")["scenario"]
    reader.call("GET", f"/api/scenarios/{slug}/")  # given the scenario's link, as a classmate would be
    response = reader.http.get(f"{run_api.api.base}/k8s/runs/{run_api.run_id}/kubeconfig", timeout=30)
    response.raise_for_status()
    path = home / "reader.yaml"
    path.write_text(response.text)
    return RunApi(reader, run_api.run_id, "", server_of(path), path, home)


def test_the_kubeconfig_holds_a_run_credential_not_an_api_token(run_api: RunApi) -> None:
    key = key_of(run_api.kubeconfig)
    assert key.startswith("pgk_")
    tokens = [t["id"] for t in run_api.api.call("GET", "/api/tokens/")]
    for _ in range(3):
        requests.get(f"{run_api.server}/kubeconfig", headers={"Authorization": f"Bearer {run_api.token}"},
                     timeout=30).raise_for_status()
        run_api.api.http.get(f"{run_api.server}/kubeconfig", timeout=30).raise_for_status()  # the run page's way
    assert [t["id"] for t in run_api.api.call("GET", "/api/tokens/")] == tokens  # no account token minted


def test_auth_whoami_names_the_user(run_api: RunApi) -> None:
    me = run_api.api.call("GET", "/api/me")
    out = run_api.kubectl("auth", "whoami").stdout.split()
    assert out[:2] == ["ATTRIBUTE", "VALUE"] and out[2:4] == ["Username", me["username"]]
    assert "[system:authenticated]" in out


def test_auth_can_i_answers_the_owner_and_a_reader(run_api: RunApi, tmp_path: Path) -> None:
    assert run_api.kubectl("auth", "can-i", "delete", "pods").stdout.strip() == "yes"
    reader = reader_kubeconfig(run_api, tmp_path)
    assert reader.kubectl("auth", "can-i", "list", "nodes").stdout.strip() == "yes"
    refused = reader.kubectl("auth", "can-i", "delete", "pods", check=False)
    assert (refused.returncode, refused.stdout.strip()) == (1, "no")
    rules = [line.split() for line in reader.kubectl("auth", "can-i", "--list").stdout.splitlines()]
    assert ["*.*", "[]", "[]", "[get", "list", "watch]"] in rules
    assert ["selfsubjectreviews.authentication.k8s.io", "[]", "[]", "[create]"] in rules
    denied = reader.kubectl("delete", "pod", "guarded", check=False)
    username = reader.api.call("GET", "/api/me")["username"]
    assert denied.stderr.strip() == (f'Error from server (Forbidden): pods "guarded" is forbidden: User "{username}" '
                                     'cannot delete resource "pods" in API group "" in the namespace "default"')


def test_cluster_info_names_the_control_plane(run_api: RunApi) -> None:
    out = run_api.kubectl("cluster-info").stdout
    assert out.startswith(f"Kubernetes control plane is running at {run_api.server}")


def test_the_credential_opens_its_run_only(run_api: RunApi) -> None:
    key, base = key_of(run_api.kubeconfig), run_api.api.base
    bearer = {"Authorization": f"Bearer {key}"}
    assert requests.get(f"{base}/api/runs/{run_api.run_id}/", headers=bearer, timeout=10).status_code == 401
    assert requests.get(f"{base}/api/tokens/", headers=bearer, timeout=10).status_code == 401
    assert requests.get(f"{run_api.server}/kubeconfig", headers=bearer, timeout=10).status_code == 401
    other = run_api.api.start([node("node-z")], speed=0)  # the same owner's other run
    refused = run_api.kubectl("--server", f"{base}/k8s/runs/{other['id']}/token/{key}", "get", "nodes", check=False)
    assert "the server could not find the requested resource" in refused.stderr
    assert requests.get(f"{base}/k8s/runs/{other['id']}/api/v1/nodes", headers=bearer, timeout=10).status_code == 404


def test_the_old_kubeconfig_follows_a_restart(run_api: RunApi) -> None:
    run_api.kubectl("label", "node", "node-c", "restarted=no")
    fresh = run_api.api.call("POST", f"/api/runs/{run_api.run_id}/commands/", {"type": "restart"}, expect=201)["run"]
    run_api.api.wait(fresh["id"])
    labels = run_api.kubectl("get", "node", "node-c", "-o", "jsonpath={.metadata.labels}").stdout
    assert "restarted" not in labels  # the fresh run, from the scenario: the old run had the label


def test_no_credential_reaches_a_log_line(run_api: RunApi, live_logs: Path) -> None:
    key = key_of(run_api.kubeconfig)
    run_api.kubectl("get", "pod", "no-such-pod", check=False)  # a 404: django.request logs its path
    logs = "".join(path.read_text(errors="replace") for path in live_logs.glob("*.log"))
    path = f"/k8s/runs/{run_api.run_id}/token/[redacted]/api/v1/namespaces/default/pods/no-such-pod"
    assert f'"GET {path} HTTP/1.1" 404' in logs  # uvicorn's access log
    assert f"Not Found: {path}" in logs  # django.request
    assert key not in logs and key[4:] not in logs
