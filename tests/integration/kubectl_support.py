"""A run to point kubectl and the Python client at: a token, a kubeconfig, and the scenario they act on."""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.integration.test_runs_live import Api, node, pod, priority_class

KUBECTL = shutil.which("kubectl")


def needs_kubectl() -> None:
    if KUBECTL is None:
        pytest.skip("kubectl is not installed on this machine (CI has it): the kubectl tests need the real binary")


def labelled(manifest: dict[str, Any], **labels: str) -> dict[str, Any]:
    manifest["metadata"]["labels"] = dict(labels)
    return manifest


def scenario() -> list[dict[str, Any]]:
    """node-a full of a low-priority pod; node-b runs a pod its PDB protects; node-c is free."""
    guarded = labelled(pod("guarded", "100m", "low", "node-b"), app="guarded")
    return [
        priority_class("low", 100), priority_class("high", 1000),
        labelled(node("node-a"), **{"kubernetes.io/hostname": "node-a"}), node("node-b", "4"), node("node-c", "4"),
        pod("victim", "1500m", "low", "node-a", grace=2), guarded,
        {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "guarded-pdb",
         "namespace": "default"}, "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "guarded"}}}},
    ]


@dataclass
class RunApi:
    api: Api
    run_id: int
    token: str
    server: str
    kubeconfig: Path
    home: Path

    def kubectl(self, *args: str, check: bool = True, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        assert KUBECTL is not None
        result = subprocess.run([KUBECTL, "--kubeconfig", str(self.kubeconfig), *args], check=False,
                                capture_output=True, text=True, timeout=timeout,
                                env={"HOME": str(self.home), "PATH": "/usr/bin:/bin"})
        if check:
            assert result.returncode == 0, f"kubectl {' '.join(args)}: {result.stdout}{result.stderr}"
        return result


def token_of(api: Api, name: str) -> str:
    return str(api.call("POST", "/api/tokens/", {"name": name}, expect=201)["key"])


def start_run_api(base: str, home: Path, speed: float = 0, docs: list[dict[str, Any]] | None = None) -> RunApi:
    api = Api(base)
    run = api.start(scenario() if docs is None else docs, speed=speed)
    api.wait(run["id"])
    token = token_of(api, f"kubectl run {run['id']}")
    response = requests.get(f"{base}/k8s/runs/{run['id']}/kubeconfig", headers={"Authorization": f"Bearer {token}"},
                            timeout=30)
    response.raise_for_status()
    kubeconfig = home / "kubeconfig.yaml"
    kubeconfig.write_text(response.text)
    return RunApi(api, run["id"], token, f"{base}/k8s/runs/{run['id']}", kubeconfig, home)
