"""Importing YAML the API rejects puts each error at the field it names."""
from __future__ import annotations

from playwright.sync_api import Page, expect

BROKEN = """\
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    resources: {requests: {cpu: "2 cores"}}
"""


def test_an_invalid_quantity_is_shown_at_its_field(page: Page) -> None:
    page.goto("/scenarios/new")
    page.get_by_role("tab", name="Import").click()
    page.get_by_label("YAML to import").fill(BROKEN)
    page.get_by_role("button", name="Import as new scenario").click()

    cpu = page.get_by_role("article", name="Pod web").get_by_label("CPU request (container app)")
    expect(cpu).to_have_value("2 cores")
    expect(cpu).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_role("article", name="Pod web").get_by_role("alert")).to_contain_text("2 cores")
    expect(page.get_by_role("alert").first).to_be_visible()
