"""The Kubernetes API translation layer over a stored run: discovery, objects, Tables, Status errors, selectors."""
from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User
from django.test import Client

from playground.accounts import services as accounts
from playground.k8sapi import discovery, filters, openapi, patches, tables, writes
from playground.k8sapi.resources import find
from playground.runs import services
from playground.runs.models import Run, RunEvent
from playground.scenarios.models import Scenario
from scheduler_core import Simulation
from tests.integration.test_runs_live import node, pod, priority_class

pytestmark = pytest.mark.django_db
TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"
AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json"


def gated(name: str) -> dict[str, Any]:
    manifest = pod(name, "100m", "low")
    manifest["spec"]["schedulingGates"] = [{"name": "example.com/hold"}]
    return manifest


DOCS = [priority_class("low", 100), priority_class("high", 1000), node("node-a"),
        pod("victim", "1500m", "low", "node-a"), pod("urgent", "1", "high"), pod("huge", "64", "low"), gated("held")]


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice")


def stored_run(owner: User, docs: list[dict[str, Any]], visibility: str = "public", until: float | None = 1.0,
               timed_commands: list[dict[str, Any]] | None = None) -> Run:
    scenario = Scenario.objects.create(title="s", owner=owner, visibility=visibility, manifests=docs,
                                       settings={"seed": 1})
    run = services.start_run(owner, scenario)
    sim = Simulation.from_documents(run.documents, seed=1, timed_commands=timed_commands)
    sim.run(until=until)
    RunEvent.objects.bulk_create([RunEvent.from_event(run.pk, e) for e in sim.events])
    Run.objects.filter(pk=run.pk).update(last_seq=len(sim.events), status="paused", time=sim.now)
    run.refresh_from_db()
    return run


def get(run: Run, path: str, accept: str = "application/json", token: str | None = None) -> Any:
    headers = {"HTTP_ACCEPT": accept}
    if token:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return Client().get(f"/k8s/runs/{run.pk}/{path}", **headers)


# ---- discovery ------------------------------------------------------------------------------

def test_legacy_discovery_lists_the_resources_and_the_eviction_subresource_in_policy(alice: User) -> None:
    run = stored_run(alice, DOCS)
    assert get(run, "api").json()["versions"] == ["v1"]
    resources = {r["name"]: r for r in get(run, "api/v1").json()["resources"]}
    assert resources["pods"]["shortNames"] == ["po"] and resources["pods"]["namespaced"] is True
    assert {k: resources["pods/eviction"][k] for k in ("group", "version", "kind")} == {
        "group": "policy", "version": "v1", "kind": "Eviction"}
    groups = [g["name"] for g in get(run, "apis").json()["groups"]]
    assert groups == ["authentication.k8s.io", "authorization.k8s.io", "apps", "batch", "events.k8s.io", "policy",
                      "scheduling.k8s.io"]


def test_aggregated_discovery_is_answered_with_its_content_type_when_asked_for(alice: User) -> None:
    response = get(stored_run(alice, DOCS), "apis", accept=AGGREGATED)
    assert response["Content-Type"] == discovery.AGGREGATED_V2
    items = {i["metadata"]["name"]: i for i in response.json()["items"]}
    pcs = items["scheduling.k8s.io"]["versions"][0]["resources"][0]
    assert (pcs["resource"], pcs["scope"], pcs["shortNames"]) == ("priorityclasses", "Cluster", ["pc"])


def test_the_openapi_root_points_at_one_document_per_group_version_under_the_run_prefix(alice: User) -> None:
    run = stored_run(alice, DOCS)
    paths = get(run, "openapi/v3").json()["paths"]
    url = paths["api/v1"]["serverRelativeURL"]
    assert url.startswith(f"/k8s/runs/{run.pk}/openapi/v3/api/v1?hash=")
    doc = get(run, "openapi/v3/api/v1").json()
    patch = doc["paths"]["/api/v1/namespaces/{namespace}/pods/{name}"]["patch"]
    assert "fieldValidation" in [p["name"] for p in patch["parameters"]]
    assert doc["components"]["schemas"]["io.k8s.api.core.v1.Pod"]["x-kubernetes-group-version-kind"]


@pytest.mark.parametrize(("manifest", "unknown"), [
    pytest.param({"spec": {"containers": [{"name": "c"}]}}, [], id="a valid pod has no unknown fields"),
    pytest.param({"spec": {"nodename": "x"}}, ["spec.nodename"], id="a misspelt spec field is found"),
    pytest.param({"spec": {"containers": [{"name": "c", "resource": {}}]}}, ["spec.containers[0].resource"],
                 id="a field inside a list item is named with its index"),
    pytest.param({"metadata": {"labels": {"any": "thing"}}}, [], id="label keys are free-form"),
])
def test_strict_field_validation_walks_the_upstream_schema(manifest: dict[str, Any], unknown: list[str]) -> None:
    assert openapi.unknown_fields(manifest, "io.k8s.api.core.v1.Pod") == unknown


# ---- objects and tables ---------------------------------------------------------------------

def test_pods_table_has_kubectl_s_columns_and_one_row_per_pod(alice: User) -> None:
    body = get(stored_run(alice, DOCS), "api/v1/namespaces/default/pods", accept=TABLE).json()
    assert body["kind"] == "Table"
    assert [(c["name"], c["priority"]) for c in body["columnDefinitions"]] == [
        ("Name", 0), ("Ready", 0), ("Status", 0), ("Restarts", 0), ("Age", 0), ("IP", 1), ("Node", 1),
        ("Nominated Node", 1), ("Readiness Gates", 1)]
    rows = {r["cells"][0]: r["cells"] for r in body["rows"]}
    assert rows["victim"][1:4] == ["1/1", "Terminating", "0"]
    assert rows["held"][2] == "SchedulingGated"
    assert rows["huge"][1:3] == ["0/1", "Pending"] and rows["huge"][6] == "<none>"
    assert body["rows"][0]["object"]["kind"] == "PartialObjectMetadata"


def test_a_preemptor_shows_its_nominated_node_and_the_victim_its_disruption_target(alice: User) -> None:
    run = stored_run(alice, DOCS, until=0.5)
    urgent = get(run, "api/v1/namespaces/default/pods/urgent").json()
    victim = get(run, "api/v1/namespaces/default/pods/victim").json()
    assert urgent["status"]["nominatedNodeName"] == "node-a"
    assert urgent["status"]["conditions"][0]["reason"] == "Unschedulable"
    assert urgent["status"]["conditions"][0]["message"].startswith("0/1 nodes are available: 1 Insufficient cpu.")
    target = victim["status"]["conditions"][0]
    assert (target["type"], target["reason"], target["message"]) == (
        "DisruptionTarget", "PreemptionByScheduler", "default-scheduler: preempting to accommodate a higher priority pod")
    assert victim["metadata"]["deletionTimestamp"]


def test_pod_scheduled_false_carries_the_failed_scheduling_event_text(alice: User) -> None:
    run = stored_run(alice, DOCS)
    huge = get(run, "api/v1/namespaces/default/pods/huge").json()
    events = get(run, "api/v1/namespaces/default/events?fieldSelector=involvedObject.name=huge").json()["items"]
    assert events and events[-1]["reason"] == "FailedScheduling"
    assert huge["status"]["conditions"] == [{
        "type": "PodScheduled", "status": "False", "lastProbeTime": None,
        "lastTransitionTime": huge["status"]["conditions"][0]["lastTransitionTime"], "reason": "Unschedulable",
        "message": events[-1]["message"]}]


@pytest.mark.parametrize(("seconds", "shown"), [
    pytest.param(0, "0s", id="now"), pytest.param(119, "119s", id="seconds up to two minutes"),
    pytest.param(125, "2m5s", id="minutes and seconds below ten minutes"), pytest.param(600, "10m", id="minutes"),
    pytest.param(3 * 3600 + 60, "3h1m", id="hours and minutes below eight hours"),
    pytest.param(50 * 3600, "2d2h", id="days and hours"), pytest.param(-5, "<invalid>", id="the future"),
])
def test_age_is_printed_like_human_duration(seconds: int, shown: str) -> None:
    assert tables.human_duration(seconds) == shown


def test_list_resource_version_is_the_last_event_seq_and_items_carry_it(alice: User) -> None:
    run = stored_run(alice, DOCS)
    body = get(run, "api/v1/nodes").json()
    assert body["kind"] == "NodeList" and body["metadata"]["resourceVersion"] == str(run.last_seq)
    assert [n["metadata"]["name"] for n in body["items"]] == ["node-a"]


# ---- errors ---------------------------------------------------------------------------------

def test_an_unknown_pod_is_a_not_found_status(alice: User) -> None:
    response = get(stored_run(alice, DOCS), "api/v1/namespaces/default/pods/nope")
    assert response.status_code == 404
    assert response.json() == {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                               "message": 'pods "nope" not found', "reason": "NotFound",
                               "details": {"name": "nope", "kind": "pods"}, "code": 404}


def test_a_group_resource_not_found_names_its_group(alice: User) -> None:
    body = get(stored_run(alice, DOCS), "apis/scheduling.k8s.io/v1/priorityclasses/nope").json()
    assert body["message"] == 'priorityclasses.scheduling.k8s.io "nope" not found'
    assert body["details"] == {"name": "nope", "group": "scheduling.k8s.io", "kind": "priorityclasses"}


def test_a_private_run_is_not_found_for_others_and_a_bad_token_unauthorized(alice: User) -> None:
    run = stored_run(alice, DOCS, visibility="private")
    hidden = get(run, "api/v1/pods")
    absent = Client().get(f"/k8s/runs/{run.pk + 1000}/api/v1/pods")
    assert (hidden.status_code, hidden.json()) == (absent.status_code, absent.json())
    assert hidden.json()["message"] == "the server could not find the requested resource"
    assert get(run, "api/v1/pods", token="pgt_wrong").status_code == 401
    _, key = accounts.create_token(alice, "kubectl")
    assert get(run, "api/v1/pods", token=key).status_code == 200
    assert Client().get(f"/k8s/runs/{run.pk}/token/{key}/api/v1/pods").status_code == 200


def test_writes_by_a_reader_are_forbidden_naming_the_verb(alice: User) -> None:
    run = stored_run(alice, DOCS)
    response = Client().delete(f"/k8s/runs/{run.pk}/api/v1/namespaces/default/pods/victim")
    assert response.status_code == 403
    assert response.json()["message"].startswith(
        'pods "victim" is forbidden: User "system:anonymous" cannot delete resource "pods" in API group "" in the '
        'namespace "default"')


def test_an_unsupported_field_selector_is_a_bad_request(alice: User) -> None:
    body = get(stored_run(alice, DOCS), "api/v1/pods?fieldSelector=spec.hostname=x").json()
    assert (body["code"], body["message"]) == (400, "field label not supported: spec.hostname")


# ---- selectors and patches ------------------------------------------------------------------

@pytest.mark.parametrize(("selector", "labels", "matches"), [
    pytest.param("app=web", {"app": "web"}, True, id="equality matches"),
    pytest.param("app==web,tier!=db", {"app": "web", "tier": "db"}, False, id="inequality excludes"),
    pytest.param("app in (web, api)", {"app": "api"}, True, id="set membership"),
    pytest.param("app notin (web)", {}, True, id="notin matches a missing key"),
    pytest.param("!app", {"app": "x"}, False, id="does-not-exist excludes a present key"),
    pytest.param("app", {"app": ""}, True, id="exists matches an empty value"),
])
def test_label_selectors_follow_labels_parse(selector: str, labels: dict[str, str], matches: bool) -> None:
    assert filters.label_selector(selector)(labels) is matches


@pytest.mark.parametrize(("content_type", "body", "result"), [
    pytest.param(patches.MERGE, {"metadata": {"labels": {"a": None, "b": "2"}}}, {"labels": {"b": "2"}},
                 id="a merge patch null deletes a label"),
    pytest.param(patches.STRATEGIC, {"spec": {"unschedulable": True}, "$setElementOrder/x": []},
                 {"labels": {"a": "1"}}, id="a strategic patch drops directives"),
    pytest.param(patches.JSON_PATCH, [{"op": "add", "path": "/metadata/labels/c", "value": "3"}],
                 {"labels": {"a": "1", "c": "3"}}, id="a json patch adds a label"),
])
def test_patches_change_the_current_object(content_type: str, body: Any, result: dict[str, Any]) -> None:
    current = {"metadata": {"labels": {"a": "1"}}, "spec": {}}
    assert patches.apply(current, content_type, json.dumps(body).encode())["metadata"] == result


def test_server_side_apply_is_refused_as_unsupported_media() -> None:
    with pytest.raises(Exception) as refused:
        patches.apply({}, patches.APPLY, b"{}")
    assert getattr(refused.value, "code", None) == 415


# ---- kubeconfig -----------------------------------------------------------------------------

def test_the_kubeconfig_over_http_carries_a_new_run_credential_in_the_path(alice: User) -> None:
    import yaml

    run = stored_run(alice, DOCS)
    _, key = accounts.create_token(alice, "kubectl")
    response = Client().get(f"/k8s/runs/{run.pk}/kubeconfig", HTTP_AUTHORIZATION=f"Bearer {key}",
                            HTTP_ACCEPT="application/yaml")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    config = yaml.safe_load(response.content)
    server = config["clusters"][0]["cluster"]["server"]
    assert server.startswith(f"http://testserver/k8s/runs/{run.pk}/token/{accounts.RUN_CREDENTIAL_PREFIX}")
    assert key not in server
    assert config["users"][0] == {"name": f"playground-run-{run.pk}-alice", "user": {}}  # kubectl sends none over http
    assert config["current-context"] == f"playground-run-{run.pk}"


def test_the_kubeconfig_over_https_sends_the_credential_as_a_bearer_only(alice: User) -> None:
    import yaml

    run = stored_run(alice, DOCS)
    _, key = accounts.create_token(alice, "kubectl")
    config = yaml.safe_load(Client().get(f"/k8s/runs/{run.pk}/kubeconfig", HTTP_AUTHORIZATION=f"Token {key}",
                                         secure=True).content)
    assert config["clusters"][0]["cluster"]["server"] == f"https://testserver/k8s/runs/{run.pk}"
    assert config["users"][0]["user"]["token"].startswith(accounts.RUN_CREDENTIAL_PREFIX)


# ---- watch ----------------------------------------------------------------------------------

def watch_frames(run: Run, query: str, accept: str = "application/json") -> list[dict[str, Any]]:
    response = Client().get(f"/k8s/runs/{run.pk}/api/v1/namespaces/default/pods?watch=1&{query}",
                            HTTP_ACCEPT=accept)
    assert response.status_code == 200
    return [json.loads(line) for line in b"".join(async_to_sync(collect)(response.streaming_content)).splitlines()
            if line]


async def collect(chunks: Any) -> list[bytes]:
    return [chunk async for chunk in chunks]


def test_a_watch_from_a_version_streams_only_later_changes_and_ends_with_a_bookmark(alice: User) -> None:
    run = stored_run(alice, DOCS, until=0.5)
    frames = watch_frames(run, "resourceVersion=1&timeoutSeconds=1&allowWatchBookmarks=true")
    changes, bookmark = frames[:-1], frames[-1]
    assert changes and {f["type"] for f in changes} == {"MODIFIED"}
    versions = [int(f["object"]["metadata"]["resourceVersion"]) for f in changes]
    assert versions == sorted(versions) and versions[0] > 1
    assert bookmark == {"type": "BOOKMARK", "object": {"kind": "Pod", "apiVersion": "v1", "metadata": {
        "resourceVersion": str(run.last_seq), "creationTimestamp": None}}}
    urgent = [f["object"] for f in changes if f["object"]["metadata"]["name"] == "urgent"]
    assert urgent[-1]["status"]["nominatedNodeName"] == "node-a"


def test_a_watch_from_the_last_version_sends_nothing_and_without_a_version_sends_every_pod(alice: User) -> None:
    run = stored_run(alice, DOCS, until=0.5)
    assert watch_frames(run, f"resourceVersion={run.last_seq}&timeoutSeconds=1") == []
    initial = watch_frames(run, "timeoutSeconds=1")
    assert sorted((f["type"], f["object"]["metadata"]["name"]) for f in initial) == [
        ("ADDED", "held"), ("ADDED", "huge"), ("ADDED", "urgent"), ("ADDED", "victim")]


def test_a_table_watch_sends_column_definitions_with_the_first_row_only(alice: User) -> None:
    run = stored_run(alice, DOCS, until=0.5)
    frames = watch_frames(run, "timeoutSeconds=1", accept=TABLE)
    tables_sent = [f["object"] for f in frames]
    assert [t["kind"] for t in tables_sent] == ["Table"] * 4
    assert "columnDefinitions" in tables_sent[0] and all("columnDefinitions" not in t for t in tables_sent[1:])


def test_a_version_beyond_the_log_is_too_large(alice: User) -> None:
    run = stored_run(alice, DOCS)
    body = get(run, f"api/v1/pods?watch=1&resourceVersion={run.last_seq + 5}").json()
    assert (body["code"], body["details"]["causes"][0]["reason"]) == (504, "ResourceVersionTooLarge")


# ---- rejected commands as Status ------------------------------------------------------------

POD = find("", "v1", "pods")


@pytest.mark.parametrize(("error", "code", "reason", "cause"), [
    pytest.param({"field": "manifest.spec.containers[0].name", "value": None,
                  "message": 'Pod "p" is invalid: spec.containers[0].name: Required value'}, 422, "Invalid",
                 {"reason": "FieldValueRequired", "message": "Required value", "field": "spec.containers[0].name"},
                 id="a required field is FieldValueRequired naming the field"),
    pytest.param({"field": "manifest.spec.containers[0].resources.requests[cpu]", "value": "lots",
                  "message": 'Pod "p" is invalid: spec.containers[0].resources.requests[cpu]: Invalid value: "lots": '
                             "quantities must match the regular expression"}, 422, "Invalid",
                 {"reason": "FieldValueInvalid", "field": "spec.containers[0].resources.requests[cpu]",
                  "message": 'Invalid value: "lots": quantities must match the regular expression'},
                 id="an invalid value keeps the apiserver's field error text"),
    pytest.param({"field": "manifest.metadata.name", "value": "p", "message": "pod default/p already exists"},
                 409, "AlreadyExists", None, id="a duplicate is AlreadyExists"),
    pytest.param({"field": "manifest.spec.priorityClassName", "value": "x",
                  "message": 'pods "p" is forbidden: no PriorityClass with name x was found'}, 403, "Forbidden", None,
                 id="an admission refusal is Forbidden"),
    pytest.param({"field": "pod", "value": "default/p", "message": "no such pod (expected namespace/name)"},
                 404, "NotFound", None, id="an unknown pod is NotFound"),
])
def test_a_rejected_command_becomes_the_status_the_apiserver_sends(error: dict[str, Any], code: int, reason: str,
                                                                   cause: dict[str, str] | None) -> None:
    status = writes.rejection(error, POD, "p", "Pod").status()
    assert (status["code"], status["reason"]) == (code, reason)
    if cause is not None:
        assert status["details"]["causes"] == [cause]
        assert status["message"] == error["message"]


def test_annotations_above_256_kib_are_refused_with_the_apiservers_message() -> None:
    error = {"field": "annotations", "value": "", "message": "Too long: must have at most 262144 bytes"}
    status = writes.rejection(error, POD, "p", "Pod").status()
    assert status["message"] == 'Pod "p" is invalid: metadata.annotations: Too long: must have at most 262144 bytes'
    assert status["details"]["causes"][0]["reason"] == "FieldValueTooLong"


def test_a_deleted_pod_s_table_row_is_its_last_seen_row(alice: User) -> None:
    run = stored_run(alice, DOCS, until=40)
    frames = watch_frames(run, "resourceVersion=1&timeoutSeconds=1", accept=TABLE)
    deleted = [f["object"]["rows"][0]["cells"] for f in frames if f["type"] == "DELETED"]
    assert [cells[:3] for cells in deleted] == [["victim", "1/1", "Terminating"]]


def test_an_events_watch_sends_each_scheduler_event_once_as_added(alice: User) -> None:
    run = stored_run(alice, DOCS, until=0.5)
    response = Client().get(f"/k8s/runs/{run.pk}/apis/events.k8s.io/v1/namespaces/default/events"
                            "?watch=1&resourceVersion=1&timeoutSeconds=1")
    frames = [json.loads(line) for line in b"".join(async_to_sync(collect)(response.streaming_content)).splitlines()]
    stored = RunEvent.objects.filter(run=run, kind="k8s.event").count()
    assert {f["type"] for f in frames} == {"ADDED"} and len(frames) == stored
    assert {f["object"]["reportingController"] for f in frames} == {"default-scheduler"}
    assert "Preempted" in {f["object"]["reason"] for f in frames}
