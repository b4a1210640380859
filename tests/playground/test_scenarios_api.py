"""Scenarios over REST: create, list, update with versions, objects one by one, bulk, YAML."""
from __future__ import annotations

from typing import Any

import pytest
import yaml
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.scenarios import selectors, services
from playground.scenarios.models import Scenario
from tests.playground.scenarios_support import (  # noqa: F401 (fixtures)
    alice,
    as_,
    bob,
    fast_passwords,
    make_node,
    make_pod,
    make_priority_class,
    make_scenario,
    small_cluster,
)

YAML_CLUSTER = """\
apiVersion: v1
kind: Node
metadata:
  name: node-1
  labels:
    topology.kubernetes.io/zone: a
status:
  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
description: "2024-01-01 is a date-looking string"
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: shop, labels: {app: web}}
spec:
  priorityClassName: high
  containers:
  - name: c
    image: nginx
    resources: {requests: {cpu: 500m, memory: 1Gi}}
  volumes:
  - name: data
    emptyDir: {}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web, namespace: shop}
spec:
  maxUnavailable: 50%
  selector: {matchLabels: {app: web}}
"""


def url(scenario: Scenario | str, tail: str = "") -> str:
    slug = scenario if isinstance(scenario, str) else scenario.slug
    return f"/api/scenarios/{slug}/{tail}"


# --- create, read, list ----------------------------------------------------------------------

def test_create_stores_the_manifests_as_given_and_counts_them(alice: User) -> None:
    body = {"title": "Preemption", "description": "d", "visibility": "unlisted", "objects": small_cluster(),
            "settings": {"seed": 3, "speed": 2, "preemption": False}}
    response = as_(alice).post("/api/scenarios/", body, format="json")
    data = response.json()
    assert response.status_code == 201 and response.headers["ETag"] == '"1"'
    assert data["objects"] == small_cluster() and data["settings"] == body["settings"]
    assert data["counts"] == {"nodes": 2, "priorityclasses": 1, "pods": 1, "poddisruptionbudgets": 1, "namespaces": 0}
    assert len(data["slug"]) == 8 and data["version"] == 1 and data["forkedFrom"] is None


def test_keys_are_ordered_apiversion_kind_metadata_first(alice: User) -> None:
    pod = {"spec": {"containers": [{"name": "c"}]}, "metadata": {"name": "p"}, "kind": "Pod", "apiVersion": "v1"}
    data = as_(alice).post("/api/scenarios/", {"title": "t", "objects": [pod]}, format="json").json()
    assert list(data["objects"][0]) == ["apiVersion", "kind", "metadata", "spec"]


def test_ignored_fields_are_reported_so_the_ui_can_say_so(alice: User) -> None:
    pod = make_pod("web")
    pod["spec"]["volumes"] = [{"name": "data", "emptyDir": {}}]
    data = as_(alice).post("/api/scenarios/", {"title": "t", "objects": [pod]}, format="json").json()
    assert any("spec.volumes is not modelled" in note for note in data["ignored"])


def test_the_gallery_searches_title_and_description_case_insensitively(alice: User) -> None:
    make_scenario(alice, "public", "Preemption basics")
    make_scenario(alice, "public", "Spreading", description="topology PREEMPTION interplay")
    make_scenario(alice, "public", "Taints")
    found = APIClient().get("/api/scenarios/?search=preemption").json()["results"]
    assert sorted(s["title"] for s in found) == ["Preemption basics", "Spreading"]


def test_the_gallery_is_paginated_by_20_and_at_most_100(alice: User) -> None:
    for i in range(23):
        make_scenario(alice, "public", f"s{i}", objects=[])
    first = APIClient().get("/api/scenarios/").json()
    big = APIClient().get("/api/scenarios/?page_size=1000").json()
    assert first["count"] == 23 and len(first["results"]) == 20 and "page=2" in first["next"]
    assert len(big["results"]) == 23
    assert len(APIClient().get("/api/scenarios/?page=2").json()["results"]) == 3


def test_the_gallery_lists_newest_changes_first(alice: User) -> None:
    old, new = make_scenario(alice, "public", "old"), make_scenario(alice, "public", "new")
    services.update_scenario(old, 1, title="old but edited")
    titles = [s["title"] for s in APIClient().get("/api/scenarios/").json()["results"]]
    assert titles == ["old but edited", new.title]


def test_list_queries_stay_bounded_whatever_the_number_of_scenarios(alice: User, bob: User,
                                                                    django_assert_max_num_queries: Any) -> None:
    for i in range(30):
        make_scenario(alice if i % 2 else bob, "public", f"s{i}", objects=[])
    services.fork_scenario(Scenario.objects.first(), bob)  # type: ignore[arg-type]
    with django_assert_max_num_queries(3):
        response = as_(alice).get("/api/scenarios/?page_size=100")
    assert response.json()["count"] == 30


def test_the_list_does_not_load_the_manifests(alice: User) -> None:
    make_scenario(alice, "public")
    scenarios = list(selectors.scenario_list(alice))
    assert "manifests" in scenarios[0].get_deferred_fields()


def test_object_list_queries_are_bounded(alice: User, django_assert_max_num_queries: Any) -> None:
    scenario = make_scenario(alice, "public", objects=[make_node(f"n{i}") for i in range(50)])
    with django_assert_max_num_queries(1):
        response = APIClient().get(url(scenario, "nodes/"))
    assert len(response.json()["items"]) == 50


# --- updates and versions ---------------------------------------------------------------------

def test_patch_changes_only_what_it_names_and_bumps_the_version(alice: User) -> None:
    scenario = make_scenario(alice, settings={"seed": 1})
    response = as_(alice).patch(url(scenario), {"title": "New"}, format="json", HTTP_IF_MATCH='"1"')
    data = response.json()
    assert response.status_code == 200 and response.headers["ETag"] == '"2"'
    assert (data["title"], data["version"], data["settings"]) == ("New", 2, {"seed": 1})
    assert data["objects"] == small_cluster()


def test_put_replaces_everything(alice: User) -> None:
    scenario = make_scenario(alice, "public", description="old")
    body = {"title": "T", "visibility": "private", "objects": [make_node("only")], "settings": {}, "version": 1}
    data = as_(alice).put(url(scenario), body, format="json").json()
    assert (data["description"], data["visibility"], data["counts"]["nodes"], data["counts"]["pods"]) == (
        "", "private", 1, 0)


def test_a_stale_write_gets_412_with_the_current_version_and_changes_nothing(alice: User) -> None:
    scenario = make_scenario(alice)
    first, second = as_(alice), as_(alice)
    assert first.patch(url(scenario), {"title": "first", "version": 1}, format="json").status_code == 200
    stale = second.patch(url(scenario), {"title": "second", "description": "x"}, format="json",
                         HTTP_IF_MATCH='"1"')
    assert stale.status_code == 412
    assert stale.json()["currentVersion"] == 2
    assert "you edited version 1, it is now at version 2" in stale.json()["message"]
    stored = Scenario.objects.get(pk=scenario.pk)
    assert (stored.title, stored.description, stored.version) == ("first", "", 2)


def test_the_if_match_header_wins_over_the_body_version(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).patch(url(scenario), {"title": "x", "version": 1}, format="json", HTTP_IF_MATCH='"7"')
    assert response.status_code == 412


@pytest.mark.parametrize("header", ["", " \t ", "3", '"3', "W/3"])
def test_an_if_match_naming_no_version_is_a_400_naming_it(alice: User, header: str) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).delete(url(scenario), HTTP_IF_MATCH=header)
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "If-Match"
    assert Scenario.objects.filter(pk=scenario.pk).exists()


def test_an_invalid_write_leaves_the_scenario_and_its_version_untouched(alice: User) -> None:
    scenario = make_scenario(alice)
    bad = small_cluster() + [make_pod("orphan", priority_class="missing")]
    response = as_(alice).patch(url(scenario), {"objects": bad, "title": "x", "version": 1}, format="json")
    assert response.status_code == 400
    stored = Scenario.objects.get(pk=scenario.pk)
    assert (stored.title, stored.version, stored.manifests) == ("Preemption 101", 1, small_cluster())


def test_concurrent_unversioned_adds_both_survive(alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writer B read version 1, then A added a pod; B's compare-and-swap fails, B re-reads and retries."""
    scenario = make_scenario(alice)
    real = selectors.scenario_by_pk
    calls = {"n": 0}

    def read_then_race(pk: int) -> Scenario:
        current = real(pk)
        calls["n"] += 1
        if calls["n"] == 1:  # A sneaks in after B's read
            monkeypatch.setattr(selectors, "scenario_by_pk", real)
            services.add_objects(scenario, services.documents.KIND_BY_PLURAL["pods"], [make_pod("a")], None)
            monkeypatch.setattr(selectors, "scenario_by_pk", read_then_race)
        return current

    monkeypatch.setattr(selectors, "scenario_by_pk", read_then_race)
    services.add_objects(scenario, services.documents.KIND_BY_PLURAL["pods"], [make_pod("b")], None)
    stored = Scenario.objects.get(pk=scenario.pk)
    assert [d["metadata"]["name"] for d in stored.manifests if d["kind"] == "Pod"] == ["web", "a", "b"]
    assert stored.version == 3


def test_a_versioned_write_that_loses_the_race_gets_412(alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = make_scenario(alice)
    real = selectors.scenario_by_pk

    def stale_read(pk: int) -> Scenario:
        current = real(pk)
        Scenario.objects.filter(pk=pk).update(version=current.version + 1)  # someone else wrote meanwhile
        monkeypatch.setattr(selectors, "scenario_by_pk", real)
        return current

    monkeypatch.setattr(selectors, "scenario_by_pk", stale_read)
    response = as_(alice).post(url(scenario, "pods/"), make_pod("late"), format="json", HTTP_IF_MATCH='"1"')
    assert response.status_code == 412
    assert "late" not in str(Scenario.objects.get(pk=scenario.pk).manifests)


def test_delete_with_a_stale_version_keeps_the_scenario(alice: User) -> None:
    scenario = make_scenario(alice)
    services.update_scenario(scenario, 1, title="moved on")
    assert as_(alice).delete(url(scenario), HTTP_IF_MATCH='"1"').status_code == 412
    assert as_(alice).delete(url(scenario), HTTP_IF_MATCH='"2"').status_code == 204
    assert not Scenario.objects.exists()


# --- objects one by one -----------------------------------------------------------------------

def test_adding_a_pod_fills_in_kind_and_api_version_and_bumps_the_version(alice: User) -> None:
    scenario = make_scenario(alice)
    body = {"metadata": {"name": "urgent"}, "spec": {"priorityClassName": "high", "containers": [{"name": "c"}]}}
    response = as_(alice).post(url(scenario, "pods/"), body, format="json")
    assert response.status_code == 201 and response.headers["ETag"] == '"2"'
    assert response.json() == {"version": 2, "object": {"apiVersion": "v1", "kind": "Pod", **body}}


def test_pods_are_addressed_by_namespace_and_name(alice: User) -> None:
    scenario = make_scenario(alice, objects=[make_pod("web"), make_pod("web", namespace="shop")])
    client = as_(alice)
    assert client.get(url(scenario, "pods/shop/web/")).json()["object"]["metadata"]["namespace"] == "shop"
    assert client.get(url(scenario, "pods/web/?namespace=shop")).json()["object"]["metadata"]["namespace"] == "shop"
    assert "namespace" not in client.get(url(scenario, "pods/web/")).json()["object"]["metadata"]
    assert client.get(url(scenario, "pods/other/web/")).status_code == 404


def test_replacing_a_node_keeps_its_place_and_name(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).put(url(scenario, "nodes/node-2/"), make_node("node-2", cpu="64"), format="json")
    stored = Scenario.objects.get(pk=scenario.pk).manifests
    assert response.status_code == 200
    assert stored[1]["status"]["allocatable"]["cpu"] == "64"


def test_renaming_through_put_is_refused(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).put(url(scenario, "nodes/node-2/"), make_node("node-9"), format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "metadata.name"


def test_deleting_a_priority_class_pods_use_is_refused_naming_the_pods(alice: User) -> None:
    scenario = make_scenario(alice, objects=[make_priority_class("high"), make_pod("p", priority_class="high")])
    response = as_(alice).delete(url(scenario, "priorityclasses/high/"))
    assert response.status_code == 409
    assert response.json()["message"] == ("PriorityClass high is used by 1 pod (default/p): "
                                          "delete them or change their priorityClassName first")
    assert Scenario.objects.get(pk=scenario.pk).version == 1


def test_deleting_an_object_returns_the_new_version_in_the_etag(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).delete(url(scenario, "pods/default/web/"))
    assert response.status_code == 204 and response.headers["ETag"] == '"2"'
    assert Scenario.objects.get(pk=scenario.pk).counts["pods"] == 0


def test_adding_a_name_that_exists_is_a_conflict(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).post(url(scenario, "nodes/"), make_node("node-1"), format="json")
    assert response.status_code == 409
    assert response.json()["message"] == "Node node-1 already exists in this scenario: replace it with PUT, or choose another name"


def test_a_manifest_of_another_kind_is_refused_at_this_url(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).post(url(scenario, "nodes/"), make_pod("p"), format="json")
    assert response.status_code == 400
    assert response.json()["message"] == 'kind: must be "Node" at this URL'


def test_bulk_from_a_template_names_copies_1_to_n(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).post(url(scenario, "nodes/bulk/"), {"template": make_node("worker"), "count": 50},
                               format="json")
    names = [d["metadata"]["name"] for d in response.json()["objects"]]
    assert response.status_code == 201 and response.json()["version"] == 2
    assert names == [f"worker-{i}" for i in range(1, 51)]
    assert Scenario.objects.get(pk=scenario.pk).counts["nodes"] == 52


def test_bulk_from_a_list_adds_them_all_in_one_version(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).post(url(scenario, "pods/bulk/"), [make_pod("a"), make_pod("b")], format="json")
    assert response.status_code == 201 and response.json()["version"] == 2
    assert [d["metadata"]["name"] for d in response.json()["objects"]] == ["a", "b"]


def test_bulk_with_one_bad_manifest_adds_none(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).post(url(scenario, "pods/bulk/"), [make_pod("a"), make_pod("b", cpu="lots")],
                               format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["name"] == "b"
    assert Scenario.objects.get(pk=scenario.pk).counts["pods"] == 1


def test_an_object_named_bulk_is_read_replaced_and_deleted_at_its_own_url(alice: User) -> None:
    scenario = make_scenario(alice)
    client = as_(alice)
    assert client.post(url(scenario, "nodes/"), make_node("bulk"), format="json").status_code == 201
    assert client.get(url(scenario, "nodes/bulk/")).json()["object"]["metadata"]["name"] == "bulk"
    replaced = client.put(url(scenario, "nodes/bulk/"), make_node("bulk", cpu="8"), format="json")
    assert replaced.status_code == 200, replaced.json()
    assert replaced.json()["object"]["status"]["allocatable"]["cpu"] == "8"
    assert client.delete(url(scenario, "nodes/bulk/")).status_code in (200, 204)
    assert client.get(url(scenario, "nodes/bulk/")).status_code == 404


# --- YAML -------------------------------------------------------------------------------------

def test_import_yaml_then_export_then_import_round_trips_identically(alice: User) -> None:
    client = as_(alice)
    first = client.post("/api/scenarios/import/?title=From%20YAML", YAML_CLUSTER, content_type="application/yaml")
    exported = client.get(url(first.json()["slug"], "export/"))
    second = client.post("/api/scenarios/import/", exported.content, content_type="text/yaml")
    assert first.status_code == 201 and first.json()["title"] == "From YAML"
    assert exported["Content-Type"].startswith("application/yaml")
    assert second.json()["objects"] == first.json()["objects"]
    assert client.get(url(second.json()["slug"], "export/")).content == exported.content


def test_imported_yaml_keeps_date_like_strings_as_strings(alice: User) -> None:
    data = as_(alice).post("/api/scenarios/import/", YAML_CLUSTER, content_type="application/yaml").json()
    assert data["objects"][1]["description"] == "2024-01-01 is a date-looking string"


def test_export_is_what_kubectl_apply_reads(alice: User) -> None:
    scenario = make_scenario(alice, "public")
    exported = APIClient().get(url(scenario, "export/"))
    docs = list(yaml.safe_load_all(exported.content))
    assert docs == small_cluster()
    assert all({"apiVersion", "kind", "metadata"} <= set(d) for d in docs)
    assert exported["Content-Disposition"] == f'attachment; filename="{scenario.slug}.yaml"'


def test_import_accepts_json_with_a_yaml_field(alice: User) -> None:
    body = {"yaml": YAML_CLUSTER, "title": "json", "visibility": "public", "settings": {"seed": 9}}
    data = as_(alice).post("/api/scenarios/import/", body, format="json").json()
    assert (data["title"], data["visibility"], data["settings"], data["counts"]["pods"]) == (
        "json", "public", {"seed": 9}, 1)


def test_a_kubectl_list_is_imported_as_its_items(alice: User) -> None:
    text = yaml.safe_dump({"apiVersion": "v1", "kind": "List", "items": [make_node("a"), make_node("b")]})
    data = as_(alice).post("/api/scenarios/import/", text, content_type="application/yaml").json()
    assert [d["metadata"]["name"] for d in data["objects"]] == ["a", "b"]


def test_put_yaml_replaces_the_objects(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).put(url(scenario, "yaml/"), YAML_CLUSTER, content_type="application/yaml",
                              HTTP_IF_MATCH='"1"')
    assert response.status_code == 200 and response.json()["version"] == 2
    assert response.json()["counts"] == {"nodes": 1, "priorityclasses": 1, "pods": 1, "poddisruptionbudgets": 1,
                                         "namespaces": 0}


def test_settings_are_validated_by_the_scheduler_config(alice: User) -> None:
    pytest.importorskip("scheduler_core.config")
    body = {"title": "t", "settings": {"percentage_of_nodes_to_score": 150}}
    response = as_(alice).post("/api/scenarios/", body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "settings.percentage_of_nodes_to_score"
    assert response.json()["errors"][0]["value"] == 150


def test_lessons_can_create_public_scenarios_owned_by_the_system_user(db: Any) -> None:
    owner = services.get_or_create_system_user()
    scenario = services.create_scenario(owner, "Lesson 1", "learn", small_cluster(), {"seed": 1}, "public")
    listed = APIClient().get("/api/scenarios/").json()["results"]
    assert listed[0]["slug"] == scenario.slug
    assert listed[0]["owner"] == {"username": "playground", "isGuest": False}


@pytest.mark.parametrize(
    ("speed", "ok"),
    [
        pytest.param(0, True, id="speed 0 means as fast as possible, as for runs"),
        pytest.param(1000, True, id="speed 1000 is the fastest paced speed"),
        pytest.param(-1, False, id="a negative speed is refused"),
        pytest.param(1001, False, id="a speed above 1000 is refused"),
    ],
)
def test_scenario_speed_accepts_what_runs_accept(alice: User, speed: float, ok: bool) -> None:
    response = as_(alice).post("/api/scenarios/", {"title": "s", "objects": [], "settings": {"speed": speed}},
                               format="json")
    assert response.status_code == (201 if ok else 400), response.content
    if not ok:
        assert response.json()["errors"][0]["field"] == "settings.speed"


# --- Namespaces -------------------------------------------------------------------------------

def make_namespace(name: str = "shop", **labels: str) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name, **({"labels": labels} if labels else {})}}


def test_namespaces_are_scenario_objects_addressed_by_name(alice: User) -> None:
    scenario = make_scenario(alice, objects=[*small_cluster(), make_namespace("shop", tier="web")])
    client = as_(alice)
    assert client.get(url(scenario)).json()["counts"]["namespaces"] == 1
    assert client.get(url(scenario, "namespaces/")).json()["items"] == [make_namespace("shop", tier="web")]
    response = client.put(url(scenario, "namespaces/shop/"), make_namespace("shop", tier="data"), format="json")
    assert response.status_code == 200 and response.json()["object"]["metadata"]["labels"] == {"tier": "data"}
    assert client.post(url(scenario, "namespaces/"), {"metadata": {"name": "ops"}}, format="json").status_code == 201
    assert client.delete(url(scenario, "namespaces/shop/")).status_code == 204
    assert [d["metadata"]["name"] for d in Scenario.objects.get(pk=scenario.pk).manifests
            if d["kind"] == "Namespace"] == ["ops"]


def test_a_bad_namespace_is_refused_naming_the_field_and_nothing_is_stored(alice: User) -> None:
    scenario = make_scenario(alice)
    response = as_(alice).post(url(scenario, "namespaces/"), make_namespace("Shop_1"), format="json")
    assert response.status_code == 400
    assert (response.json()["errors"][0]["field"], response.json()["errors"][0]["value"]) == (
        "namespaces[0].metadata.name", "Shop_1")
    assert Scenario.objects.get(pk=scenario.pk).version == 1


def test_namespaces_round_trip_through_yaml_import_and_export(alice: User) -> None:
    client = as_(alice)
    text = yaml.safe_dump(make_namespace("shop", team="a"), sort_keys=False) + "---\n" + YAML_CLUSTER
    first = client.post("/api/scenarios/import/", text, content_type="application/yaml")
    assert first.status_code == 201 and first.json()["counts"]["namespaces"] == 1
    exported = client.get(url(first.json()["slug"], "export/"))
    assert next(iter(yaml.safe_load_all(exported.content))) == make_namespace("shop", team="a")
