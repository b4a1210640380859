"""The class benchmark's machinery end to end, small (bench_workshop --class: 5 students, one of
them a Chromium tab, one playing its own forks): every click is drawn in the tab and received by
every socket client. Figures are the benchmark's business (docs/benchmarks.md), not this test's."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from benchmarks import workshop_class as classbench

pytestmark = pytest.mark.usefixtures("celery_worker_process")


def test_a_small_class_sees_every_click_in_its_tab_and_on_its_sockets(browser: Browser, live_server_url: str) -> None:
    figures = classbench.measure(live_server_url, browser, followers=5, tabs=1, forks=1, clicks=3, warm_up_s=0.5)
    assert figures.missing == 0 and figures.errors == []
    assert [len(ms) for ms in figures.tab_ms] == [3]
    assert len(figures.socket_ms) == 3 * 4
    assert all(ms > 0 for ms in [*figures.tab_ms[0], *figures.socket_ms])  # after the click, on one clock
    assert figures.fork_events > 0  # the fork played (to its end, maybe not yet)
    assert "step drawn, tab 1 | 3 |" in figures.report()
