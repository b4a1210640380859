"""Schemathesis over every operation of the REST API, against the real server (uvicorn, PostgreSQL, a
Celery worker): every check it has, the fuzzing phase at 25 examples per operation and the stateful
phase along the schema's OpenAPI links, with zero failures (issue 28, point 8).

The configuration is tests/integration/schemathesis.toml, the hooks tests/integration/schemathesis_hooks.py;
docs/api.md ("Fuzzing the API") runs the same by hand against `make run`.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(__file__).with_name("schemathesis.toml")
BUDGET_SECONDS = 120
SEEDED_YAML = """\
apiVersion: v1
kind: Namespace
metadata: {name: web}
---
apiVersion: v1
kind: Node
metadata: {name: web}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: web}
value: 1000
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: web, labels: {app: web}}
spec: {containers: [{name: c, resources: {requests: {cpu: 100m}}}]}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web, namespace: web}
spec: {minAvailable: 1, selector: {matchLabels: {app: web}}}
"""
WORKLOAD = """\
---
apiVersion: apps/v1
kind: {kind}
metadata: {{name: web, namespace: web}}
spec:
  selector: {{matchLabels: {{app: {label}}}}}
  template:
    metadata: {{labels: {{app: {label}}}}}
    spec: {{containers: [{{name: c, resources: {{requests: {{cpu: 100m}}}}}}]}}
"""
JOB = """\
---
apiVersion: batch/v1
kind: Job
metadata: {name: web, namespace: web}
spec:
  template:
    spec: {restartPolicy: Never, containers: [{name: c, resources: {requests: {cpu: 100m}}}]}
"""


def seeded_yaml() -> str:
    """An object of every kind the API serves, each named `web` (namespaced ones in namespace `web`)."""
    workloads = "".join(WORKLOAD.format(kind=kind, label=kind.lower())
                        for kind in ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"))
    return SEEDED_YAML + workloads + JOB


def signed_up_token(base: str, username: str) -> tuple[str, int]:
    """An API token of a new signed-up user (a guest's quota is far smaller), made over REST."""
    http = requests.Session()
    http.get(f"{base}/api/me", timeout=10).raise_for_status()
    http.headers["X-CSRFToken"] = http.cookies["csrftoken"]
    signup = http.post(f"{base}/api/auth/signup/", json={"username": username, "password": "fuzz the api 28"},
                       timeout=30)
    assert signup.status_code == 201, signup.text
    http.headers["X-CSRFToken"] = http.cookies["csrftoken"]
    token = http.post(f"{base}/api/tokens/", json={"name": "schemathesis"}, timeout=30)
    assert token.status_code == 201, token.text
    return str(token.json()["key"]), int(token.json()["id"])


def seed(base: str, token: str, token_id: int) -> dict[str, object]:
    """A scenario, a run and a workshop the token's user owns: the path parameters the hooks put in."""
    http = requests.Session()
    http.headers["Authorization"] = f"Token {token}"
    scenario = http.post(f"{base}/api/scenarios/import/?title=fuzzed", data=seeded_yaml(),
                         headers={"Content-Type": "application/yaml"}, timeout=30)
    assert scenario.status_code == 201, scenario.text
    slug = scenario.json()["slug"]
    run = http.post(f"{base}/api/runs/", json={"scenario": slug}, timeout=30)
    assert run.status_code == 201, run.text
    workshop = http.post(f"{base}/api/workshops/", json={"scenario": slug}, timeout=30)
    assert workshop.status_code == 201, workshop.text
    return {"slug": slug, "run_id": run.json()["id"], "code": workshop.json()["code"], "namespace": "web",
            "name": "web", "ownTokenId": token_id}


def schemathesis_command(base: str) -> list[str]:
    return [sys.executable, "-m", "schemathesis.cli", "--config-file", str(CONFIG), "run",
            f"{base}/api/schema/?format=json"]


# Not yet part of `make test`: the fuzzing and stateful phases have not finished within the 120 s budget
# (nor within 360 s on a loaded machine), so issue 28's point 8 is open. PLAYGROUND_SCHEMATHESIS=1 runs it.
@pytest.mark.skipif(os.environ.get("PLAYGROUND_SCHEMATHESIS") != "1",
                    reason="schemathesis over every operation: set PLAYGROUND_SCHEMATHESIS=1 (not yet within its budget)")
def test_schemathesis_finds_nothing_in_any_phase(live_server_url: str, celery_worker_process: object) -> None:
    token, token_id = signed_up_token(live_server_url, "fuzzer")
    seeds = seed(live_server_url, token, token_id)
    env = {**os.environ, "PLAYGROUND_TOKEN": token, "SCHEMATHESIS_SEEDS": json.dumps(seeds)}
    started = time.monotonic()
    result = subprocess.run(schemathesis_command(live_server_url), cwd=ROOT, env=env, capture_output=True,
                            text=True, check=False, timeout=3 * BUDGET_SECONDS)
    elapsed = time.monotonic() - started
    print(result.stdout[-3000:])
    assert result.returncode == 0, result.stdout[-20000:] + result.stderr[-5000:]
    assert elapsed <= BUDGET_SECONDS, f"schemathesis took {elapsed:.0f} s (budget {BUDGET_SECONDS} s)"
