"""Browser benchmark (issue 16): `python manage.py bench_browser --nodes 1000 --pods 10000`.

Real parts: uvicorn and a Celery worker (as `make run` starts them) and Debian's headless
Chromium driven by Playwright, using the app as a person would:

1. Import: the YAML chosen as a file in "Import YAML", "Import as new scenario" clicked → the
   editor shows the scenario (its URL is /scenarios/<slug>, "▶ Run" enabled).
2. Run → cluster map: "▶ Run" clicked → the run page's "Cluster (N nodes)" heading and its
   first node card are visible.
3. While the run streams at speed 0 until it finishes: the gaps between animation frames
   (requestAnimationFrame) and the long tasks (PerformanceObserver "longtask", > 50 ms).
"""
from __future__ import annotations

import re
import statistics
import time
from typing import Any

from benchmarks.runs import live_processes
from playground import chromium
from playground.chromium import CHROMIUM

WATCH = """() => {
  window.__bench = { gaps: [], long: [] };
  let last = performance.now();
  const tick = (now) => { window.__bench.gaps.push(now - last); last = now; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.long.push(entry.duration);
  }).observe({ type: "longtask", buffered: false });
}"""


def cluster_yaml(nodes: int, pods: int) -> str:
    docs = ["apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: batch}\nvalue: 10\n",
            "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: web}\nvalue: 1000\n"]
    docs += [f"apiVersion: v1\nkind: Node\nmetadata:\n  name: node-{i:04d}\n  labels: {{kubernetes.io/hostname: "
             f"node-{i:04d}, topology.kubernetes.io/zone: zone-{'abc'[i % 3]}}}\n"
             f"status: {{allocatable: {{cpu: '16', memory: 64Gi, pods: '110'}}}}\n" for i in range(nodes)]
    docs += [f"apiVersion: v1\nkind: Pod\nmetadata: {{name: pod-{i:05d}, labels: {{app: app-{i % 20}}}}}\nspec:\n"
             f"  priorityClassName: {'web' if i % 4 == 0 else 'batch'}\n"
             f"  containers: [{{name: c, resources: {{requests: {{cpu: 500m, memory: 1Gi}}}}}}]\n"
             for i in range(pods)]
    return "---\n".join(docs)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[int(q * (len(ordered) - 1))]


def run_browser_bench(nodes: int, pods: int, timeout_s: float = 600) -> str:
    from playwright.sync_api import FilePayload, expect, sync_playwright  # a development dependency

    text = cluster_yaml(nodes, pods)
    lines = [f"cluster: {nodes} nodes, {pods} pending pods; YAML {len(text) / 1e6:.1f} MB; Chromium {CHROMIUM}"]
    with live_processes() as base, sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        page = browser.new_page(base_url=base, viewport={"width": 1440, "height": 900})
        page.set_default_timeout(timeout_s * 1000)
        expect.set_options(timeout=timeout_s * 1000)
        page.goto("/scenarios/new")
        page.get_by_role("tab", name="Import").click()
        # As a file, as a user with a big cluster would (and Playwright's fill() of megabytes into
        # the controlled textarea takes minutes by itself).
        page.get_by_label("…or choose a YAML file").set_input_files(
            files=[FilePayload(name="cluster.yaml", mimeType="application/yaml", buffer=text.encode())])
        expect(page.get_by_role("button", name="Import as new scenario")).to_be_enabled()
        started = time.perf_counter()
        page.get_by_role("button", name="Import as new scenario").click()
        page.wait_for_url(re.compile(r"/scenarios/(?!new$)[^/]+$"), wait_until="commit")
        expect(page.get_by_role("button", name="▶ Run")).to_be_enabled()
        lines.append(f"import (click → the scenario in the editor): {time.perf_counter() - started:.2f} s")

        started = time.perf_counter()
        page.get_by_role("button", name="▶ Run").click()
        expect(page.get_by_role("heading", name=f"Cluster ({nodes} nodes)")).to_be_visible()
        expect(page.get_by_role("article", name="Node node-0000")).to_be_visible()
        lines.append(f"Run → cluster map (heading and first node card): {time.perf_counter() - started:.2f} s")

        page.evaluate(WATCH)
        started = time.perf_counter()
        run_id = page.url.rsplit("/", 1)[1]
        status = ""
        while status not in ("finished", "settled", "failed") and time.perf_counter() - started < 900:
            status = page.request.get(f"/api/runs/{run_id}/wait/?timeout=5").json()["status"]
        page.wait_for_timeout(1000)  # the last batches reach the page
        measured: dict[str, Any] = page.evaluate("window.__bench")
        gaps, long = measured["gaps"], measured["long"]
        lines.append(f"streaming until the run {status} ({time.perf_counter() - started:.1f} s): "
                     f"{len(gaps)} frames, gap p50 {statistics.median(gaps or [0]):.0f} ms, "
                     f"p95 {percentile(gaps, 0.95):.0f} ms, max {max(gaps or [0]):.0f} ms; "
                     f"{len(long)} long tasks, longest {max(long or [0]):.0f} ms")
        browser.close()
    return "\n".join(lines)
