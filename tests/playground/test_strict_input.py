"""Issue 28, point 6: input is read as strictly as the Kubernetes API reads it. A value of the wrong
JSON type, a label key or quantity the API server would refuse, or a malformed query value is a 400
naming the field; nothing is stored, and a refused anonymous write leaves no guest behind."""
from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from playground.api_errors import InvalidDocuments
from playground.runs import command_bodies
from playground.runs import conf as runs_conf
from playground.runs import services as runs
from playground.scenarios.models import Scenario
from tests.integration.test_runs_live import node
from tests.playground.scenarios_support import (  # noqa: F401 (fixtures)
    alice,
    anon,
    as_,
    fast_passwords,
    make_node,
    make_pod,
    make_scenario,
)
from tests.playground.test_k8sapi import stored_run

pytestmark = pytest.mark.django_db
KIND_OBJECT = {"apiVersion": "v1", "kind": {"a": 1}, "metadata": {"name": "x"}}


@pytest.fixture(autouse=True)
def no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runs.bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(runs.bus, "wake", lambda run_id: None)
    monkeypatch.setattr(runs_conf, "COMMAND_REPLY_SECONDS", 0.01)


def refused(response: Any, field: str, code: int = 400) -> dict[str, Any]:
    assert response.status_code == code, response.content
    body = response.json()
    assert body["errors"][0]["field"] == field, body
    return dict(body["errors"][0])


@pytest.mark.parametrize("kind", [pytest.param({"a": 1}, id="an object"), pytest.param([1], id="a list")])
def test_a_kind_that_is_not_a_string_is_a_400_naming_kind_on_create(alice: User, kind: Any) -> None:
    body = {"title": "t", "objects": [{**KIND_OBJECT, "kind": kind}]}
    error = refused(as_(alice).post("/api/scenarios/", body, format="json"), "documents[0].kind")
    assert error["message"].endswith("must be a string")


def test_a_kind_that_is_not_a_string_is_a_400_on_put_patch_import_and_add(alice: User) -> None:
    scenario = make_scenario(alice, objects=[make_node()])
    client = as_(alice)
    url = f"/api/scenarios/{scenario.slug}/"
    put = client.put(url, {"title": "t", "objects": [KIND_OBJECT], "version": 1}, format="json")
    patch = client.patch(url, {"objects": [make_node(), KIND_OBJECT], "version": 1}, format="json")
    imported = client.post("/api/scenarios/import/", {"yaml": "apiVersion: v1\nkind: {a: 1}\nmetadata: {name: x}\n"},
                           format="json")
    added = client.post(f"{url}nodes/", KIND_OBJECT, format="json")
    refused(put, "documents[0].kind")
    refused(patch, "documents[1].kind")
    refused(imported, "documents[0].kind")
    refused(added, "kind")
    assert Scenario.objects.get(pk=scenario.pk).version == 1


@pytest.mark.parametrize(("body", "field"), [
    pytest.param({"seed": "1"}, "seed", id="a seed given as a string"),
    pytest.param({"seed": 1.0}, "seed", id="a seed given as a float"),
    pytest.param({"paused": "yes"}, "paused", id="paused given as yes"),
    pytest.param({"paused": 1}, "paused", id="paused given as 1"),
    pytest.param({"speed": "2"}, "speed", id="a speed given as a string"),
])
def test_run_fields_of_the_wrong_json_type_are_a_400_naming_the_field(alice: User, body: dict[str, Any],
                                                                      field: str) -> None:
    scenario = make_scenario(alice, objects=[make_node()])
    refused(as_(alice).post("/api/runs/", {"scenario": scenario.slug, **body}, format="json"), field)


def test_a_version_given_as_a_string_is_a_400(alice: User) -> None:
    scenario = make_scenario(alice, objects=[make_node()])
    refused(as_(alice).patch(f"/api/scenarios/{scenario.slug}/", {"title": "x", "version": "1"}, format="json"),
            "version")


@pytest.mark.parametrize("query", ["page=0", "page=abc", "page=-1", "page_size=0", "page_size=x", "page_size=1.5"])
@pytest.mark.parametrize("path", ["/api/scenarios/", "/api/runs/"])
def test_a_malformed_page_query_is_a_400_naming_it(alice: User, path: str, query: str) -> None:
    refused(as_(alice).get(f"{path}?{query}"), query.split("=")[0])


def test_pages_in_range_and_the_last_page_are_still_served(alice: User) -> None:
    make_scenario(alice, objects=[make_node()])
    for query in ("page=1&page_size=1", "page=last", "page_size=1000"):
        assert as_(alice).get(f"/api/scenarios/?scope=mine&{query}").status_code == 200, query


@pytest.mark.parametrize("header", ['1', '"1', '"one"', '"1", "2"'])
def test_a_malformed_if_match_is_a_400_not_ignored(alice: User, header: str) -> None:
    scenario = make_scenario(alice, objects=[make_node()])
    response = as_(alice).patch(f"/api/scenarios/{scenario.slug}/", {"title": "x"}, format="json",
                                HTTP_IF_MATCH=header)
    refused(response, "If-Match")
    assert Scenario.objects.get(pk=scenario.pk).title != "x"


def test_an_invalid_visibility_in_the_query_is_a_400_even_when_the_body_names_one(alice: User) -> None:
    response = as_(alice).post("/api/scenarios/import/?visibility=AAA", {"yaml": "", "visibility": "public"},
                               format="json")
    refused(response, "visibility")


def test_a_refused_anonymous_write_creates_no_guest(anon: APIClient) -> None:
    before = User.objects.count()
    refused(anon.post("/api/scenarios/", {"title": "t", "objects": [KIND_OBJECT]}, format="json"), "documents[0].kind")
    refused(anon.post("/api/scenarios/import/", {"yaml": "kind: [1"}, format="json"), "yaml")
    assert User.objects.count() == before
    assert anon.get("/api/me").json().get("username") in (None, "")
    assert anon.post("/api/scenarios/", {"title": "ok"}, format="json").status_code == 201
    assert User.objects.count() == before + 1


@pytest.mark.parametrize(("body", "field"), [
    pytest.param({"type": "delete_pod", "pod": "web", "gracePeriodSeconds": 2**70}, "gracePeriodSeconds",
                 id="a grace period beyond int64"),
    pytest.param({"type": "set_node_labels", "node": "n1", "labels": {"bad key!": "x"}}, "labels",
                 id="a label key the API server refuses"),
    pytest.param({"type": "set_pod_labels", "pod": "web", "labels": {"app": "not valid!"}}, "labels",
                 id="a label value the API server refuses"),
    pytest.param({"type": "set_node_annotations", "node": "n1", "annotations": {"a b": "x"}}, "annotations",
                 id="an annotation key the API server refuses"),
    pytest.param({"type": "set_node_taints", "node": "n1", "taints": [{"key": "a b", "effect": "NoSchedule"}]},
                 "taints[0].key", id="a taint key the API server refuses"),
])
def test_commands_check_keys_and_numbers_as_the_api_server_does(body: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidDocuments) as raised:
        command_bodies.normalise(body)
    assert raised.value.errors[0]["field"] == field


def test_annotations_above_256_kib_get_the_api_servers_message() -> None:
    body = {"type": "set_pod_annotations", "pod": "web", "annotations": {"a": "x" * 262_144}}
    with pytest.raises(InvalidDocuments) as raised:
        command_bodies.normalise(body)
    assert raised.value.errors[0]["message"] == "Too long: must have at most 262144 bytes"


def test_a_quantity_beyond_int64_is_a_400_naming_the_field(alice: User) -> None:
    response = as_(alice).post("/api/scenarios/", {"title": "t", "objects": [make_node(cpu="1e400")]}, format="json")
    error = refused(response, "nodes[0].status.allocatable.cpu")
    assert error["value"] == "1e400"


def test_a_quantity_at_int64_is_accepted(alice: User) -> None:
    node = make_node(cpu=f"{2**63 - 1}m")
    assert as_(alice).post("/api/scenarios/", {"title": "t", "objects": [node]}, format="json").status_code == 201


def test_annotations_of_a_stored_object_are_capped_at_256_kib(alice: User) -> None:
    pod = make_pod()
    pod["metadata"]["annotations"] = {"note": "x" * 262_141}
    response = as_(alice).post("/api/scenarios/", {"title": "t", "objects": [make_node(), pod]}, format="json")
    error = refused(response, "pods[0].metadata.annotations")
    assert error["message"] == "Too long: must have at most 262144 bytes"
    pod["metadata"]["annotations"] = {"note": "x" * 262_140}
    assert as_(alice).post("/api/scenarios/", {"title": "t", "objects": [make_node(), pod]},
                           format="json").status_code == 201


@pytest.mark.parametrize("query", ["timeoutSeconds=abc", "timeoutSeconds=1.5", f"timeoutSeconds={2**70}"])
def test_a_watch_timeout_that_is_not_an_int64_is_a_bad_request_status(alice: User, query: str) -> None:
    run = stored_run(alice, [node("n1")])
    response = Client().get(f"/k8s/runs/{run.pk}/api/v1/pods?watch=1&{query}")
    assert response.status_code == 400, response.content
    assert response.json()["reason"] == "BadRequest" and "timeoutSeconds" in response.json()["message"]


@pytest.mark.parametrize(("title", "message"), [
    pytest.param("a\u0000b", "contains the NUL character (\\u0000), which cannot be stored", id="a NUL character"),
    pytest.param("a\udb71b", "contains a lone UTF-16 surrogate (\\ud800-\\udfff without its pair), which is not "
                             "valid Unicode", id="a lone surrogate"),
])
def test_a_string_the_database_cannot_store_is_a_400_naming_the_field_not_a_500(alice: User, title: str,
                                                                                 message: str) -> None:
    body = json.dumps({"title": title})  # escaped: \u0000, \udb71
    response = as_(alice).post("/api/scenarios/", body, content_type="application/json")
    assert refused(response, "title")["message"] == message
    assert not Scenario.objects.filter(owner=alice).exists()


def test_an_import_with_no_objects_is_a_400_naming_yaml_as_kubectl_apply_refuses_it(alice: User) -> None:
    response = as_(alice).post("/api/scenarios/import/", "# nothing here\n", content_type="application/yaml")
    assert "has no objects" in refused(response, "yaml")["message"]
    assert not Scenario.objects.filter(owner=alice).exists()


def test_a_command_manifest_of_the_wrong_shape_is_refused_at_once_without_a_worker() -> None:
    pod = {"metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "ports": "80"}]}}
    with pytest.raises(InvalidDocuments) as raised:
        command_bodies.normalise({"type": "add_pod", "manifest": pod})
    assert raised.value.errors[0]["field"] == "manifest.spec.containers[0].ports"


def test_a_command_manifest_may_name_what_only_the_run_holds() -> None:
    pod = {"metadata": {"name": "p", "namespace": "team"}, "spec": {"priorityClassName": "made-by-a-command",
                                                                     "containers": [{"name": "c"}]}}
    assert command_bodies.normalise({"type": "add_pod", "manifest": pod})["manifest"]["metadata"]["name"] == "p"


def test_a_refused_anonymous_run_start_leaves_no_guest(alice: User, anon: APIClient) -> None:
    """A run start makes its guest without a transaction (one statement each): a refusal deletes it."""
    scenario = make_scenario(alice, visibility="public", objects=[make_node()])
    before = User.objects.count()
    response = anon.post("/api/runs/", {"scenario": scenario.slug, "lesson": "no-such-lesson"}, format="json")
    refused(response, "lesson")
    assert User.objects.count() == before
    assert anon.get("/api/me").json().get("isGuest") in (None, False)
