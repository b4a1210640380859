"""Shared pytest setup: the live fixtures of tests/live.py, and automatic markers.

Unit tests use pytest-django's own test database (`db`, `django_db`). A test that asks for a
live fixture is marked `integration`, one that asks for `page`/`browser` (or lives in tests/e2e)
is marked `e2e`, so `pytest -m "not integration and not e2e"` runs just the fast unit tests.
They also run in that order: unit, integration, e2e.
"""
from __future__ import annotations

from collections.abc import Generator

import pytest

from tests.live import (  # noqa: F401  (fixtures are found by name)
    BROWSER_FIXTURES,
    LIVE_FIXTURES,
    browser,
    celery_worker_process,
    live_database_url,
    live_env,
    live_logs,
    live_manage,
    live_server_url,
    page,
    redis_url,
)


def pytest_configure(config: pytest.Config) -> None:
    # WhiteNoise warns that STATIC_ROOT does not exist until collectstatic or `make run` made it.
    config.addinivalue_line("filterwarnings", "ignore:No directory at:UserWarning")


def kind_of(item: pytest.Item) -> int:
    """0 unit, 1 integration, 2 e2e: from an explicit marker, the fixtures used, or tests/e2e/."""
    fixtures = set(getattr(item, "fixturenames", ()))
    if item.get_closest_marker("e2e") or fixtures & BROWSER_FIXTURES or "/tests/e2e/" in str(item.path):
        return 2
    return 1 if item.get_closest_marker("integration") or fixtures & LIVE_FIXTURES else 0


def pytest_itemcollected(item: pytest.Item) -> None:
    # Marked as collected, so `-m` (applied in pytest_collection_modifyitems) sees the markers.
    kind = kind_of(item)
    if kind == 2:
        item.add_marker(pytest.mark.e2e)
    elif kind == 1:
        item.add_marker(pytest.mark.integration)
    # With pytest-xdist's `--dist loadgroup` (make test), a file's tests of one kind go to one worker
    # together (its module fixtures are made once), and a worker takes groups in the order sorted
    # below (scripts/test.py keeps xdist from reordering them), so a worker that has opened the
    # browser runs only browser tests after it.
    item.add_marker(pytest.mark.xdist_group(f"{kind}:{item.path.relative_to(item.config.rootpath)}"))


@pytest.hookimpl(trylast=True)  # after pytest-django's own database-usage ordering, which this keeps
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Unit tests first (fast feedback), browser tests last: Playwright's sync API keeps an event
    # loop running in the main thread while the browser is open, which breaks async_to_sync there.
    items.sort(key=kind_of)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    # Lets the `page` fixture know, in its teardown, whether the test failed (screenshot then).
    report = yield
    if report.failed:
        item.failed_phase = report.when  # type: ignore[attr-defined]
    return report
