"""The typed Python client (clients/python) is generated from the API (scripts/api_client.py): a change
to a serializer or a command that is not regenerated into clients/python/playground_api fails here."""
from __future__ import annotations

import filecmp
from pathlib import Path

from scripts.api_client import GENERATED, generate


def differences(left: Path, right: Path) -> list[str]:
    """Files only in one tree or different in both, as paths relative to the trees."""
    compared = filecmp.dircmp(left, right, ignore=["__pycache__"])
    found = [f"only in the committed client: {n}" for n in compared.left_only]
    found += [f"only in the fresh client: {n}" for n in compared.right_only]
    found += [f"differs: {n}" for n in compared.diff_files]
    _, mismatch, errors = filecmp.cmpfiles(left, right, compared.same_files, shallow=False)
    found += [f"differs: {n}" for n in mismatch + errors]
    for name in compared.common_dirs:
        found += [f"{name}/{d}" for d in differences(left / name, right / name)]
    return found


def test_the_committed_python_client_matches_the_openapi_schema(tmp_path: Path) -> None:
    fresh = tmp_path / "playground_api"
    generate(fresh)
    assert differences(GENERATED, fresh) == [], "run `make api-client` and commit clients/python/playground_api"
