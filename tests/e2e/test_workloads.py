"""A Deployment built in the forms, run by the real worker, seen grouped by owner in the cluster map.

Real parts: the ASGI server (REST + WebSocket), a Celery worker running scheduler_core, Chromium.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.usefixtures("celery_worker_process")


def test_a_deployment_from_the_forms_runs_and_shows_grouped_by_owner(page: Page) -> None:
    page.goto("/scenarios/new")
    page.get_by_label("Title").fill("A Deployment in the browser")
    page.get_by_role("button", name="Add Deployment").click()
    page.get_by_role("article", name=re.compile(r"^Deployment ")).get_by_label("Deployment name").fill("api")
    deployment = page.get_by_role("article", name="Deployment api", exact=True)
    deployment.get_by_label("Replicas").fill("2")
    deployment.get_by_label("CPU request per pod").fill("250m")
    expect(deployment).to_contain_text("2 replicas")
    page.get_by_role("tab", name="YAML").click()
    expect(page.get_by_label(re.compile(r"^Scenario YAML"))).to_contain_text("kind: Deployment")
    page.get_by_role("tab", name="Forms").click()
    page.get_by_role("button", name="Create scenario").click()
    expect(page.get_by_role("status")).to_contain_text("Created")

    page.get_by_role("button", name="▶ Run").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+$"))
    log = page.get_by_role("table", name="Kubernetes events, newest first")
    expect(log).to_contain_text(re.compile(r"Scaled up replica set api-\w+ from 0 to 2"), timeout=30_000)
    expect(log).to_contain_text(re.compile(r"replicaset/api-\w+"))

    page.get_by_label("Group by").select_option("owner")
    group = page.get_by_role("article", name="Deployment api", exact=True)
    expect(group).to_contain_text("2/2 ready", timeout=30_000)
    expect(group.get_by_role("button", name=re.compile(r"^api-\w+-\w{5} "))).to_have_count(2)
