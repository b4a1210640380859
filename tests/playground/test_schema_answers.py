"""The answers the browser app's typed client relies on hold to the schema (frontend/src/api/client.ts
types them from it): a scenario's and a page of scenarios' fields all present, a workshop's status,
position and questions as the schema names them. Real answers, validated by schemathesis."""
from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.wsgi import get_wsgi_application
from werkzeug.test import Client, TestResponse

from playground.accounts.models import Profile
from playground.accounts.services import create_token
from playground.lessons.services import sync_lesson_scenarios
from playground.runs import bus as run_bus
from playground.workshops import broadcast

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def api(monkeypatch: pytest.MonkeyPatch) -> tuple[Client, dict[str, str], Any]:
    monkeypatch.setattr(run_bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(broadcast, "send", lambda group, payload: None)
    sync_lesson_scenarios()
    user = User.objects.create_user("teacher", password="correct horse battery")
    Profile.objects.create(user=user, is_guest=False)
    _, key = create_token(user, "schema")
    client = Client(get_wsgi_application())
    document = client.get("/api/schema/?format=json", headers={"Accept-Encoding": "identity"}).get_json()
    return client, {"Authorization": f"Token {key}", "Accept-Encoding": "identity"}, schemathesis.openapi.from_dict(document)


def holds(schema: Any, path: str, method: str, response: TestResponse) -> Any:
    schema[path][method].validate_response(response)
    return response.get_json()


def test_a_scenario_and_a_page_of_scenarios_answer_as_the_schema_says(api: tuple[Client, dict[str, str], Any]) -> None:
    client, headers, schema = api
    made = holds(schema, "/api/scenarios/", "POST", client.post("/api/scenarios/", json={"title": "t"}, headers=headers))
    holds(schema, "/api/scenarios/{slug}/", "GET", client.get(f"/api/scenarios/{made['slug']}/", headers=headers))
    page = holds(schema, "/api/scenarios/", "GET",
                 client.get("/api/scenarios/?scope=mine&search=&page=1", headers=headers))
    assert [s["slug"] for s in page["results"]] == [made["slug"]]


def test_a_workshop_its_position_and_a_question_answer_as_the_schema_says(api: tuple[Client, dict[str, str], Any]) -> None:
    client, headers, schema = api
    made = holds(schema, "/api/workshops/", "POST",
                 client.post("/api/workshops/", json={"lesson": "basic-preemption"}, headers=headers))
    detail = holds(schema, "/api/workshops/{code}/", "GET", client.get(f"/api/workshops/{made['code']}/", headers=headers))
    assert (detail["status"], detail["position"]["runId"]) == ("open", made["runId"])
    holds(schema, "/api/workshops/{code}/questions/", "POST",
          client.post(f"/api/workshops/{made['code']}/questions/", json={"question": "Which pod goes?"}, headers=headers))
