"""The OpenAPI schema is complete and valid, and fuzzing the API it describes finds no 5xx."""
from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from playground.accounts import services as accounts
from playground.scenarios import services
from tests.playground.scenarios_support import fast_passwords, make_user, small_cluster  # noqa: F401

MY_PATHS = r"^/api/(me|auth/|tokens/|scenarios/)"
MY_VIEWS = ("playground/accounts/", "playground/scenarios/", "[Me", "[Signup", "[Login", "[Logout", "[Token",
            "[Scenario", "[Object")
SEED_SLUG = "fuzzseed"


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
                 "/api/scenarios/{slug}/priorityclasses/{name}/"):
        assert path in paths, path


schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application()).include(
    path_regex=MY_PATHS)


@schema.hook("flatmap_path_parameters")
def some_paths_hit_the_seeded_scenario(context: Any, path_parameters: dict[str, Any]) -> Any:
    """Random slugs only ever 404; half the cases use a real scenario so the handlers run."""
    if not path_parameters or "slug" not in path_parameters:
        return st.just(path_parameters)
    return st.sampled_from([path_parameters, {**path_parameters, "slug": SEED_SLUG}])


@pytest.fixture
def owner_token(db: Any) -> str:
    owner = make_user("fuzz-owner")
    scenario = services.create_scenario(owner, "seed", "", small_cluster(), {"seed": 1}, "public")
    type(scenario).objects.filter(pk=scenario.pk).update(slug=SEED_SLUG)
    return accounts.create_token(owner, "fuzz")[1]


@pytest.mark.filterwarnings("ignore")
@schema.parametrize()
@settings(max_examples=15, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_fuzzing_finds_no_server_errors(case: Any, owner_token: str) -> None:
    case.call_and_validate(headers={"Authorization": f"Token {owner_token}"}, checks=[not_a_server_error])
