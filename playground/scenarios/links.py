"""The unlisted scenarios a browser session was given the link of (it read one by its slug).

Run ids are sequential, so a run's number is no secret: the runs of an unlisted scenario are open
only to those holding the scenario's link (runs.selectors.opens_runs). Held per session, so an
anonymous visitor who opened a shared link can watch its runs without an account.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest

from playground.scenarios.models import Scenario, Visibility

SESSION_KEY = "scenario_links"
MAX_HELD = 200  # the most recent ones; a session is a cookie's worth of state, not a list of the site


def remember(request: HttpRequest, scenario: Scenario) -> None:
    if scenario.visibility != Visibility.UNLISTED or scenario.owner_id == request.user.pk:
        return
    held = list(request.session.get(SESSION_KEY, []))
    if scenario.slug in held:
        return
    request.session[SESSION_KEY] = [*held, scenario.slug][-MAX_HELD:]


def held(session: Mapping[str, Any] | None) -> frozenset[str]:
    """The slugs a session holds links to (none for a script's token or a socket without a session)."""
    if session is None:
        return frozenset()
    return frozenset(session.get(SESSION_KEY, ()))
