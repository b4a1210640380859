"""apiVersion is filled in from kind wherever a scenario takes objects (it is unambiguous: the
playground models one version of each kind); kind itself is only inferred from a per-kind URL."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

NODE = {"kind": "Node", "metadata": {"name": "n1"}, "status": {"allocatable": {"cpu": "2"}}}
CLASS = {"kind": "PriorityClass", "metadata": {"name": "high"}, "value": 1000}
PDB = {"kind": "PodDisruptionBudget", "metadata": {"name": "web"}, "spec": {"minAvailable": 1}}


def test_objects_without_api_version_are_stored_with_the_kinds_one_version() -> None:
    response = APIClient().post("/api/scenarios/", {"title": "t", "objects": [NODE, CLASS, PDB]}, format="json")
    assert response.status_code == 201, response.json()
    assert [(o["apiVersion"], o["kind"]) for o in response.json()["objects"]] == [
        ("v1", "Node"), ("scheduling.k8s.io/v1", "PriorityClass"), ("policy/v1", "PodDisruptionBudget")]
    assert list(response.json()["objects"][1]) == ["apiVersion", "kind", "metadata", "value"]


def test_yaml_without_api_version_is_imported_too() -> None:
    text = "kind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: \"2\"}}\n---\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n"
    response = APIClient().post("/api/scenarios/import/", text, content_type="application/yaml")
    assert response.status_code == 201, response.json()
    assert [o["apiVersion"] for o in response.json()["objects"]] == ["v1", "scheduling.k8s.io/v1"]


@pytest.mark.parametrize(("doc", "field", "message"), [
    pytest.param({"metadata": {"name": "n1"}}, "kind", "Required value", id="no kind: nothing to infer from"),
    pytest.param({**NODE, "apiVersion": "apps/v1"}, "apiVersion", 'no matches for kind "Node" in version "apps/v1"',
                 id="a wrong apiVersion is still refused"),
])
def test_what_cannot_be_inferred_is_a_400_naming_the_field(doc: dict[str, object], field: str, message: str) -> None:
    response = APIClient().post("/api/scenarios/", {"title": "t", "objects": [doc]}, format="json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"].endswith(field) and message in error["message"]
