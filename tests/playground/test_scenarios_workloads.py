"""Workload kinds (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job) through the scenarios API:
per-kind endpoints, YAML import, and 400s that name the field."""
from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from tests.playground.scenarios_support import (  # noqa: F401 (fixtures)
    alice,
    as_,
    fast_passwords,
    make_scenario,
)

DEPLOYMENT: dict[str, Any] = {
    "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "default"},
    "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "web"}},
             "template": {"metadata": {"labels": {"app": "web"}},
                          "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}},
}
YAML = """\
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", pods: "110"}}
---
apiVersion: batch/v1
kind: Job
metadata: {name: report}
spec:
  parallelism: 2
  completions: 4
  template:
    metadata: {annotations: {scheduler-playground/run-seconds: "30"}}
    spec:
      restartPolicy: Never
      containers: [{name: c, resources: {requests: {cpu: 500m}}}]
"""


def test_a_deployment_is_added_through_its_own_endpoint(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).post(f"/api/scenarios/{scenario.slug}/deployments/", DEPLOYMENT, format="json")
    assert response.status_code == 201, response.json()
    listed = as_(alice).get(f"/api/scenarios/{scenario.slug}/deployments/").json()["items"]
    assert [d["metadata"]["name"] for d in listed] == ["web"]


def test_a_deployment_whose_selector_misses_its_template_is_a_400_naming_the_field(alice: User) -> None:
    scenario = make_scenario(alice)
    bad = {**DEPLOYMENT, "spec": {**DEPLOYMENT["spec"], "selector": {"matchLabels": {"app": "other"}}}}
    response = as_(alice).post(f"/api/scenarios/{scenario.slug}/deployments/", bad, format="json")
    assert response.status_code == 400
    fields = [e["field"] for e in response.json()["errors"]]
    assert any(f.endswith("spec.template.metadata.labels") for f in fields), fields


def test_a_job_imports_from_yaml_and_exports_the_same(alice: User) -> None:
    client = as_(alice)
    first = client.post("/api/scenarios/import/", YAML, content_type="application/yaml")
    assert first.status_code == 201, first.json()
    assert [o["kind"] for o in first.json()["objects"]] == ["Node", "Job"]
    exported = client.get(f"/api/scenarios/{first.json()['slug']}/export/")
    second = client.post("/api/scenarios/import/", exported.content, content_type="text/yaml")
    assert second.json()["objects"] == first.json()["objects"]


def test_a_scale_run_command_is_normalised_with_its_namespace() -> None:
    from playground.runs.command_bodies import normalise

    body = {"type": "scale", "kind": "StatefulSet", "name": "db", "replicas": 2, "namespace": "shop", "x": 1}
    assert normalise(body) == {"type": "scale", "kind": "StatefulSet", "name": "db", "replicas": 2,
                               "namespace": "shop"}


def test_a_scale_run_command_with_bad_replicas_is_a_400_naming_replicas() -> None:
    import pytest

    from playground.api_errors import InvalidDocuments
    from playground.runs.command_bodies import normalise

    with pytest.raises(InvalidDocuments) as err:
        normalise({"type": "scale", "kind": "Deployment", "name": "web", "replicas": "3"})
    assert err.value.errors[0]["field"] == "replicas"
