"""Two runs side by side: the same cluster with and without a PodDisruptionBudget, and a branch
made at a timeline point ("what if I add a node here?"), the differences named."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.usefixtures("celery_worker_process")

CLUSTER = """
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: '1', memory: 4Gi, pods: '110'}}
---
apiVersion: v1
kind: Node
metadata: {name: node-2}
status: {allocatable: {cpu: '1', memory: 4Gi, pods: '110'}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web}}
spec: {priorityClassName: low, nodeName: node-1, containers: [{name: c, resources: {requests: {cpu: '1'}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: batch, labels: {app: batch}}
spec: {priorityClassName: low, nodeName: node-2, containers: [{name: c, resources: {requests: {cpu: '1'}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: urgent}
spec: {priorityClassName: high, containers: [{name: c, resources: {requests: {cpu: '1'}}}]}
"""
PDB = """
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web-pdb}
spec: {minAvailable: 1, selector: {matchLabels: {app: web}}}
"""
FULL = """
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {allocatable: {cpu: '2', memory: 4Gi, pods: '110'}}
""" + "".join(f"""---
apiVersion: v1
kind: Pod
metadata: {{name: {name}}}
spec: {{containers: [{{name: c, resources: {{requests: {{cpu: '1'}}}}}}]}}
""" for name in ("a", "b", "c"))


def finished_run(page: Page, yaml: str, title: str) -> int:
    page.goto("/")
    page.request.get("/api/me")
    headers = {"X-CSRFToken": next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")}
    imported = page.request.post("/api/scenarios/import/", data={"yaml": yaml, "title": title, "visibility": "unlisted"},
                                 headers=headers)
    assert imported.status == 201, imported.text()
    run = page.request.post("/api/runs/", data={"scenario": imported.json()["slug"], "speed": 0}, headers=headers).json()
    assert page.request.get(f"/api/runs/{run['id']}/wait/?timeout=60").json()["settled"]
    return int(run["id"])


def test_with_and_without_a_pdb_the_preemption_picks_another_node_other_victims_by_another_criterion(page: Page) -> None:
    without = finished_run(page, CLUSTER, "Without a PDB")
    with_pdb = finished_run(page, CLUSTER + PDB, "With a PDB")
    page.goto(f"/compare?a={without}&b={with_pdb}")
    decisions = page.get_by_role("table", name="Scheduling decisions, aligned")
    preemption = decisions.get_by_role("row", name=re.compile(r"^urgent \(#1\)"))
    expect(preemption).to_contain_text("other node, other victims, and other deciding criterion")
    expect(preemption).to_contain_text("evicts web (by random)")
    expect(preemption).to_contain_text("evicts batch (by fewestPDBViolations)")
    ended = page.get_by_role("table", name="Where each pod ended")
    expect(ended.get_by_role("row", name="web deleted bound to node-1")).to_be_visible()
    expect(ended.get_by_role("row", name="urgent bound to node-1 bound to node-2")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "compare-pdb.png"), full_page=True)


def test_a_branch_at_a_timeline_point_with_a_node_added_schedules_the_pod_left_pending(page: Page) -> None:
    original = finished_run(page, FULL, "Full node")
    page.goto(f"/compare?a={original}")
    ended = page.get_by_role("table", name="Where each pod ended")
    expect(ended.get_by_role("row", name="c pending pending")).to_be_visible()
    branch = page.get_by_role("form", name="Branch here")
    branch.get_by_label("Node name").fill("extra-node")
    branch.get_by_role("button", name="Branch and compare").click()
    expect(page).to_have_url(re.compile(rf"/compare\?a={original}&b=\d+$"))
    expect(ended.get_by_role("row", name="c pending bound to extra-node")).to_be_visible(timeout=30_000)
    decisions = page.get_by_role("table", name="Scheduling decisions, aligned")
    expect(decisions.get_by_role("row", name=re.compile(r"^c \(#2\)"))).to_contain_text("only in one run")
    page.screenshot(path=str(ARTIFACTS / "compare-branch.png"), full_page=True)
