"""The browser app's REST types, generated from the API's OpenAPI schema (drf-spectacular) with
openapi-typescript: `make api-types` rewrites frontend/src/api/schema.d.ts; tests/test_api_types.py
fails when the committed file no longer matches the API."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRONTEND = ROOT / "frontend"
SCHEMA_TS = FRONTEND / "src" / "api" / "schema.d.ts"


def write_schema(schema: Path) -> None:
    """The OpenAPI schema as JSON, as /api/schema/ serves it."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "playground.settings"}
    subprocess.run([sys.executable, "manage.py", "spectacular", "--format", "openapi-json", "--file", str(schema)],
                   cwd=ROOT, env=env, check=True, capture_output=True)


def generate(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        schema = Path(tmp) / "openapi.json"
        write_schema(schema)
        subprocess.run(["npx", "--no-install", "openapi-typescript", str(schema), "-o", str(out),
                        "--default-non-nullable", "false"],
                       cwd=FRONTEND, check=True, capture_output=True)


if __name__ == "__main__":
    generate(SCHEMA_TS)
    print(f"wrote {SCHEMA_TS.relative_to(ROOT)}")
