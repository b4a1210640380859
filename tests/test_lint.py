"""`make lint` is part of `make test`: ruff over the repository, mypy over the model, the app
and the scripts (mypy.ini). A type error or a lint finding fails CI like a failing test."""
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
    result = run("mypy", "scheduler_core", "playground", "scripts")
    assert result.returncode == 0, result.stdout + result.stderr
