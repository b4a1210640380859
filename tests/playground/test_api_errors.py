"""Every 4xx from the API has one JSON shape: {"message", "errors": [{"field", "message", ...}]}."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.api_errors import flatten_drf_errors, summary_message
from playground.scenarios.models import Scenario
from tests.playground.scenarios_support import (  # noqa: F401 (fixtures)
    alice,
    as_,
    fast_passwords,
    make_node,
    make_pod,
    make_scenario,
    small_cluster,
)


def envelope(response: Any) -> dict[str, Any]:
    data = response.json()
    assert set(data) <= {"message", "errors", "currentVersion"}, data
    assert isinstance(data["message"], str) and data["message"]
    assert all({"field", "message"} <= set(e) for e in data["errors"])
    return data


@pytest.mark.parametrize(("detail", "expected"), [
    pytest.param({"title": ["This field is required."]},
                 [{"field": "title", "message": "This field is required."}], id="a field error keeps its name"),
    pytest.param({"template": {"metadata": ["Expected a dictionary."]}},
                 [{"field": "template.metadata", "message": "Expected a dictionary."}],
                 id="nested errors become dotted paths"),
    pytest.param({"objects": {3: ['Expected a dictionary of items but got type "str".']}},
                 [{"field": "objects[3]", "message": 'Expected a dictionary of items but got type "str".'}],
                 id="list item errors keep their index"),
    pytest.param({"non_field_errors": ["nope"]}, [{"field": "non_field_errors", "message": "nope"}],
                 id="non-field errors stay non-field"),
    pytest.param(["plain"], [{"field": "non_field_errors", "message": "plain"}], id="a bare list is non-field"),
])
def test_drf_errors_flatten_into_field_paths(detail: Any, expected: list[dict[str, str]]) -> None:
    assert flatten_drf_errors(detail) == expected


def test_a_non_object_manifest_is_named_by_its_index(alice: User) -> None:
    response = as_(alice).post("/api/scenarios/", {"title": "t", "objects": [make_node(), "oops"]}, format="json")
    assert response.status_code == 400
    assert envelope(response)["errors"][0]["field"] == "objects[1]"


def test_the_summary_names_the_first_field_and_counts_the_rest() -> None:
    errors = [{"field": "pods[3].spec", "message": "Required value"}, {"field": "x", "message": "y"}]
    assert summary_message(errors) == "pods[3].spec: Required value (+ 1 more)"


def test_an_invalid_quantity_names_the_field_the_value_and_the_object(alice: User) -> None:
    objects = small_cluster() + [make_pod("web-2", cpu="2 cores")]
    data = envelope(as_(alice).post("/api/scenarios/", {"title": "t", "objects": objects}, format="json"))
    assert data["message"].startswith('pods[1].spec.containers[0].resources.requests.cpu: Invalid value: "2 cores"')
    assert data["errors"] == [{
        "field": "pods[1].spec.containers[0].resources.requests.cpu", "value": "2 cores",
        "message": data["errors"][0]["message"], "document": 5, "kind": "Pod", "name": "web-2"}]


def test_every_manifest_problem_is_listed_not_just_the_first(alice: User) -> None:
    objects = [make_node("n", cpu="x"), make_pod("p", cpu="y")]
    data = envelope(as_(alice).post("/api/scenarios/", {"title": "t", "objects": objects}, format="json"))
    assert [e["field"] for e in data["errors"]] == ["nodes[0].status.allocatable.cpu",
                                                    "pods[0].spec.containers[0].resources.requests.cpu"]
    assert data["message"].endswith("(+ 1 more)")


def statuses() -> list[Any]:
    return [
        pytest.param("missing title", 400, "title: This field is required.", id="a missing field is a 400"),
        pytest.param("bad json", 400, "JSON parse error", id="unparsable JSON is a 400"),
        pytest.param("bad yaml", 400, "yaml: is not valid YAML: line 2", id="unparsable YAML is a 400 with a line"),
        pytest.param("yaml alias", 400, "aliases", id="YAML aliases are refused"),
        pytest.param("bad token", 401, "API token is unknown or revoked", id="an unknown token is a 401"),
        pytest.param("not owner", 403, "only the owner can change", id="someone else's scenario is a 403"),
        pytest.param("no scenario", 404, "no scenario 'nosuchsl'", id="an unknown slug is a 404"),
        pytest.param("no pod", 404, "no Pod 'default/ghost'", id="an unknown object is a 404"),
        pytest.param("bad method", 405, 'Method "DELETE" not allowed.', id="a wrong method is a 405"),
        pytest.param("duplicate", 409, "Node node-1 already exists", id="a duplicate name is a 409"),
        pytest.param("stale", 412, "it is now at version 1", id="a stale version is a 412"),
        pytest.param("too many nodes", 413, "at most 2 Node objects", id="too many nodes is a 413"),
        pytest.param("too big", 413, "above the limit of 100 bytes", id="a body above the limit is a 413"),
        pytest.param("too big yaml", 413, "above the limit of 100 bytes", id="a YAML body above the limit is a 413"),
        pytest.param("wrong type", 415, 'Unsupported media type "text/plain"', id="a wrong content type is a 415"),
        pytest.param("no version", 428, "say which version you edited", id="a scenario PUT without version is a 428"),
        pytest.param("bad seed", 400, "settings.seed: must be an integer", id="a bad seed is a 400"),
        pytest.param("bad count", 400, "count: Ensure this value is less than or equal to 5000",
                     id="a bulk count above the limit is a 400"),
    ]


@pytest.mark.parametrize(("case", "status", "message"), statuses())
def test_error_statuses_share_the_envelope(alice: User, settings: Any, monkeypatch: pytest.MonkeyPatch,
                                           case: str, status: int, message: str) -> None:
    scenario = make_scenario(alice, "public")
    response = request_for(case, scenario, alice, settings, monkeypatch)
    assert response.status_code == status
    assert message in envelope(response)["message"]


def request_for(case: str, scenario: Scenario, owner: User, settings: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    me, anon, base = as_(owner), APIClient(), f"/api/scenarios/{scenario.slug}/"
    if case == "missing title":
        return me.post("/api/scenarios/", {}, format="json")
    if case == "bad json":
        return me.post("/api/scenarios/", "{nope", content_type="application/json")
    if case == "bad yaml":
        return me.post("/api/scenarios/import/", "a: b\n c: [", content_type="application/yaml")
    if case == "yaml alias":
        return me.post("/api/scenarios/import/", "a: &x {b: 1}\nc: *x\n", content_type="application/yaml")
    if case == "bad token":
        anon.credentials(HTTP_AUTHORIZATION="Token pgt_nope")
        return anon.get("/api/scenarios/")
    if case == "not owner":
        return anon.patch(base, {"title": "x", "version": 1}, format="json")
    if case == "no scenario":
        return me.get("/api/scenarios/nosuchsl/")
    if case == "no pod":
        return me.get(f"{base}pods/ghost/")
    if case == "bad method":
        return me.delete("/api/scenarios/")
    if case == "duplicate":
        return me.post(f"{base}nodes/", make_node("node-1"), format="json")
    if case == "stale":
        return me.patch(base, {"title": "x"}, format="json", HTTP_IF_MATCH='"0"')
    if case == "too many nodes":
        monkeypatch.setitem(__import__("playground.scenarios.limits").scenarios.limits.MAX_OBJECTS_PER_KIND,
                            "Node", 2)
        return me.post(f"{base}nodes/", make_node("node-3"), format="json")
    if case == "too big":
        settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
        return me.post("/api/scenarios/", {"title": "x" * 200}, format="json")
    if case == "too big yaml":
        settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
        return me.post("/api/scenarios/import/", "# padding\n" * 20, content_type="application/yaml")
    if case == "wrong type":
        return me.post("/api/scenarios/import/", "kind: Node", content_type="text/plain")
    if case == "no version":
        return me.put(base, {"title": "x"}, format="json")
    if case == "bad seed":
        return me.post("/api/scenarios/", {"title": "x", "settings": {"seed": "one"}}, format="json")
    if case == "bad count":
        return me.post(f"{base}nodes/bulk/", {"template": make_node("n"), "count": 5001}, format="json")
    raise AssertionError(case)


def test_a_stale_write_tells_the_current_version(alice: User) -> None:
    scenario = make_scenario(alice)
    data = envelope(as_(alice).patch(f"/api/scenarios/{scenario.slug}/", {"title": "x", "version": 5},
                                     format="json"))
    assert data["currentVersion"] == 1 and data["errors"] == []


def test_too_many_objects_names_the_kind_in_the_errors(alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    from playground.scenarios import limits

    monkeypatch.setitem(limits.MAX_OBJECTS_PER_KIND, "Pod", 1)
    response = as_(alice).post("/api/scenarios/", {"title": "t", "objects": [make_pod("a"), make_pod("b")]},
                               format="json")
    assert response.status_code == 413
    assert envelope(response)["errors"][0]["field"] == "pods"


@pytest.mark.parametrize("path", [
    pytest.param("/api/scenarios/x/y/z/w/v/", id="an unknown path under a scenario"),
    pytest.param("/api/nothing-here", id="an unknown API path"),
])
def test_unmatched_api_urls_answer_with_the_envelope(db: Any, path: str) -> None:
    response = APIClient().get(path)
    assert response.status_code == 404
    assert envelope(response)["message"] == f"no API endpoint at {path}"


@pytest.mark.parametrize("path", ["/k8s/runs/1.0/kubeconfig", "/k8s/runs/1/api/v1/nothings", "/k8s/elsewhere"])
def test_unmatched_kubernetes_api_urls_answer_as_kube_apiserver_does(db: Any, path: str) -> None:
    # Not the browser app's page: a client of the Kubernetes API reads a NotFound Status.
    response = APIClient().get(path)
    assert (response.status_code, response["Content-Type"]) == (404, "application/json")
    assert response.json() == {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                               "message": "the server could not find the requested resource", "reason": "NotFound",
                               "details": {}, "code": 404}


def test_unmatched_pages_outside_the_api_stay_html(db: Any) -> None:
    response = APIClient().get("/static/nothing.js")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_html_form_posts_are_refused_as_unsupported(alice: User) -> None:
    response = as_(alice).post("/api/scenarios/", {"title": "form"})  # multipart, as an HTML form sends
    assert response.status_code == 415
    assert envelope(response)["message"].startswith('Unsupported media type "multipart/form-data')
