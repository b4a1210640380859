"""Thin HTTP interfaces for runs: parse, call one selector or service, serialise."""
from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from playground.accounts.authentication import acting_user
from playground.api_errors import error_body, summary_message
from playground.runs import selectors, services
from playground.runs import serializers as s
from playground.runs.models import Run, RunCommand
from playground.scenarios.selectors import readable_scenario

MAX_WAIT_SECONDS = 300


def query_int(request: Request, name: str, default: int | None, minimum: int = 0) -> int | None:
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        value = minimum - 1
    if value < minimum:
        raise ValidationError({name: [f"must be an integer ≥ {minimum}, got {raw!r}"]})
    return value


def watched_run(request: Request, run_id: int) -> Run:
    services.recover_stale_runs_throttled()
    run = selectors.run_for_watcher(request.user, run_id)
    if run is None:
        raise NotFound(f"no run {run_id} (or its scenario is private)")
    return run


class RunListCreateApi(APIView):
    @extend_schema(parameters=[OpenApiParameter("scenario", str, description="slug; default: my runs")],
                   responses=s.RunViewSerializer(many=True))
    def get(self, request: Request) -> Response:
        slug = request.query_params.get("scenario")
        runs = selectors.runs_of_scenario(request.user, slug) if slug else selectors.runs_of_owner(request.user)
        return Response([selectors.run_view(run, request.user) for run in runs[:100]])

    @extend_schema(request=s.RunCreateSerializer, responses={201: s.RunViewSerializer})
    def post(self, request: Request) -> Response:
        body = s.RunCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        scenario = readable_scenario(request.user, body.validated_data["scenario"])
        run = services.start_run(acting_user(request), scenario, body.validated_data.get("seed"),
                                 body.validated_data.get("speed"))
        return Response(selectors.run_view(run, request.user), status=status.HTTP_201_CREATED)


class RunDetailApi(APIView):
    @extend_schema(responses=s.RunViewSerializer)
    def get(self, request: Request, run_id: int) -> Response:
        return Response(selectors.run_view(watched_run(request, run_id), request.user))


class RunEventsApi(APIView):
    @extend_schema(parameters=[OpenApiParameter("after", int), OpenApiParameter("limit", int)])
    def get(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        after = query_int(request, "after", 0)
        limit = min(query_int(request, "limit", selectors.MAX_EVENTS_PAGE, 1) or 1, selectors.MAX_EVENTS_PAGE)
        events = selectors.events_after(run.pk, after or 0, limit)
        return Response({"events": events, "lastSeq": run.last_seq,
                         "more": bool(events) and events[-1]["seq"] < run.last_seq})


class RunStateApi(APIView):
    @extend_schema(parameters=[OpenApiParameter("seq", int, description="default: the last stored event")])
    def get(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        seq = query_int(request, "seq", None, 1)
        if seq is not None and seq > run.last_seq:
            raise ValidationError({"seq": [f"run {run.pk} has {run.last_seq} events so far, got {seq}"]})
        state = selectors.state_at(run.pk, seq)
        if state is None:
            raise NotFound(f"run {run.pk} has no events yet")
        return Response(state)


class RunCommandsApi(APIView):
    def get(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        return Response([selectors.command_view(c) for c in RunCommand.objects.filter(run=run).order_by("seq")])

    @extend_schema(request=s.CommandSerializer)
    def post(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        if isinstance(request.data, dict) and request.data.get("type") == "restart":
            fresh = services.restart_run(run, request.user)
            return Response({"command": None, "run": selectors.run_view(fresh, request.user)},
                            status=status.HTTP_201_CREATED)
        command = services.await_command(services.submit_command(run, request.user, request.data))
        return command_response(command, request)


def command_response(command: RunCommand, request: Request) -> Response:
    view = selectors.command_view(command)
    if command.status == RunCommand.Status.REJECTED:
        errors = [command.error or {}]
        return Response(error_body(summary_message(errors), errors, command=view), status=400)
    run = Run.objects.select_related("owner__profile").get(pk=command.run_id)
    code = status.HTTP_200_OK if command.status == RunCommand.Status.APPLIED else status.HTTP_202_ACCEPTED
    return Response({"command": view, "run": selectors.run_view(run, request.user)}, status=code)


class RunWaitApi(APIView):
    @extend_schema(parameters=[OpenApiParameter("timeout", int, description=f"seconds, ≤ {MAX_WAIT_SECONDS}")])
    def get(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        timeout = min(query_int(request, "timeout", 60) or 0, MAX_WAIT_SECONDS)
        run, settled = services.await_settled(run, float(timeout))
        body: dict[str, Any] = {**selectors.run_view(run, request.user), "settled": settled}
        return Response(body)
