"""Throttle counts and login failures live in Django's cache: each test starts with none."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def fresh_throttles() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def no_steps_read() -> Iterator[None]:
    """What a process has read of runs' lesson steps (workshops.selectors): each test starts with none."""
    from playground.workshops import selectors

    selectors.forget_steps()
    yield
    selectors.forget_steps()
