"""examples/scripted_scenario.py against the real server and worker: as a guest and with a token."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import requests

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "scripted_scenario.py"


def run_script(url: str, *extra: str) -> str:
    result = subprocess.run([sys.executable, str(SCRIPT), "--url", url, *extra], capture_output=True, text=True,
                            timeout=180, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def assert_preemption_reported(output: str) -> None:
    lines = output.splitlines()
    assert "default/batch: preempted by default/urgent on node-1" in lines, output
    assert "default/urgent: Running on node-1" in lines, output


def token_for_new_user(url: str, username: str = "scripter") -> str:
    browser = requests.Session()
    browser.get(f"{url}/api/me", timeout=30).raise_for_status()
    browser.headers["X-CSRFToken"] = browser.cookies["csrftoken"]
    browser.post(f"{url}/api/auth/signup/", json={"username": username, "password": "correct horse battery"},
                 timeout=30).raise_for_status()
    browser.headers["X-CSRFToken"] = browser.cookies["csrftoken"]  # login rotates it
    created = browser.post(f"{url}/api/tokens/", json={"name": "example"}, timeout=30)
    created.raise_for_status()
    return str(created.json()["key"])


def test_the_example_script_works_as_a_guest(live_server_url: str, celery_worker_process: Any) -> None:
    assert_preemption_reported(run_script(live_server_url))


def test_the_example_script_works_with_a_token(live_server_url: str, celery_worker_process: Any) -> None:
    assert_preemption_reported(run_script(live_server_url, "--token", token_for_new_user(live_server_url)))
