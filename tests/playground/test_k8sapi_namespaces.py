"""Deleting a Namespace through the per-run API server: the registry answers with the namespace being
finalized (Terminating), NamespaceLifecycle admission refuses the immortal namespaces and new content in a
Terminating one with the apiserver's words, and a dry run changes nothing (previews.py: no worker needed).
The Terminating reads come from a run whose log holds a timed delete (no RunCommand: previews would not replay
it), the dry runs from one without; a second delete and creates in a Terminating namespace go through a live
worker in tests/integration/test_kubectl_namespaces.py."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from playground.accounts import services as accounts
from playground.runs.models import Run
from playground.scenarios.models import Scenario
from tests.integration.test_runs_live import node, pod, priority_class
from tests.playground.test_k8sapi import stored_run
from tests.playground.test_k8sapi_workloads import TABLE, call, get

pytestmark = pytest.mark.django_db

NS = "api/v1/namespaces"


def in_team_a(name: str) -> dict[str, Any]:
    manifest = pod(name, "500m", "low", grace=60)
    manifest["metadata"]["namespace"] = "team-a"
    return manifest


DOCS = [priority_class("low", 100), node("node-a"),
        {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a", "labels": {"team": "a"}}},
        {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-b"}}, in_team_a("web")]


@pytest.fixture(scope="module")
def runs(django_db_setup: None, django_db_blocker: Any) -> Iterator[tuple[str, Run, Run]]:
    """In the first, team-a deleted at t=4 (its pod still terminating at t=5: 60 s grace); the second as started."""
    with django_db_blocker.unblock():
        user = User.objects.create_user("namespaces-owner")
        token = accounts.create_token(user, "kubectl")[1]
        deleted = stored_run(user, DOCS, until=5.0, timed_commands=[
            {"at": 4.0, "command": {"type": "delete_namespace", "namespace": "team-a"}}])
        fresh = stored_run(user, DOCS, until=5.0)
    yield token, deleted, fresh
    with django_db_blocker.unblock():
        Run.objects.filter(owner=user).delete()
        Scenario.objects.filter(owner=user).delete()
        user.delete()


@pytest.fixture
def stored(runs: tuple[str, Run, Run]) -> tuple[str, Run]:
    return runs[0], runs[2]


def test_a_deleted_namespace_reads_terminating_while_its_pods_terminate(runs: tuple[str, Run, Run]) -> None:
    token, run, _ = runs
    ns = get(run, token, f"{NS}/team-a")
    assert ns["status"] == {"phase": "Terminating"} and ns["spec"] == {"finalizers": ["kubernetes"]}
    assert ns["metadata"]["deletionTimestamp"] and ns["metadata"]["labels"]["team"] == "a"
    assert get(run, token, f"{NS}/team-a/pods/web")["metadata"]["deletionTimestamp"]
    rows = {r["cells"][0]: r["cells"][1] for r in get(run, token, NS, accept=TABLE)["rows"]}
    assert (rows["team-a"], rows["team-b"], rows["default"]) == ("Terminating", "Active", "Active")


def test_a_dry_run_delete_answers_the_namespace_terminating_and_changes_nothing(stored: tuple[str, Run]) -> None:
    token, run = stored
    code, body = call(run, token, "DELETE", f"{NS}/team-b", query="dryRun=All")
    assert code == 200, body
    assert (body["kind"], body["status"]["phase"], "deletionTimestamp" in body["metadata"]) == (
        "Namespace", "Terminating", True)
    assert get(run, token, f"{NS}/team-b")["status"]["phase"] == "Active"


@pytest.mark.parametrize("name", ["default", "kube-system", "kube-public"])
def test_the_immortal_namespaces_are_refused_as_admission_words_it(stored: tuple[str, Run], name: str) -> None:
    token, run = stored
    code, body = call(run, token, "DELETE", f"{NS}/{name}", query="dryRun=All")
    assert (code, body["reason"], body["message"]) == (
        403, "Forbidden", f'namespaces "{name}" is forbidden: this namespace may not be deleted')


def test_an_unknown_namespace_is_not_found(stored: tuple[str, Run]) -> None:
    token, run = stored
    code, body = call(run, token, "DELETE", f"{NS}/nope", query="dryRun=All")
    assert (code, body["reason"]) == (404, "NotFound")
