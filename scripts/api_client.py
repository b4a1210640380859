"""The typed Python client's generated half, from the API's OpenAPI schema with openapi-python-client
(pinned in requirements-dev.txt): `make api-client` rewrites clients/python/playground_api;
tests/test_api_client.py fails when the committed package no longer matches the API. The
hand-written half (session, CSRF, token, errors) is clients/python/playground_client."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from scripts.api_types import ROOT, write_schema

CLIENT = ROOT / "clients" / "python"
GENERATED = CLIENT / "playground_api"
CONFIG = CLIENT / "generator.yaml"


def generate(out: Path) -> None:
    """Write the generated package to ``out`` (replaced whole)."""
    bin_dir = Path(sys.executable).parent  # the generator and ruff (its post-hooks) of this virtualenv
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    with tempfile.TemporaryDirectory() as tmp:
        schema, package = Path(tmp) / "openapi.json", Path(tmp) / "playground_api"
        write_schema(schema)
        subprocess.run([str(bin_dir / "openapi-python-client"), "generate", "--path", str(schema), "--meta", "none",
                        "--config", str(CONFIG), "--output-path", str(package)],
                       cwd=tmp, env=env, check=True, capture_output=True)
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(package, out, ignore=shutil.ignore_patterns("__pycache__", ".ruff_cache"))


if __name__ == "__main__":
    generate(GENERATED)
    print(f"wrote {GENERATED.relative_to(ROOT)}")
