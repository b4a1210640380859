"""The OpenAPI schema is complete and valid, and fuzzing every endpoint finds no 5xx and no answer the
schema does not describe (status code, body, headers, content type)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
import yaml
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.core.media_types import YAML_MEDIA_TYPES

from playground.accounts import services as accounts
from playground.runs import conf as runs_conf
from playground.runs import services as runs
from playground.runs.models import Run, RunEvent
from playground.scenarios import services
from scheduler_core import Simulation
from tests.playground.scenarios_support import fast_passwords, make_user, small_cluster  # noqa: F401

EVERY_PATH = r"^/api/"
MY_VIEWS = ("playground/accounts/", "playground/scenarios/", "playground/runs/", "[Me", "[Signup", "[Login",
            "[Logout", "[Token", "[Scenario", "[Object", "[Run", "[WsTicket")
SEED_SLUG = "fuzzseed"
SEED_RUN = 4242
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance, content_type_conformance,
          response_headers_conformance]


def generate() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-any-return]


def test_the_schema_is_valid_openapi() -> None:
    validate_schema(generate())


def test_the_schema_has_no_warnings_about_our_views() -> None:
    GENERATOR_STATS.reset()
    with GENERATOR_STATS.silence():
        generate()
    ours = [m for m in [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache] if any(v in m for v in MY_VIEWS)]
    assert ours == []


def test_every_endpoint_documented_in_api_md_is_in_the_schema() -> None:
    paths = generate()["paths"]
    for path in ("/api/me", "/api/auth/signup/", "/api/auth/login/", "/api/auth/logout/", "/api/tokens/",
                 "/api/tokens/{token_id}/", "/api/scenarios/", "/api/scenarios/import/",
                 "/api/scenarios/{slug}/", "/api/scenarios/{slug}/fork/", "/api/scenarios/{slug}/export/",
                 "/api/scenarios/{slug}/yaml/", "/api/scenarios/{slug}/nodes/bulk/",
                 "/api/scenarios/{slug}/pods/{namespace}/{name}/",
                 "/api/scenarios/{slug}/poddisruptionbudgets/{name}/",
                 "/api/scenarios/{slug}/priorityclasses/{name}/", "/api/runs/", "/api/runs/{run_id}/",
                 "/api/runs/{run_id}/events/", "/api/runs/{run_id}/state/", "/api/runs/{run_id}/commands/",
                 "/api/runs/{run_id}/wait/", "/api/runs/{run_id}/ws-ticket/", "/api/runs/{run_id}/outcome/"):
        assert path in paths, path


def test_the_command_union_is_every_command_scheduler_core_and_the_run_take() -> None:
    from playground.runs.models import RunCommand
    from scheduler_core.commands import COMMAND_FIELDS

    components = generate()["components"]["schemas"]
    union = components["Command"]["oneOf"]
    types = [components[c["$ref"].rsplit("/", 1)[1]]["properties"]["type"]["enum"][0] for c in union]
    assert sorted(types) == sorted([*RunCommand.CONTROL, *COMMAND_FIELDS])
    taints = components["Command_set_node_taints"]
    assert taints["required"] == ["type", "node", "taints"]


@pytest.mark.parametrize(("path", "kind"), [
    pytest.param("/api/scenarios/{slug}/pods/{namespace}/{name}/", "Pod", id="a pod URL takes and gives Pods"),
    pytest.param("/api/scenarios/{slug}/nodes/{name}/", "Node", id="a node URL takes and gives Nodes"),
    pytest.param("/api/scenarios/{slug}/priorityclasses/{name}/", "PriorityClass", id="PriorityClasses"),
    pytest.param("/api/scenarios/{slug}/poddisruptionbudgets/{name}/", "PodDisruptionBudget", id="PDBs"),
])
def test_object_urls_carry_the_manifest_shape_of_their_kind(path: str, kind: str) -> None:
    put = generate()["paths"][path]["put"]
    assert put["requestBody"]["content"]["application/json"]["schema"] == {"$ref": f"#/components/schemas/{kind}"}
    body = put["responses"]["200"]["content"]["application/json"]["schema"]
    assert body["properties"]["object"] == {"$ref": f"#/components/schemas/{kind}"}


def test_a_priority_class_requires_value_in_the_schema_as_in_kubernetes() -> None:
    assert "value" in generate()["components"]["schemas"]["PriorityClass"]["required"]


schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application()).include(
    path_regex=EVERY_PATH)


@schemathesis.deserializer(*YAML_MEDIA_TYPES)
def multi_document_yaml(ctx: Any, response: Any) -> str:
    """An export is a multi-document YAML stream, described as a string: it must parse, and is its text."""
    text = response.content.decode()
    list(yaml.safe_load_all(text))
    return text


@schema.hook("flatmap_path_parameters")
def some_paths_hit_the_seeded_scenario_and_run(context: Any, path_parameters: dict[str, Any]) -> Any:
    """Random slugs and ids only ever 404; half the cases use a real scenario / run so the handlers run."""
    if not path_parameters:
        return st.just(path_parameters)
    seeded = dict(path_parameters)
    if "slug" in seeded:
        seeded["slug"] = SEED_SLUG
    if "run_id" in seeded:
        seeded["run_id"] = SEED_RUN
    return st.sampled_from([path_parameters, seeded])


@pytest.fixture(autouse=True)
def connection_kept_between_requests() -> Iterator[None]:
    """As Django's test client does: a request's end must not close the connection that holds the
    test's transaction (PostgreSQL would lose the seeded data, and the next request its connection)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def owner_token(db: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    # No worker in a unit test: runs stay queued, commands unanswered (202) after a short wait.
    monkeypatch.setattr(runs.bus, "announce_run", lambda run_id, bulk: None)
    monkeypatch.setattr(runs.bus, "wake", lambda run_id: None)
    monkeypatch.setattr(runs_conf, "COMMAND_REPLY_SECONDS", 0.01)
    owner = make_user("fuzz-owner")
    scenario = services.create_scenario(owner, "seed", "", small_cluster(), {"seed": 1}, "public")
    type(scenario).objects.filter(pk=scenario.pk).update(slug=SEED_SLUG)
    scenario.refresh_from_db()
    run = runs.start_run(owner, scenario)
    Run.objects.filter(pk=run.pk).update(id=SEED_RUN)
    sim = Simulation.from_documents(scenario.manifests, seed=run.seed)
    sim.run()
    RunEvent.objects.bulk_create([RunEvent.from_event(SEED_RUN, e) for e in sim.events])
    Run.objects.filter(pk=SEED_RUN).update(last_seq=len(sim.events), status="finished", reason="quiescent")
    return accounts.create_token(owner, "fuzz")[1]


@pytest.mark.filterwarnings("ignore")
@schema.parametrize()
@settings(max_examples=8, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_fuzzing_finds_no_server_error_and_no_undocumented_answer(case: Any, owner_token: str) -> None:
    checks = CHECKS
    if case.path.endswith("/wait/"):
        case.query = {**(case.query or {}), "timeout": 0}  # nothing settles without a worker: do not wait
        checks = [c for c in CHECKS if c is not not_a_server_error]  # its documented timeout is a 504
    # identity: schemathesis' in-process (WSGI) transport asks for gzip as requests does, but never
    # decodes what the API's compression (playground/delivery.py) then sends.
    case.call_and_validate(headers={"Authorization": f"Token {owner_token}", "Accept-Encoding": "identity"},
                           checks=checks)
