"""The editor's Namespaces section: imported Namespaces appear with their labels, the API's error on
a Namespace lands on its card, and the namespaces pods use without an object are listed."""
from __future__ import annotations

from playwright.sync_api import Page, expect

SCENARIO = """\
apiVersion: v1
kind: Namespace
metadata: {name: data, labels: {tier: "not valid!"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: shop}
spec:
  containers:
  - name: app
    resources: {requests: {cpu: 500m}}
"""


def test_a_bad_namespace_label_is_shown_on_its_card_next_to_the_implicit_namespaces(page: Page) -> None:
    page.goto("/scenarios/new")
    page.get_by_role("tab", name="Import").click()
    page.get_by_label("YAML to import").fill(SCENARIO)
    page.get_by_role("button", name="Import as new scenario").click()

    card = page.get_by_role("article", name="Namespace data")
    labels = card.get_by_label("Labels (namespace data)")
    expect(labels).to_have_value("tier=not valid!")
    expect(card.get_by_role("alert")).to_contain_text("not valid!")
    expect(page.get_by_role("heading", name="Namespaces (1)")).to_be_visible()
    expect(page.get_by_label("implicit namespaces")).to_have_text("shop")
    expect(card.get_by_label("automatic label of data")).to_contain_text("kubernetes.io/metadata.name=data")
