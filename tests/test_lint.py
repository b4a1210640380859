"""`make lint` is part of `make test`: ruff over the repository, mypy over the model, the app
and the scripts (mypy.ini), import-linter's contracts (.importlinter: the core imports no Django,
the apps nothing of scripts/, and each app is reached by the others only through its services,
selectors and api modules). A type error, a lint finding or a broken contract fails CI like a
failing test. ESLint (frontend/eslint.config.js) runs in `make lint`, not here."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_no_type_error_in_the_model_the_app_or_the_scripts() -> None:
    result = run("mypy", "scheduler_core", "playground", "scripts", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_linter_contracts_are_kept() -> None:
    result = subprocess.run([str(Path(sys.executable).parent / "lint-imports")], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
