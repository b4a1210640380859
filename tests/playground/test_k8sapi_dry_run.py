"""dryRun=All on every write of the per-run API server: validated and carried out as the real write (the worker's
checks and simulation, on a throwaway copy of the run), answered as the apiserver answers a dry run, nothing stored.

A stored run without a worker: a dry run needs none, and a write that reached the run would be left pending.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from playground.accounts import services as accounts
from playground.runs.models import Run, RunCommand, RunEvent
from tests.integration.test_runs_live import node, pod, priority_class
from tests.playground.test_k8sapi import stored_run

pytestmark = pytest.mark.django_db

PODS = "api/v1/namespaces/default/pods"
GUARDED = {**pod("guarded", "100m", "low", "node-b"), "metadata": {"name": "guarded", "namespace": "default",
                                                                   "labels": {"app": "guarded"}}}
DOCS = [priority_class("low", 100), node("node-a"), node("node-b"),
        pod("web", "500m", "low", "node-a", grace=20), pod("huge", "64", "low"), GUARDED,
        {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "guarded-pdb",
         "namespace": "default"}, "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "guarded"}}}}]


@pytest.fixture
def owner() -> tuple[User, str]:
    user = User.objects.create_user("owner")
    return user, accounts.create_token(user, "kubectl")[1]


@pytest.fixture
def run(owner: tuple[User, str]) -> Iterator[Run]:
    run = stored_run(owner[0], DOCS)
    before = _stored(run)
    yield run
    assert _stored(run) == before, "a dry run changed the run"


def _stored(run: Run) -> tuple[Any, ...]:
    run.refresh_from_db()
    return (run.last_seq, run.status, RunEvent.objects.filter(run=run).count(),
            RunCommand.objects.filter(run=run).count())


def call(run: Run, token: str, method: str, path: str, body: Any = None, content_type: str = "application/json",
         query: str = "dryRun=All") -> Any:
    url = f"/k8s/runs/{run.pk}/{path}" + (f"?{query}" if query else "")
    data = json.dumps(body) if body is not None else ""
    response = Client().generic(method, url, data, content_type=content_type, HTTP_AUTHORIZATION=f"Bearer {token}")
    return response.status_code, response.json()


def get(run: Run, token: str, path: str) -> Any:
    return call(run, token, "GET", path, query="")[1]


def test_a_dry_run_create_answers_the_pod_as_created_without_a_resource_version(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "POST", PODS, pod("new", "100m", "low"))
    assert code == 201, body
    assert body["metadata"]["name"] == "new" and "resourceVersion" not in body["metadata"]
    assert body["metadata"]["uid"] and body["spec"]["priority"] == 100 and body["status"]["phase"] == "Pending"
    assert call(run, owner[1], "GET", f"{PODS}/new", query="")[0] == 404


@pytest.mark.parametrize(("manifest", "code", "reason"), [
    pytest.param(pod("web", "100m", "low"), 409, "AlreadyExists", id="a taken name"),
    pytest.param(pod("new", "100m", "no-such-class"), 403, "Forbidden", id="an unknown PriorityClass"),
    pytest.param(pod("new", "lots", "low"), 422, "Invalid", id="an invalid quantity"),
])
def test_a_dry_run_create_is_refused_as_the_real_one(run: Run, owner: Any, manifest: dict[str, Any], code: int,
                                                     reason: str) -> None:
    status, body = call(run, owner[1], "POST", PODS, manifest)
    assert (status, body["reason"]) == (code, reason), body


def test_a_dry_run_delete_of_a_running_pod_answers_it_terminating(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "DELETE", f"{PODS}/web")
    assert code == 200, body
    meta = body["metadata"]
    created = datetime.fromisoformat(meta["creationTimestamp"])  # the run's t=0; the DELETE is at t=1
    assert meta["deletionGracePeriodSeconds"] == 20
    assert datetime.fromisoformat(meta["deletionTimestamp"]) == created + timedelta(seconds=1 + 20)
    assert meta["resourceVersion"] == str(run.last_seq)
    assert "deletionTimestamp" not in get(run, owner[1], f"{PODS}/web")["metadata"]


def test_a_dry_run_delete_in_the_body_of_a_pending_pod_answers_it_deleted_at_once(run: Run, owner: Any) -> None:
    options = {"kind": "DeleteOptions", "apiVersion": "v1", "dryRun": ["All"], "gracePeriodSeconds": 5}
    code, body = call(run, owner[1], "DELETE", f"{PODS}/huge", options, query="")
    assert code == 200, body
    assert body["metadata"]["deletionGracePeriodSeconds"] == 0 and body["status"]["phase"] == "Pending"
    assert get(run, owner[1], f"{PODS}/huge")["metadata"]["name"] == "huge"


def test_a_dry_run_delete_of_a_node_answers_success(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "DELETE", "api/v1/nodes/node-a")
    assert (code, body["status"], body["details"]["name"]) == (200, "Success", "node-a")
    assert get(run, owner[1], "api/v1/nodes/node-a")["metadata"]["name"] == "node-a"


@pytest.mark.parametrize(("content_type", "patch"), [
    pytest.param("application/strategic-merge-patch+json",
                 {"metadata": {"labels": {"disk": "ssd"}}, "spec": {"unschedulable": True}}, id="strategic"),
    pytest.param("application/merge-patch+json",
                 {"metadata": {"labels": {"disk": "ssd"}}, "spec": {"unschedulable": True}}, id="merge"),
    pytest.param("application/json-patch+json",
                 [{"op": "add", "path": "/metadata/labels", "value": {"disk": "ssd"}},
                  {"op": "add", "path": "/spec/unschedulable", "value": True}], id="json"),
])
def test_a_dry_run_patch_answers_the_node_as_patched_and_changes_nothing(run: Run, owner: Any, content_type: str,
                                                                         patch: Any) -> None:
    code, body = call(run, owner[1], "PATCH", "api/v1/nodes/node-a", patch, content_type)
    assert code == 200, body
    assert body["metadata"]["labels"] == {"disk": "ssd"} and body["spec"]["unschedulable"] is True
    assert body["metadata"]["resourceVersion"] == str(run.last_seq)
    live = get(run, owner[1], "api/v1/nodes/node-a")
    assert "labels" not in live["metadata"] and not live["spec"].get("unschedulable")


def test_a_dry_run_label_and_annotate_of_a_pod(run: Run, owner: Any) -> None:
    patch = {"metadata": {"labels": {"tier": "web"}, "annotations": {"team": "blue"}}}
    code, body = call(run, owner[1], "PATCH", f"{PODS}/web", patch, "application/merge-patch+json")
    assert code == 200, body
    assert (body["metadata"]["labels"], body["metadata"]["annotations"]) == ({"tier": "web"}, {"team": "blue"})
    assert "labels" not in get(run, owner[1], f"{PODS}/web")["metadata"]


def test_a_dry_run_patch_the_playground_cannot_make_is_refused_as_the_real_one(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "PATCH", f"{PODS}/web", {"spec": {"hostname": "x"}},
                      "application/merge-patch+json")
    assert (code, body["details"]["causes"][0]["field"]) == (422, "spec.hostname")


def test_a_dry_run_update_replaces_the_labels_and_taints_exactly(run: Run, owner: Any) -> None:
    node_a = get(run, owner[1], "api/v1/nodes/node-a")
    node_a["metadata"]["labels"] = {"zone": "b"}
    node_a["spec"]["taints"] = [{"key": "dedicated", "value": "x", "effect": "NoSchedule"}]
    code, body = call(run, owner[1], "PUT", "api/v1/nodes/node-a", node_a)
    assert code == 200, body
    assert (body["metadata"]["labels"], body["spec"]["taints"]) == (node_a["metadata"]["labels"], node_a["spec"]["taints"])
    del node_a["metadata"]["labels"], node_a["spec"]["taints"]  # left out: removed
    code, body = call(run, owner[1], "PUT", "api/v1/nodes/node-a", node_a)
    assert code == 200 and "labels" not in body["metadata"] and "taints" not in body["spec"], body
    assert "taints" not in get(run, owner[1], "api/v1/nodes/node-a")["spec"]


def test_an_update_of_another_name_is_a_bad_request(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "PUT", "api/v1/nodes/node-a", {"kind": "Node", "metadata": {"name": "node-b"}})
    assert code == 400
    assert body["message"] == "the name of the object (node-b) does not match the name on the URL (node-a)"


def test_an_update_from_a_version_the_object_changed_after_is_a_conflict(run: Run, owner: Any) -> None:
    huge = get(run, owner[1], f"{PODS}/huge")
    huge["metadata"] |= {"resourceVersion": "1", "labels": {"tier": "batch"}}  # before its FailedScheduling
    code, body = call(run, owner[1], "PUT", f"{PODS}/huge", huge)
    assert (code, body["reason"]) == (409, "Conflict")
    assert body["message"] == ('Operation cannot be fulfilled on pods "huge": the object has been modified; please '
                               "apply your changes to the latest version and try again")
    node_a = get(run, owner[1], "api/v1/nodes/node-a")
    node_a["metadata"] |= {"resourceVersion": "1", "labels": {"zone": "b"}}  # unchanged since
    assert call(run, owner[1], "PUT", "api/v1/nodes/node-a", node_a)[0] == 200


def test_a_patch_setting_a_version_the_object_changed_after_is_a_conflict(run: Run, owner: Any) -> None:
    stale = {"metadata": {"resourceVersion": "1", "labels": {"tier": "batch"}}}  # before huge's FailedScheduling
    code, body = call(run, owner[1], "PATCH", f"{PODS}/huge", stale, "application/merge-patch+json")
    assert (code, body["reason"]) == (409, "Conflict")
    code, body = call(run, owner[1], "PATCH", "api/v1/nodes/node-a", stale, "application/merge-patch+json")
    assert (code, body["metadata"]["labels"]) == (200, {"tier": "batch"})


def test_a_dry_run_eviction_succeeds_or_is_refused_by_the_budget(run: Run, owner: Any) -> None:
    eviction = {"apiVersion": "policy/v1", "kind": "Eviction", "metadata": {"name": "web", "namespace": "default"},
                "deleteOptions": {"dryRun": ["All"]}}
    code, body = call(run, owner[1], "POST", f"{PODS}/web/eviction", eviction, query="")
    assert (code, body["status"]) == (201, "Success")
    guarded = {**eviction, "metadata": {"name": "guarded", "namespace": "default"}}
    code, body = call(run, owner[1], "POST", f"{PODS}/guarded/eviction", guarded, query="")
    assert (code, body["details"]["causes"][0]["reason"]) == (429, "DisruptionBudget")
    assert get(run, owner[1], f"{PODS}/web")["status"]["phase"] == "Running"


def test_an_eviction_whose_query_and_body_disagree_on_dry_run_is_refused(run: Run, owner: Any) -> None:
    eviction = {"kind": "Eviction", "metadata": {"name": "web"}, "deleteOptions": {"dryRun": ["Other"]}}
    code, body = call(run, owner[1], "POST", f"{PODS}/web/eviction", eviction)
    assert (code, body["message"]) == (500, "Non-matching dry-run options in request and content: [All] and [Other]")


@pytest.mark.parametrize(("method", "path", "body", "options"), [
    pytest.param("POST", PODS, pod("new", "100m", "low"), "CreateOptions", id="create"),
    pytest.param("PATCH", "api/v1/nodes/node-a", {"metadata": {"labels": {"a": "b"}}}, "PatchOptions", id="patch"),
    pytest.param("DELETE", f"{PODS}/web", None, "DeleteOptions", id="delete"),
    pytest.param("PUT", "api/v1/nodes/node-a", {"metadata": {"name": "node-a"}}, "UpdateOptions", id="update"),
])
def test_an_unknown_dry_run_value_is_unsupported(run: Run, owner: Any, method: str, path: str, body: Any,
                                                 options: str) -> None:
    content_type = "application/merge-patch+json" if method == "PATCH" else "application/json"
    code, status = call(run, owner[1], method, path, body, content_type, query="dryRun=All&dryRun=Maybe")
    assert code == 422
    text = 'Unsupported value: []string{"All", "Maybe"}: supported values: "All"'
    assert status["message"] == f'{options}.meta.k8s.io "" is invalid: dryRun: {text}'
    assert status["details"] == {"group": "meta.k8s.io", "kind": options,
                                 "causes": [{"reason": "FieldValueNotSupported", "message": text, "field": "dryRun"}]}


def test_a_reader_s_dry_run_is_forbidden_as_the_write_would_be(run: Run) -> None:
    reader = User.objects.create_user("reader")
    code, body = call(run, accounts.create_token(reader, "kubectl")[1], "DELETE", f"{PODS}/web")
    assert (code, body["reason"]) == (403, "Forbidden")


def test_a_dry_run_on_a_stopped_run_is_refused_as_a_command_would_be(run: Run, owner: Any) -> None:
    Run.objects.filter(pk=run.pk).update(status=Run.Status.FINISHED, reason=Run.STOPPED)
    code, body = call(run, owner[1], "DELETE", f"{PODS}/web")
    Run.objects.filter(pk=run.pk).update(status=Run.Status.PAUSED, reason="")
    assert code == 409 and "restart it to run again" in body["message"]


# ---- namespaces -----------------------------------------------------------------------------

def test_a_dry_run_namespace_create_answers_it_active_with_its_name_label(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "POST", "api/v1/namespaces",
                      {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a", "labels": {"a": "b"}}})
    assert code == 201, body
    assert body["metadata"]["labels"] == {"a": "b", "kubernetes.io/metadata.name": "team-a"}
    assert body["status"]["phase"] == "Active" and "resourceVersion" not in body["metadata"]
    assert call(run, owner[1], "GET", "api/v1/namespaces/team-a", query="")[0] == 404


@pytest.mark.parametrize(("manifest", "code", "reason"), [
    pytest.param({"metadata": {"name": "default"}}, 409, "AlreadyExists", id="one every cluster has"),
    pytest.param({"metadata": {"name": "Team_A"}}, 422, "Invalid", id="a name that is no DNS label"),
])
def test_a_namespace_create_is_refused_as_the_apiserver_refuses_it(run: Run, owner: Any, manifest: dict[str, Any],
                                                                   code: int, reason: str) -> None:
    status, body = call(run, owner[1], "POST", "api/v1/namespaces", {"kind": "Namespace", **manifest})
    assert (status, body["reason"]) == (code, reason), body


def test_a_dry_run_namespace_label_and_a_refused_annotation(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "PATCH", "api/v1/namespaces/default", {"metadata": {"labels": {"env": "dev"}}},
                      "application/merge-patch+json")
    assert code == 200, body
    assert body["metadata"]["labels"] == {"env": "dev", "kubernetes.io/metadata.name": "default"}
    code, body = call(run, owner[1], "PATCH", "api/v1/namespaces/default",
                      {"metadata": {"annotations": {"team": "blue"}}}, "application/merge-patch+json")
    assert (code, body["details"]["causes"][0]["field"]) == (422, "metadata.annotations")
    assert get(run, owner[1], "api/v1/namespaces/default")["metadata"]["labels"] == {
        "kubernetes.io/metadata.name": "default"}


# ---- priority classes -----------------------------------------------------------------------

PCS = "apis/scheduling.k8s.io/v1/priorityclasses"


def test_a_dry_run_priority_class_create_and_delete_change_nothing(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "POST", PCS, {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass",
                                                   "metadata": {"name": "urgent"}, "value": 5000})
    assert code == 201, body
    assert (body["value"], body["preemptionPolicy"]) == (5000, "PreemptLowerPriority")
    assert call(run, owner[1], "GET", f"{PCS}/urgent", query="")[0] == 404
    code, body = call(run, owner[1], "DELETE", f"{PCS}/low")
    assert (code, body["status"], body["details"]["group"]) == (200, "Success", "scheduling.k8s.io")
    assert get(run, owner[1], f"{PCS}/low")["value"] == 100


@pytest.mark.parametrize(("method", "path", "body", "code", "reason"), [
    pytest.param("POST", PCS, {"kind": "PriorityClass", "metadata": {"name": "low"}, "value": 1}, 409,
                 "AlreadyExists", id="a taken name"),
    pytest.param("POST", PCS, {"kind": "PriorityClass", "metadata": {"name": "top"}, "value": 2_000_000_000}, 422,
                 "Invalid", id="a value above the user maximum"),
    pytest.param("DELETE", f"{PCS}/system-node-critical", None, 403, "Forbidden", id="a system class"),
])
def test_a_priority_class_write_is_refused_as_the_apiserver_refuses_it(run: Run, owner: Any, method: str, path: str,
                                                                       body: Any, code: int, reason: str) -> None:
    status, answer = call(run, owner[1], method, path, body)
    assert (status, answer["reason"]) == (code, reason), answer


# ---- pod disruption budgets -----------------------------------------------------------------

PDBS = "apis/policy/v1/namespaces/default/poddisruptionbudgets"


def test_a_dry_run_pdb_create_answers_its_status_and_a_delete_success(run: Run, owner: Any) -> None:
    budget = {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "web-pdb"},
              "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "web"}}}}
    code, body = call(run, owner[1], "POST", PDBS, budget)
    assert code == 201, body
    assert body["metadata"]["namespace"] == "default" and body["spec"]["minAvailable"] == 1
    assert call(run, owner[1], "GET", f"{PDBS}/web-pdb", query="")[0] == 404
    code, body = call(run, owner[1], "DELETE", f"{PDBS}/guarded-pdb")
    assert (code, body["status"], body["details"]["group"]) == (200, "Success", "policy")
    assert get(run, owner[1], f"{PDBS}/guarded-pdb")["spec"]["minAvailable"] == 1


def test_a_pdb_with_both_bounds_is_invalid(run: Run, owner: Any) -> None:
    budget = {"kind": "PodDisruptionBudget", "metadata": {"name": "both"},
              "spec": {"minAvailable": 1, "maxUnavailable": 1, "selector": {"matchLabels": {"app": "web"}}}}
    code, body = call(run, owner[1], "POST", PDBS, budget)
    assert (code, body["details"]["causes"][0]["field"]) == (422, "spec.minAvailable"), body


def test_a_dry_run_pdb_edit_answers_the_new_spec_and_its_status(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "PATCH", f"{PDBS}/guarded-pdb", {"spec": {"minAvailable": 0}},
                      "application/merge-patch+json")
    assert code == 200, body
    assert (body["spec"]["minAvailable"], body["status"]["disruptionsAllowed"]) == (0, 1)
    assert get(run, owner[1], f"{PDBS}/guarded-pdb")["status"]["disruptionsAllowed"] == 0
    code, body = call(run, owner[1], "PATCH", f"{PDBS}/guarded-pdb", {"metadata": {"finalizers": ["x"]}},
                      "application/merge-patch+json")
    assert (code, body["details"]["causes"][0]["field"]) == (422, "metadata.finalizers")


def test_a_dry_run_priority_class_edit_changes_the_description_but_not_the_value(run: Run, owner: Any) -> None:
    code, body = call(run, owner[1], "PATCH", f"{PCS}/low", {"description": "batch work"},
                      "application/merge-patch+json")
    assert (code, body.get("description")) == (200, "batch work"), body
    assert "description" not in get(run, owner[1], f"{PCS}/low")
    code, body = call(run, owner[1], "PATCH", f"{PCS}/low", {"value": 7}, "application/merge-patch+json")
    assert (code, body["reason"]) == (422, "Invalid"), body
    assert body["message"] == 'PriorityClass.scheduling.k8s.io "low" is invalid: value: Forbidden: may not be changed ' \
                              "in an update."
