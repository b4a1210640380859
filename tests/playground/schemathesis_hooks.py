"""Hooks for `schemathesis run` over the playground's API (loaded through SCHEMATHESIS_HOOKS).

Used by tests/playground/test_schema.py (in-process, which fills SEEDS itself) and by hand (docs/api.md,
"Fuzzing the API"). The seeded values come from the environment: SCHEMATHESIS_SEEDS is a JSON object
mapping a path parameter's name (`slug`, `run_id`, `code`, `namespace`, `name`) to a value that exists
on the server under test, owned by the credential schemathesis sends; `ownTokenId` is that credential's id,
`spareRunId` a run of its own that DELETE /api/runs/{run_id}/ may take instead of `run_id`.
"""
from __future__ import annotations

import json
import os
from typing import Any

import schemathesis
import yaml
from hypothesis import strategies as st
from schemathesis.core.media_types import YAML_MEDIA_TYPES

SEEDS: dict[str, Any] = json.loads(os.environ.get("SCHEMATHESIS_SEEDS") or "{}")


def use_seeds(seeds: dict[str, Any]) -> None:
    """In-process: the seeded values of this test's database."""
    SEEDS.clear()
    SEEDS.update(seeds)


@schemathesis.deserializer(*YAML_MEDIA_TYPES)
def yaml_documents(ctx: Any, response: Any) -> Any:
    """A scenario's export is a multi-document YAML stream (kubectl's `---` between objects), documented
    as text: every document must parse, and its text is checked. Any other YAML answer (the kubeconfig)
    is one document, checked as its value — an export's error too (`message`, `errors`)."""
    text = response.content.decode()
    documents = list(yaml.safe_load_all(text))
    if ctx.operation.path.endswith("/export/") and response.status_code < 300:
        return text
    if len(documents) != 1:
        raise ValueError(f"{ctx.operation.label}: expected one YAML document, got {len(documents)}")
    return documents[0]


@schemathesis.hook
def flatmap_path_parameters(context: Any, path_parameters: dict[str, Any] | None) -> Any:
    """Random slugs, ids and codes only ever 404: half the cases name the seeded scenario, run and
    workshop instead, so the handlers behind the 404 run too."""
    if not path_parameters:  # none, or a negative case that left them out
        return st.just(path_parameters)
    seeds = _seeds_for(getattr(context, "operation", None))
    # Only a value of the seed's type is replaced: a negative case's mutated parameter (`1.5` for an integer
    # id) stays as generated, or a schema-violating case would be sent as a valid one.
    seeded = {name: seeds[name] if name in seeds and type(value) is type(seeds[name]) else value
              for name, value in path_parameters.items()}
    if seeded == path_parameters:
        return st.just(path_parameters)
    return st.sampled_from([path_parameters, seeded])


def _seeds_for(operation: Any) -> dict[str, Any]:
    """A DELETE of the run deletes `spareRunId` (when seeded): the seeded run stays for every other operation."""
    if operation is not None and operation.method.upper() == "DELETE" and "spareRunId" in SEEDS:
        return {**SEEDS, "run_id": SEEDS["spareRunId"]}
    return SEEDS


@schemathesis.hook
def filter_path_parameters(context: Any, path_parameters: dict[str, Any] | None) -> bool:
    """DELETE /api/tokens/<id>/ of the very token the fuzzer sends would make every later case a 401."""
    own = SEEDS.get("ownTokenId")
    return own is None or (path_parameters or {}).get("token_id") != own

BULK_COUNT_CAP = 20


@schemathesis.hook
def map_body(context: Any, body: Any) -> Any:
    """A bulk add of up to 5,000 copies is valid, and takes the server seconds each time (every write
    validates the whole scenario again, which grows with each): at most BULK_COUNT_CAP copies here,
    so 25 examples per kind fit the test's time. The 5,000 maximum is tested in tests/playground."""
    operation = getattr(context, "operation", None)
    count = body.get("count") if isinstance(body, dict) else None
    if operation is not None and operation.path.endswith("/bulk/") and type(count) is int and count > BULK_COUNT_CAP:
        return {**body, "count": 1 + count % BULK_COUNT_CAP}
    return body
