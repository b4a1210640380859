"""The Settings form: every field it offers is saved by the server (read back over the API), a run of
the scenario uses them (its events), and kube-scheduler's validation messages land on the fields."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from scheduler_core.config import VERSIONS

pytestmark = pytest.mark.usefixtures("celery_worker_process")

# Two 2-CPU nodes, each 1500m taken by a low-priority pod; `probe` (100m) fits both and is scored;
# `urgent` (1 CPU) fits neither and preempts.
SCENARIO = """\
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
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: low-1, namespace: default}
spec: {nodeName: n1, priorityClassName: low, containers: [{name: c, resources: {requests: {cpu: 1500m}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: low-2, namespace: default}
spec: {nodeName: n2, priorityClassName: low, containers: [{name: c, resources: {requests: {cpu: 1500m}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: probe, namespace: default}
spec: {priorityClassName: high, containers: [{name: c, resources: {requests: {cpu: 100m}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: urgent, namespace: default}
spec: {priorityClassName: high, containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
"""

EXPECTED = {
    "seed": 7, "speed": 0, "version": "v1.32", "percentage_of_nodes_to_score": 40,
    "async_preemption": False, "pop_from_backoff_q": False,
    "min_candidate_nodes_percentage": 0, "min_candidate_nodes_absolute": 1,
    "plugin_weights": {"NodeResourcesFit": 0, "TaintToleration": 5},
    "permit_gate_label": "gang=train", "permit_gate_timeout_seconds": 45,
}


def save(page: Page) -> None:
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Saved")


def stored(page: Page, slug: str) -> dict[str, object]:
    body = page.request.get(f"/api/scenarios/{slug}/").json()
    assert "settings" in body, (slug, body)
    return body["settings"]


def test_every_setting_saves_and_the_run_uses_it(page: Page) -> None:
    page.goto("/scenarios/new")
    page.get_by_role("tab", name="Import").click()
    page.get_by_label("YAML to import").fill(SCENARIO)
    page.get_by_role("button", name="Import as new scenario").click()
    expect(page).to_have_url(re.compile(r"/scenarios/(?!new$)[\w-]+$"))
    slug = page.url.rsplit("/", 1)[1]
    page.get_by_role("tab", name="Forms").click()

    version = page.get_by_label("Kubernetes version (default profile and feature gates of that release)")
    assert version.locator("option").evaluate_all("os => os.map(o => o.value)") == list(VERSIONS)
    async_gate = page.get_by_label("SchedulerAsyncPreemption", exact=True)
    percentage = page.get_by_label("minCandidateNodesPercentage")
    absolute = page.get_by_label("minCandidateNodesAbsolute")

    # kube-scheduler's own refusals, on their fields
    version.select_option("v1.31")
    async_gate.select_option("true")
    percentage.fill("0")
    absolute.fill("0")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Invalid value: 0: cannot be zero at the same time as minCandidateNodesAbsolute", exact=True)).to_be_visible()
    absolute.fill("1")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("unrecognized feature gate: SchedulerAsyncPreemption (it arrived in v1.32)", exact=True)).to_be_visible()
    async_gate.select_option("false")

    # every field, then read back what the server stored
    version.select_option("v1.32")
    page.get_by_label("SchedulerPopFromBackoffQ", exact=True).select_option("false")
    page.get_by_label("Seed").fill("7")
    page.get_by_label("Speed").fill("0")
    page.get_by_label("percentageOfNodesToScore").fill("40")
    page.get_by_label("NodeResourcesFit weight").fill("0")
    page.get_by_label("TaintToleration weight").fill("5")
    page.get_by_label("PermitGate label selector").fill("gang=train")
    page.get_by_label("PermitGate timeout (seconds)").fill("45")
    page.get_by_label("Preemption (DefaultPreemption) enabled").uncheck()
    save(page)
    assert stored(page, slug) == {**EXPECTED, "preemption": False}
    page.get_by_label("Preemption (DefaultPreemption) enabled").check()
    save(page)
    assert stored(page, slug) == EXPECTED

    page.get_by_role("button", name="▶ Run").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+$"))
    run = page.url.rsplit("/", 1)[1]
    events: list[dict[str, object]] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        body = page.request.get(f"/api/runs/{run}/wait/?timeout=20").json()
        if body["settled"]:
            break
    events = page.request.get(f"/api/runs/{run}/events/").json()["events"]
    scored = next(e for e in events if e["kind"] == "cycle.scored")
    assert scored["weights"]["NodeResourcesFit"] == 1 and scored["weights"]["TaintToleration"] == 5  # 0 runs as 1
    preemption = next(e for e in events if e["kind"] == "preemption.evaluated")
    assert (preemption["potentialNodes"], preemption["numCandidates"]) == (2, 1)  # max(2 × 0 %, 1)
    assert not any(e["kind"] == "queue.moved" and e["to"] == "gated" for e in events)  # SchedulerAsyncPreemption=false
    assert events[0]["profile"]["permit"] == ["PermitGate"]  # no pod has the label: none waits

    # the decision panel explains that preemption, the metrics panel counts it
    page.get_by_role("button", name=re.compile(r"^urgent ")).first.click()
    page.get_by_label("Scheduling attempt").select_option(index=0)
    expect(page.get_by_test_id("num-candidates")).to_have_text("1")
    expect(page.get_by_test_id("reprieve")).to_contain_text("victim")
    page.get_by_text("Metrics — kube-scheduler /metrics at this step").click()
    expect(page.get_by_role("table", name="Scheduler metrics")).to_contain_text("scheduler_preemption_attempts_total")


def test_the_older_code_page_is_linked_from_the_lessons(page: Page) -> None:
    page.goto("/")
    page.get_by_role("link", name="From the articles' code to v1.34").click()
    expect(page).to_have_url(re.compile(r"/learn/older-code$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("From the articles' code to v1.34")
    expect(page.get_by_role("main")).to_contain_text("genericScheduler.Preempt")
    expect(page.get_by_role("main")).to_contain_text("DefaultPodMaxInUnschedulablePodsDuration")
