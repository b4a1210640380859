"""The gallery on a conference Wi-Fi (issue 35): `python manage.py bench_light`.

Real parts: uvicorn and a Celery worker as `make run` starts them (benchmarks.runs), the
built app (frontend/dist), and Debian's headless Chromium driven by Playwright over CDP with a
throttled profile: 150 ms latency, 1.6 Mbps down (750 kbps up), 4× CPU slowdown
(Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate). Each visit is a fresh browser
context (a cold cache, a new visitor). Measured per visit:

- content: from navigation start until the first lesson's "Start lesson" button is in the page
  (the gallery's content, recorded in the page by a MutationObserver);
- the bytes of JavaScript transferred (the Resource Timing transferSize: compressed, on the wire),
  and of everything.
"""
from __future__ import annotations

import statistics
import time
from typing import Any

from benchmarks.runs import live_processes
from playground import chromium
from playground.chromium import CHROMIUM

LATENCY_MS = 150
DOWN_BPS = 1_600_000
UP_BPS = 750_000
CPU_SLOWDOWN = 4

CONTENT_SEEN = """(() => {
  const seen = () => {
    if (document.querySelector('button[aria-label^="Start lesson"]')) {
      window.__contentAt = performance.now();
      return true;
    }
    return false;
  };
  new MutationObserver((_, observer) => { if (seen()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})();"""

TRANSFERRED = """(() => {
  const entries = performance.getEntriesByType('resource');
  const nav = performance.getEntriesByType('navigation')[0];
  const js = entries.filter((e) => e.name.endsWith('.js'));
  return { js: js.reduce((n, e) => n + e.transferSize, 0), jsFiles: js.length,
           all: entries.reduce((n, e) => n + e.transferSize, nav ? nav.transferSize : 0) };
})()"""


def visit(browser: Any, base: str) -> dict[str, float]:
    context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": LATENCY_MS,
        "downloadThroughput": DOWN_BPS / 8, "uploadThroughput": UP_BPS / 8})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    page.add_init_script(CONTENT_SEEN)
    page.goto("/", wait_until="commit", timeout=60_000)
    deadline = time.monotonic() + 60
    while page.evaluate("window.__contentAt") is None:  # (wait_for_function would need eval, which the CSP forbids)
        if time.monotonic() > deadline:
            raise RuntimeError("the gallery's lessons did not appear within 60 s")
        page.wait_for_timeout(100)
    page.wait_for_load_state("networkidle", timeout=60_000)
    content_ms = float(page.evaluate("window.__contentAt"))
    sizes = page.evaluate(TRANSFERRED)
    context.close()
    return {"content_s": content_ms / 1000, "js_kb": sizes["js"] / 1024, "js_files": sizes["jsFiles"],
            "all_kb": sizes["all"] / 1024}


def run_light_bench(visits: int) -> str:
    from playwright.sync_api import sync_playwright  # a development dependency

    lines = [(f"gallery, cold cache, {visits} visits; {LATENCY_MS} ms latency, {DOWN_BPS / 1e6:g} Mbps down, "
             f"{CPU_SLOWDOWN}x CPU slowdown; Chromium {CHROMIUM}")]
    with live_processes() as base, sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        visit(browser, base)  # warms the server (its first requests import and connect)
        results = [visit(browser, base) for _ in range(visits)]
        browser.close()
    content = [r["content_s"] for r in results]
    lines.append(f"gallery content: median {statistics.median(content):.2f} s "
                 f"(min {min(content):.2f}, max {max(content):.2f})")
    last = results[-1]
    lines.append(f"JavaScript transferred: {last['js_kb']:.1f} KB in {last['js_files']:.0f} files; "
                 f"everything: {last['all_kb']:.1f} KB")
    return "\n".join(lines)
