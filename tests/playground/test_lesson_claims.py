"""What a step's text says the screen shows — a pod's STATUS, the time now, a start time — is
checked against the state at the step's event (playground/lessons/claims.py)."""
from __future__ import annotations

from typing import Any

import pytest

from playground.lessons.claims import check_now, check_phases, check_start_times


def make_pod(name: str, phase: str = "Running", terminating: bool = False, start: float | None = 0.0) -> dict[str, Any]:
    return {"name": name, "key": f"default/{name}", "phase": phase, "startTime": start,
            "deletionTimestamp": 5.0 if terminating else None}


STATE = {"pods": [make_pod("batch-1", terminating=True, start=-3600.0), make_pod("api", start=-259200.0),
                  make_pod("web", start=-600.0), make_pod("checkout", phase="Pending", start=None)]}


@pytest.mark.parametrize(("text", "problems"), [
    pytest.param("`batch-1` is now **Terminating**.", [], id="a STATUS the state shows"),
    pytest.param("`api` **Terminating** comes first.", ["the text says api is Terminating but the state at its event shows Running"],
                 id="a bold STATUS right after the pod"),
    pytest.param("`kubectl get pods` shows `pod/checkout`. It stays Pending.", [], id="kubectl's pod/name, and 'stays'"),
    pytest.param("You see `api` and `web` **Pending**.",
                 ["the text says web is Pending but the state at its event shows Running",
                  "the text says api is Pending but the state at its event shows Running"], id="pods listed together"),
    pytest.param("`web` preempts `batch-1`, now **Terminating**.", [], id="only the nearest pod, not the whole sentence"),
    pytest.param("`checkout` is **Pending**.\n\nIt is **Running**.", [], id="the subject is looked for in the paragraph"),
    pytest.param("`node-1` is **Running** low.", [], id="a name that is no pod is not checked"),
    pytest.param("`web` reads `status.phase: Pending`.", [], id="a STATUS inside code is not a claim"),
    pytest.param("The pod stays **Pending** for a while.", [], id="no pod named: nothing to check"),
])
def test_a_status_a_text_gives_a_pod_is_the_one_the_state_shows(text: str, problems: list[str]) -> None:
    assert check_phases(text, STATE) == problems


@pytest.mark.parametrize(("text", "problems"), [
    pytest.param("Now, at t=41, the controller acts.", [], id="now is the event's time"),
    pytest.param("The run is paused at t=40.", ["the text says it is t=40 but its event happens at t=41.0"], id="paused at"),
    pytest.param("It was gone at t=40; later it comes back.", [], id="a past time is not 'now'"),
])
def test_a_time_a_text_calls_now_is_the_event_s_time(text: str, problems: list[str]) -> None:
    assert check_now(text, {"t": 41.0}) == problems


@pytest.mark.parametrize(("text", "problems"), [
    pytest.param("| age-1 | api (100) | 2025-12-29 00:00 — three days before t=0 |", [], id="a table row, date and words"),
    pytest.param("| age-1 | api (100) | 2025-12-30 00:00 — two days before t=0 |",
                 ["the text gives the start time '2025-12-30 00:00' but the state shows api 2025-12-29 00:00:00 (t=-259200)",
                  "the text gives the start time 'two days before t=0' but the state shows api 2025-12-29 00:00:00 (t=-259200)"],
                 id="a row whose pod started earlier"),
    pytest.param("`web` started 2025-12-31 23:50, an hour before t=0.",
                 ["the text gives the start time 'an hour before t=0' but the state shows web 2025-12-31 23:50:00 (t=-600)",
                  "the text's start times disagree: '2025-12-31 23:50', 'an hour before t=0'"],
                 id="date and words that disagree"),
    pytest.param("`batch-1` started 2025-12-31T23:00:00Z.", [], id="an RFC 3339 start time"),
    pytest.param("t=0 is 2026-01-01 00:00. Then web binds.", [], id="a date in a sentence naming no pod is not a start time"),
])
def test_a_start_time_a_text_gives_is_the_pod_s(text: str, problems: list[str]) -> None:
    assert check_start_times(text, STATE) == problems
