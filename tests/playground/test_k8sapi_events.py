"""Events through the API (both groups), dates and ages on the run's clock, and lists as the API server orders
and pages them."""
from __future__ import annotations

import copy
import json
import time
from datetime import datetime
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User
from django.test import Client

from playground.runs.models import Run, RunEvent
from tests.integration.test_runs_live import node, priority_class
from tests.playground.test_k8sapi import DOCS, TABLE, collect, get, stored_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice")


def deployment(name: str, replicas: int, cpu: str) -> dict[str, Any]:
    return {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name, "namespace": "default"},
            "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": name}},
                     "template": {"metadata": {"labels": {"app": name}},
                                  "spec": {"containers": [{"name": "main", "resources": {"requests": {"cpu": cpu}}}]}}}}


def pdb(name: str, app: str) -> dict[str, Any]:
    return {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": name, "namespace": "default"},
            "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": app}}}}


WORKLOADS = [priority_class("low", 100), node("node-a", "4"), deployment("web", 2, "1"), pdb("nobody-pdb", "nobody")]


def parse(stamp: str) -> float:
    return datetime.fromisoformat(stamp).timestamp()


def events(run: Any, group: str = "api/v1") -> list[dict[str, Any]]:
    return list(get(run, f"{group}/namespaces/default/events").json()["items"])


def test_a_repeated_failed_scheduling_is_one_event_with_a_series_in_both_groups(alice: User) -> None:
    run = stored_run(alice, DOCS, until=1300)
    core = [e for e in events(run) if e["reason"] == "FailedScheduling" and e["involvedObject"]["name"] == "huge"]
    assert [e.get("series", {}).get("count") for e in core] == [None, 2]  # the first changed the pod's condition
    first, repeated = core
    assert repeated["involvedObject"]["resourceVersion"] == first["metadata"]["resourceVersion"]
    assert "count" not in repeated and repeated["firstTimestamp"] is None and repeated["source"] == {}
    assert (repeated["reportingComponent"], repeated["action"]) == ("default-scheduler", "Scheduling")
    same = next(e for e in events(run, "apis/events.k8s.io/v1") if e["metadata"]["name"] == repeated["metadata"]["name"])
    assert same["series"]["count"] == 2 and same["note"] == repeated["message"]
    assert (same["deprecatedSource"], same["deprecatedFirstTimestamp"]) == ({}, None)


def test_controllers_events_name_their_own_object_and_component(alice: User) -> None:
    run = stored_run(alice, WORKLOADS, until=5)
    by_reason = {e["reason"]: e for e in events(run)}
    scaled, created, no_pods = by_reason["ScalingReplicaSet"], by_reason["SuccessfulCreate"], by_reason["NoPods"]
    assert (scaled["involvedObject"]["kind"], scaled["involvedObject"]["name"], scaled["source"]) == \
        ("Deployment", "web", {"component": "deployment-controller"})
    assert scaled["involvedObject"]["apiVersion"] == "apps/v1" and scaled["message"].startswith("Scaled up replica set web-")
    assert (created["involvedObject"]["kind"], created["source"]["component"]) == ("ReplicaSet", "replicaset-controller")
    assert (no_pods["involvedObject"]["kind"], no_pods["involvedObject"]["name"], no_pods["source"]["component"],
            no_pods["message"]) == ("PodDisruptionBudget", "nobody-pdb", "controllermanager", "No matching pods found")
    assert (no_pods["count"], no_pods["eventTime"], no_pods["reportingComponent"]) == (1, None, "controllermanager")
    assert no_pods["firstTimestamp"] == no_pods["lastTimestamp"]
    rows = get(run, "api/v1/namespaces/default/events", TABLE).json()["rows"]
    objects = {(r["cells"][2], r["cells"][3], r["cells"][5]) for r in rows}
    assert ("ScalingReplicaSet", "deployment/web", "deployment-controller") in objects
    assert ("NoPods", "poddisruptionbudget/nobody-pdb", "controllermanager") in objects
    via_events_group = {e["reason"]: e for e in events(run, "apis/events.k8s.io/v1")}["NoPods"]
    assert (via_events_group["deprecatedCount"], via_events_group["regarding"]["kind"],
            via_events_group["reportingController"]) == (1, "PodDisruptionBudget", "controllermanager")


def test_dates_hang_on_the_run_s_clock_anchor_and_every_age_is_now_minus_a_date(alice: User) -> None:
    run = stored_run(alice, DOCS, until=1300)
    Run.objects.filter(pk=run.pk).update(clock_wall=time.time() - 100)  # paused at 1300 s, 100 s ago
    pods = {p["metadata"]["name"]: p for p in get(run, "api/v1/namespaces/default/pods").json()["items"]}
    rows = {r["cells"][0]: r["cells"] for r in get(run, "api/v1/namespaces/default/pods", TABLE).json()["rows"]}
    assert rows["huge"][4] == "23m"  # created at virtual 0: 1300 s of the run, then 100 s of pause
    assert abs(time.time() - parse(pods["huge"]["metadata"]["creationTimestamp"]) - 1400) <= 2
    scheduled = next(e for e in events(run) if e["reason"] == "Scheduled")
    logged = next(e.data for e in RunEvent.objects.filter(run=run, kind="k8s.event") if e.data["reason"] == "Scheduled")
    age = time.time() - parse(scheduled["eventTime"])  # what kubectl events and describe compute
    assert abs(age - (1400 - logged["t"])) <= 2
    time.sleep(1)
    again = {p["metadata"]["name"]: p for p in get(run, "api/v1/namespaces/default/pods").json()["items"]}
    assert again == pods  # nothing happened: the same objects, dates included


def test_lists_come_in_storage_key_order_not_creation_order(alice: User) -> None:
    run = stored_run(alice, DOCS, until=1)
    names = [p["metadata"]["name"] for p in get(run, "api/v1/pods").json()["items"]]
    assert names == sorted(names) and names != [d["metadata"]["name"] for d in DOCS if d["kind"] == "Pod"]
    keys = [f"{e['metadata']['namespace']}/{e['metadata']['name']}".encode() for e in events(run)]
    assert keys == sorted(keys)
    rows = [r["cells"][0] for r in get(run, "api/v1/pods", TABLE).json()["rows"]]
    assert rows == names


def test_chunks_follow_the_same_order_and_refuse_a_resource_version_with_continue(alice: User) -> None:
    run = stored_run(alice, DOCS, until=1)
    first = get(run, "api/v1/pods?limit=3").json()
    rest = get(run, f"api/v1/pods?limit=3&continue={first['metadata']['continue']}").json()
    names = [p["metadata"]["name"] for p in first["items"] + rest["items"]]
    assert names == sorted(names) and "continue" not in rest["metadata"]
    refused = get(run, f"api/v1/pods?limit=3&continue={first['metadata']['continue']}&resourceVersion=2")
    assert (refused.status_code, refused.json()["message"]) == (
        400, "specifying resource version is not allowed when using continue")


def test_resource_version_match_is_validated_and_exact_lists_the_past(alice: User) -> None:
    run = stored_run(alice, DOCS, until=1)
    refused = get(run, "api/v1/pods?resourceVersionMatch=Exact")
    assert (refused.status_code, refused.json()["message"]) == (422, ('ListOptions.meta.k8s.io "" is invalid: '
                                                                "resourceVersionMatch: Forbidden: resourceVersionMatch "
                                                                "is forbidden unless resourceVersion is provided"))
    then = get(run, "api/v1/pods?resourceVersion=1&resourceVersionMatch=Exact").json()
    assert then["metadata"]["resourceVersion"] == "1"
    assert all("nodeName" not in p["spec"] for p in then["items"] if p["metadata"]["name"] == "urgent")


def test_an_events_watch_sends_a_series_written_later_as_modified(alice: User) -> None:
    run = stored_run(alice, DOCS, until=1300)
    response = Client().get(f"/k8s/runs/{run.pk}/api/v1/namespaces/default/events"
                            "?watch=1&resourceVersion=1&timeoutSeconds=1&fieldSelector=involvedObject.name=huge")
    frames = [json.loads(line) for line in b"".join(async_to_sync(collect)(response.streaming_content)).splitlines()]
    assert [(f["type"], f["object"].get("series", {}).get("count")) for f in frames] == [
        ("ADDED", None), ("ADDED", None), ("MODIFIED", 2)]


def test_the_source_field_selector_is_the_component_else_the_reporting_controller(alice: User) -> None:
    run = stored_run(alice, WORKLOADS, until=5)
    by_source = get(run, "api/v1/events?fieldSelector=source=deployment-controller").json()["items"]
    assert {e["reason"] for e in by_source} == {"ScalingReplicaSet"}
    scheduler = get(run, "api/v1/events?fieldSelector=source=default-scheduler").json()["items"]
    assert scheduler and {e["reportingComponent"] for e in scheduler} == {"default-scheduler"}


def test_a_long_table_watch_ages_what_it_sends_by_the_run_s_clock_as_the_change_is_sent(alice: User) -> None:
    run = stored_run(alice, WORKLOADS, until=5)
    response = Client().get(f"/k8s/runs/{run.pk}/api/v1/namespaces/default/pods?watch=1&timeoutSeconds=1",
                            HTTP_ACCEPT=TABLE)  # the watch reads the run as it is now ...
    added = copy.deepcopy(RunEvent.objects.filter(run=run, kind="pod.added").first().data)
    added["pod"] |= {"key": "default/later", "name": "later", "uid": "uid-later"}
    added |= {"seq": run.last_seq + 1, "t": 605.0}  # ... and the run goes on for ten minutes meanwhile
    RunEvent.objects.create(run=run, seq=run.last_seq + 1, t=605.0, kind="pod.added", data=added)
    Run.objects.filter(pk=run.pk).update(last_seq=run.last_seq + 1, time=605.0, clock_wall=time.time(),
                                         status="running")
    frames = [json.loads(line) for line in b"".join(async_to_sync(collect)(response.streaming_content)).splitlines()]
    later = next(f["object"]["rows"][0]["cells"] for f in frames if f["object"]["rows"][0]["cells"][0] == "later")
    assert later[4] in ("0s", "1s")
