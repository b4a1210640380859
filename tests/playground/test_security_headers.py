"""Issue 28, point 7: a per-checkout SECRET_KEY when none is configured, and a Content-Security-Policy
without inline scripts (plus the usual security headers) on every response."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from playground import secret_key
from playground.security_headers import content_security_policy


def test_without_a_configured_key_the_checkout_makes_one_and_keeps_it(tmp_path: Path) -> None:
    first = secret_key.checkout_key(tmp_path)
    assert len(first) >= 50 and secret_key.checkout_key(tmp_path) == first
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert secret_key.checkout_key(tmp_path / "another-checkout") != first


def test_a_configured_key_always_wins(tmp_path: Path) -> None:
    env = {**os.environ, "SECRET_KEY": "from-the-environment", "PLAYGROUND_RUN_DIR": str(tmp_path)}
    script = "from django.conf import settings; print(settings.SECRET_KEY)"
    shown = subprocess.run([sys.executable, "-c", f"import django; django.setup(); {script}"], env=env, check=True,
                           capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2]).stdout.strip()
    assert shown == "from-the-environment" and not (tmp_path / "secret_key").exists()


def test_the_running_settings_do_not_use_a_well_known_key(settings: Any) -> None:
    assert "insecure" not in settings.SECRET_KEY and len(settings.SECRET_KEY) >= 32


def test_scripts_only_from_the_app_sockets_to_its_own_host_and_data_images() -> None:
    policy = dict(d.split(" ", 1) for d in content_security_policy("play.example:8000").split("; "))
    assert policy["script-src"] == "'self'" and "unsafe" not in policy["script-src"]
    assert "wss://play.example:8000" in policy["connect-src"] and "data:" in policy["img-src"]
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/api/me", "/api/docs/", "/healthz"])
def test_every_response_carries_the_policy_and_the_usual_headers(path: str) -> None:
    response = Client().get(path)
    assert "script-src 'self';" in response["Content-Security-Policy"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert "camera=()" in response["Permissions-Policy"]


@pytest.mark.django_db
def test_the_api_docs_page_has_no_inline_script() -> None:
    html = Client().get("/api/swagger/").content.decode()
    assert "<script>" not in html.replace(" ", "") and 'src="/api/swagger/?script=' in html
    assert Client().get("/api/swagger/?script=").status_code == 200
