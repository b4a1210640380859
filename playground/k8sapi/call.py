"""One request against one run's API, and how answers are written (JSON, with Warning headers)."""
from __future__ import annotations

import json
import time
from typing import Any

import yaml
from django.http import HttpRequest, HttpResponse

from playground.k8sapi import auth, protobuf
from playground.k8sapi import status as st
from playground.k8sapi.resources import Resource
from playground.k8sapi.world import World, load
from playground.runs import selectors
from playground.runs.api import Run
from playground.runs.selectors import User


def respond(body: Any, code: int = 200, content_type: str = "application/json",
            warnings: list[str] | None = None) -> HttpResponse:
    response = HttpResponse(json.dumps(body), status=code, content_type=content_type)
    if warnings:
        response.headers["Warning"] = ", ".join(f"299 - {json.dumps(text)}" for text in warnings)
    return response


def error_response(error: st.ApiError) -> HttpResponse:
    """A metav1.Status error as the answer, with Retry-After when the error gives one."""
    response = respond(error.status(), error.code)
    if error.details and "retryAfterSeconds" in error.details:
        response.headers["Retry-After"] = str(error.details["retryAfterSeconds"])
    return response


class Call:
    """One request against one run."""

    def __init__(self, request: HttpRequest, run: Run, user: User, prefix: str) -> None:
        self.request, self.run, self.user, self.prefix = request, run, user, prefix
        self.query = request.GET
        self.as_table = "as=Table" in request.headers.get("Accept", "")
        self.wall = time.time()  # one reading of the clock per request: every date in the answer agrees

    def world(self) -> World:
        """The run as of now (re-read: a write in this request has moved it on)."""
        self.refresh()
        world = self.load()
        if world is None:
            raise st.service_unavailable(f"run {self.run.pk} has not started yet: no state to serve")
        return world

    def refresh(self) -> None:
        self.run.refresh_from_db(fields=["last_seq", "time", "status", "clock_wall", "speed", "updated_at"])

    def load(self, seq: int | None = None) -> World | None:
        """The run after event `seq`, its dates on this request's clock."""
        return load(self.run, seq, self.wall)

    def body(self) -> dict[str, Any]:
        if self.request.headers.get("Content-Type", "").split(";")[0].strip() == protobuf.MEDIA_TYPE:
            return protobuf.decode(self.request.body)  # kubectl's typed commands (create namespace…)
        try:
            data = yaml.safe_load(self.request.body or b"{}")
        except yaml.YAMLError as exc:
            raise st.bad_request(f"the body of the request could not be decoded: {exc}") from exc
        if not isinstance(data, dict):
            raise st.bad_request("the body of the request must be one object")
        return data

    def require_owner(self, resource: Resource, verb: str, namespace: str | None, name: str | None = None) -> None:
        if not selectors.can_control(self.user, self.run):
            # The authorizer's words only, as RBAC's denial (it gives no reason): only the owner may write.
            raise st.forbidden(resource, auth.username(self.user), verb, namespace, "", name)
