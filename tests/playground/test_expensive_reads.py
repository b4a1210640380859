"""Issue 28, point 3: expensive reads are paid once per version — a scenario's YAML export and a
run's Kubernetes lists come from the shared cache — and Kubernetes lists honour limit/continue."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from playground.k8sapi import lists
from tests.integration.test_runs_live import node, pod, priority_class
from tests.playground.scenarios_support import make_node, make_scenario
from tests.playground.test_k8sapi import alice, stored_run  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db
DOCS = [priority_class("low", 100), node("n1"), *(pod(name, "100m", "low") for name in ("a", "b", "c"))]


def sql_touching(queries: CaptureQueriesContext, table: str) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if table in q["sql"]]


def test_an_export_is_made_once_per_version(alice: User) -> None:
    scenario = make_scenario(alice, "public", objects=[make_node("n1")])
    url = f"/api/scenarios/{scenario.slug}/export/"
    first = APIClient().get(url).content
    with CaptureQueriesContext(connection) as queries:
        again = APIClient().get(url).content
    assert again == first and not [q for q in sql_touching(queries, "scenarios_scenario") if '"manifests"' in q]
    client = APIClient()
    client.force_authenticate(alice)
    client.put(f"/api/scenarios/{scenario.slug}/", {"title": "t", "version": 1, "visibility": "public",
                                                        "objects": [make_node("n2")]},
               format="json")
    assert b"n2" in APIClient().get(url).content


def test_a_list_is_served_in_chunks_from_one_resource_version(alice: User) -> None:
    run = stored_run(alice, DOCS)
    first = Client().get(f"/k8s/runs/{run.pk}/api/v1/pods?limit=2").json()
    assert [p["metadata"]["name"] for p in first["items"]] == ["a", "b"]
    assert first["metadata"]["remainingItemCount"] == 1
    rest = Client().get(f"/k8s/runs/{run.pk}/api/v1/pods?limit=2&continue={first['metadata']['continue']}").json()
    assert [p["metadata"]["name"] for p in rest["items"]] == ["c"] and "continue" not in rest["metadata"]
    assert rest["metadata"]["resourceVersion"] == first["metadata"]["resourceVersion"]


@pytest.mark.parametrize(("token", "code"), [
    pytest.param("not-a-token", 400, id="a token this server did not make is a bad request"),
    pytest.param(lists.encode_continue(10**6, 1), 410, id="a version the run never reached has expired"),
])
def test_a_bad_continue_token_is_refused_as_the_api_server_does(alice: User, token: str, code: int) -> None:
    run = stored_run(alice, DOCS)
    assert Client().get(f"/k8s/runs/{run.pk}/api/v1/pods?limit=1&continue={token}").status_code == code


def test_the_same_list_again_is_not_rebuilt(alice: User) -> None:
    run = stored_run(alice, DOCS)
    url = f"/k8s/runs/{run.pk}/api/v1/pods"
    first = Client().get(url).content
    with CaptureQueriesContext(connection) as queries:
        again = Client().get(url).content
    assert again == first and not sql_touching(queries, "runs_runevent") and not sql_touching(queries, "runs_runstate")


def test_a_table_chunk_carries_its_continue_token(alice: User) -> None:
    run = stored_run(alice, DOCS)
    table: dict[str, Any] = Client().get(f"/k8s/runs/{run.pk}/api/v1/pods?limit=1", HTTP_ACCEPT=(
        "application/json;as=Table;v=v1;g=meta.k8s.io")).json()
    assert table["kind"] == "Table" and len(table["rows"]) == 1 and table["metadata"]["continue"]
