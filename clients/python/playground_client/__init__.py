"""The Kubernetes Scheduling Playground's REST API for scripts, typed.

``playground_api`` is generated from the OpenAPI schema (every endpoint, every shape); this module
is the little that a generator cannot know: who you are (a guest session with its CSRF token, or an
API token), that an error status is an exception carrying the API's message, and the usual
script — build a cluster, run it to the end, read the outcome — as one call::

    from playground_client import Playground

    from playground_client import node, pod, priority_class

    pg = Playground()  # $PLAYGROUND_URL (default http://127.0.0.1:8000); $PLAYGROUND_TOKEN, else a guest
    outcome = pg.play([priority_class("high", 1000), node("a", cpu="2"), pod("batch", cpu="2", node="a"),
                       pod("urgent", cpu="2", priority_class="high")])  # scenario, run, wait, outcome, stop
    for p in outcome.preemptions:
        print(p.preemptor, "preempted", p.victims, "on", p.node)

Any other endpoint: ``pg.call(module, **arguments)`` with a module of ``playground_api.api``.
"""
from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, Self

import httpx
from playground_api.api.api import (
    api_runs_commands_create,
    api_runs_create,
    api_runs_outcome_retrieve,
    api_runs_retrieve,
    api_runs_wait_retrieve,
    scenarios_import_post,
    scenarios_post,
)
from playground_api.client import AuthenticatedClient
from playground_api.models import (
    ApiRunsWaitRetrievePhase,
    ImportRequest,
    Outcome,
    RunCreateRequest,
    RunView,
    ScenarioDetail,
    ScenarioWriteRequest,
    StopCommand,
    Wait,
)
from playground_api.types import UNSET, Response

from playground_client.manifests import node, pdb, pod, priority_class

__all__ = ["Outcome", "Playground", "PlaygroundError", "WaitTimedOut", "WillNotHappen", "node", "pdb", "pod",
           "priority_class"]

DEFAULT_URL = "http://127.0.0.1:8000"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")
# A wait may take its whole ?timeout= (≤ 300 s) before the server answers.
HTTP_TIMEOUT = httpx.Timeout(30.0, read=330.0)
UNSETTLED = ("queued", "running", "settled", "paused")  # a run that still counts against the owner's limit


class PlaygroundError(Exception):
    """An answer with an error status: ``status``, the API's ``message`` and its whole ``body``."""

    def __init__(self, status: int, message: str, body: Any) -> None:
        super().__init__(f"{status}: {message}")
        self.status, self.message, self.body = status, message, body


class WaitTimedOut(PlaygroundError):
    """504 from a wait: the timeout passed before the run settled (or the pod reached its phase)."""


class WillNotHappen(PlaygroundError):
    """409 from a wait for a pod: the run settled without the pod reaching the phase."""


def error_for(response: Response[Any]) -> PlaygroundError:
    try:
        body = json.loads(response.content)
    except ValueError:
        body = response.content.decode(errors="replace")
    message = body.get("message", "") if isinstance(body, dict) else str(body)
    kind = {504: WaitTimedOut, 409: WillNotHappen}.get(response.status_code, PlaygroundError)
    return kind(int(response.status_code), message, body)


class Playground:
    """One person on one server: a guest (a session cookie, made on the first write, with the CSRF
    token sent on every write) or, with ``token``, the token's owner. ``url`` and ``token`` default
    to the environment's PLAYGROUND_URL and PLAYGROUND_TOKEN."""

    def __init__(self, url: str | None = None, token: str | None = None) -> None:
        url = url or os.environ.get("PLAYGROUND_URL") or DEFAULT_URL
        token = token or os.environ.get("PLAYGROUND_TOKEN") or None
        headers = {"Authorization": f"Token {token}"} if token else {}
        self.http = httpx.Client(base_url=url, headers=headers, timeout=HTTP_TIMEOUT,
                                 event_hooks={"request": [self._send_csrf_token]})
        self.client = AuthenticatedClient(base_url=url, token=token or "", prefix="Token")
        self.client.set_httpx_client(self.http)
        if not token:
            self.http.get("/api/me").raise_for_status()  # sets the csrftoken cookie

    def _send_csrf_token(self, request: httpx.Request) -> None:
        # Read afresh for each write: signing up and logging in rotate it (docs/api.md, CSRF).
        token = self.http.cookies.get("csrftoken")
        if request.method not in SAFE_METHODS and token:
            request.headers["X-CSRFToken"] = token

    def call(self, endpoint: ModuleType, **arguments: Any) -> Any:
        """``endpoint.sync_detailed`` (a module of ``playground_api.api``) with this client: the
        parsed answer, or PlaygroundError for an error status."""
        response: Response[Any] = endpoint.sync_detailed(client=self.client, **arguments)
        if response.status_code >= 400:
            raise error_for(response)
        return response.parsed

    def scenario(self, objects: Sequence[Mapping[str, Any]], title: str = "scripted", *,
                 settings: Mapping[str, Any] | None = None, visibility: str = "private") -> ScenarioDetail:
        """A new scenario of these manifests (``apiVersion`` may be left out)."""
        body = ScenarioWriteRequest.from_dict({"title": title, "objects": [dict(o) for o in objects],
                                               "settings": dict(settings or {}), "visibility": visibility})
        detail: ScenarioDetail = self.call(scenarios_post, body=body)
        return detail

    def scenario_yaml(self, text: str, title: str = "scripted", *, visibility: str = "private") -> ScenarioDetail:
        """A new scenario from multi-document YAML, as ``kubectl apply -f`` takes it."""
        body = ImportRequest.from_dict({"yaml": text, "title": title, "visibility": visibility})
        detail: ScenarioDetail = self.call(scenarios_import_post, body=body)
        return detail

    def run(self, scenario: str, *, seed: int | None = None, speed: float = 0, paused: bool = False) -> RunView:
        """Start a run of the scenario ``scenario`` (a slug); speed 0 = as fast as possible."""
        body = RunCreateRequest(scenario=scenario, seed=UNSET if seed is None else seed, speed=speed, paused=paused)
        view: RunView = self.call(api_runs_create, body=body)
        return view

    def wait(self, run: int, timeout: int = 60, *, pod: str | None = None, phase: str | None = None) -> Wait:
        """Until the run settles, or ``pod`` is in ``phase``. WaitTimedOut if ``timeout`` seconds
        pass first; WillNotHappen if the run settles without the pod getting there."""
        waited: Wait = self.call(api_runs_wait_retrieve, run_id=run, timeout=timeout, pod=pod or UNSET,
                                 phase=ApiRunsWaitRetrievePhase(phase) if phase else UNSET)
        return waited

    def outcome(self, run: int, seq: int | None = None) -> Outcome:
        """Where each pod is, who preempted whom and why, each node's load (after event ``seq``, default the last)."""
        result: Outcome = self.call(api_runs_outcome_retrieve, run_id=run, seq=UNSET if seq is None else seq)
        return result

    def stop(self, run: int) -> None:
        """Stop the run, so it no longer counts against your active runs."""
        self.call(api_runs_commands_create, run_id=run, body=StopCommand.from_dict({"type": "stop"}))

    def play(self, cluster: Sequence[Mapping[str, Any]] | str, *, seed: int | None = None, timeout: int = 60,
             settings: Mapping[str, Any] | None = None) -> Outcome:
        """Build a scenario (manifests, or YAML text), run it to the end, and return its outcome."""
        if isinstance(cluster, str):
            return self.play_scenario(self.scenario_yaml(cluster).slug, seed=seed, timeout=timeout)
        return self.play_scenario(self.scenario(cluster, settings=settings).slug, seed=seed, timeout=timeout)

    def play_scenario(self, slug: str, *, seed: int | None = None, timeout: int = 60) -> Outcome:
        """Run the scenario to the end and return its outcome; the run is stopped after (it would
        count against your active runs while it waits for a command)."""
        run = self.run(slug, seed=seed)
        try:
            self.wait(run.id, timeout)
            return self.outcome(run.id)
        finally:
            if self.call(api_runs_retrieve, run_id=run.id).status in UNSETTLED:
                self.stop(run.id)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
