"""Issue 28, point 7: the built app works in Chromium under its Content-Security-Policy — scripts
from the app only, the run's WebSocket, the API docs — and the browser reports no violation."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_scale_and_sharing import big_cluster_yaml, import_scenario

pytestmark = pytest.mark.usefixtures("celery_worker_process")
WATCH_VIOLATIONS = """() => { window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', e => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI)); }"""


def violations(page: Page, console: list[str]) -> list[str]:
    return [*page.evaluate("() => window.__cspViolations || []"), *[m for m in console if "Content Security Policy" in m]]


def test_the_app_and_its_run_socket_work_under_the_policy(page: Page) -> None:
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(f"({WATCH_VIOLATIONS})()")
    slug = import_scenario(page, big_cluster_yaml(2, 3), "Under CSP")
    response = page.goto(f"/scenarios/{slug}")
    assert response is not None and "script-src 'self';" in response.headers["content-security-policy"]
    page.get_by_role("button", name="▶ Run").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+$"))
    log = page.get_by_role("table", name="Kubernetes events, newest first")
    expect(log).to_contain_text("Successfully assigned", timeout=30_000)  # events came over the WebSocket
    assert violations(page, console) == []


def test_the_api_docs_render_under_the_policy(page: Page) -> None:
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(f"({WATCH_VIOLATIONS})()")
    page.goto("/api/swagger/")
    expect(page.get_by_text("/api/scenarios/").first).to_be_visible(timeout=30_000)
    assert violations(page, console) == []
