"""The browser app's REST types are generated from the API (scripts/api_types.py): a change to a
serializer or a command that is not regenerated into frontend/src/api/schema.d.ts fails here."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scripts.api_types import SCHEMA_TS, generate


@pytest.mark.skipif(shutil.which("npx") is None, reason="Node.js is needed to run openapi-typescript")
def test_the_committed_typescript_api_types_match_the_openapi_schema(tmp_path: Path) -> None:
    fresh = tmp_path / "schema.d.ts"
    generate(fresh)
    assert fresh.read_text() == SCHEMA_TS.read_text(), "run `make api-types` and commit frontend/src/api/schema.d.ts"
