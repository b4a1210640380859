"""Opening a shared scenario link, the way a visitor does before watching its runs (docs/runs.md,
"Who may watch a run"): the runs of an unlisted scenario open to a browser that opened its link."""
from __future__ import annotations

from playwright.sync_api import Page


def open_shared_link(page: Page, slug: str) -> None:
    """/s/<slug>, waiting until the app has read the scenario (which is what holds the link)."""
    with page.expect_response(lambda r: r.url.endswith(f"/api/scenarios/{slug}/") and r.ok):
        page.goto(f"/s/{slug}")


def scenario_of_run(page: Page, run_id: int | str) -> str:
    return str(page.request.get(f"/api/runs/{run_id}/").json()["scenario"])
