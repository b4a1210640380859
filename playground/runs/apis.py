"""Thin HTTP interfaces for runs: parse, call one selector or service, serialise."""
from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from playground import streams, throttles
from playground.accounts import services as accounts
from playground.accounts.api import acting_user
from playground.api_errors import ErrorSerializer, error_body, summary_message
from playground.runs import forks, recovery, selectors, services
from playground.runs import serializers as s
from playground.runs.models import Run, RunCommand
from playground.scenarios.api import held_links, remember_link
from playground.scenarios.selectors import linked_scenario, scenario_to_start
from playground.strict import StrictPagination
from scheduler_core.metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE

MAX_WAIT_SECONDS = 300


def errors(*codes: int) -> dict[int, Any]:
    return {code: ErrorSerializer for code in codes}


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


def query_flag(request: Request, name: str) -> bool:
    raw = request.query_params.get(name, "false")
    if raw not in ("true", "false"):
        raise ValidationError({name: [f"must be true or false, got {raw!r}"]})
    return raw == "true"


def watched_run(request: Request, run_id: int) -> Run:
    recovery.recover_stale_runs_throttled()
    run = selectors.run_for_watcher(request.user, run_id, held_links(request.session))
    if run is None:
        raise NotFound(f"no run {run_id} (or its scenario is private)")
    return run


class RunListCreateApi(APIView):
    @extend_schema(operation_id="runs_list", parameters=[
                       OpenApiParameter("scenario", str, description="slug; default: my runs"),
                       OpenApiParameter("active", bool, description=(
                           "true: only my runs that count against my active-run limit (docs/runs.md)")),
                               OpenApiParameter("page", int), OpenApiParameter("page_size", int)],
                   responses={200: s.RunPageSerializer, **errors(400, 404)})
    def get(self, request: Request) -> Response:
        slug = request.query_params.get("scenario")
        runs = self.runs_of_scenario(request, slug) if slug else selectors.runs_of_owner(request.user)
        if query_flag(request, "active"):
            runs = runs.filter(owner_id=request.user.pk or -1, pk__in=services.active_runs(request.user))
        paginator = StrictPagination()  # paged like the scenario list
        page = paginator.paginate_queryset(runs.order_by("-created_at", "-id"), request, view=self)
        return paginator.get_paginated_response([selectors.run_view(run, request.user) for run in page or []])

    def runs_of_scenario(self, request: Request, slug: str) -> Any:
        scenario = linked_scenario(request.user, slug)
        if scenario is not None:
            remember_link(request._request, scenario)
        return selectors.runs_of_scenario(request.user, scenario, slug)

    @extend_schema(request=s.RunCreateSerializer,
                   responses={201: s.RunViewSerializer, **errors(400, 403, 404, 409, 429)})
    def post(self, request: Request) -> Response:
        body = s.RunCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        throttles.per_owner(request, "run_start")
        scenario = scenario_to_start(request.user, body.validated_data["scenario"])
        data = body.validated_data
        with acting_user(request, one_statement=True) as owner:  # start_run: one INSERT for a new guest
            run = services.start_run(owner, scenario, data.get("seed"), data.get("speed"),
                                     paused=data.get("paused"), lesson=data.get("lesson"))
        return Response(selectors.run_view(run, request.user), status=status.HTTP_201_CREATED,
                        headers={"Location": reverse("run-detail", kwargs={"run_id": run.pk})})


class RunDetailApi(APIView):
    @extend_schema(responses={200: s.RunViewSerializer, **errors(404)})
    def get(self, request: Request, run_id: int) -> Response:
        return Response(selectors.run_view(watched_run(request, run_id), request.user))

    @extend_schema(request=None, responses={204: None, **errors(403, 404, 409)},
                   summary="Delete my run (stopped if active): its events and commands go, its bytes leave my quota",
                   description="204: deleted. 403: a run you may watch but do not own. 404: no such run, or one you "
                               "may not watch. 409: a workshop in progress uses it (its class run, a student's own "
                               "try); end the workshop first.")
    def delete(self, request: Request, run_id: int) -> Response:
        services.delete_run(watched_run(request, run_id), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RunEventsApi(APIView):
    @extend_schema(parameters=[OpenApiParameter("after", {"type": "integer", "minimum": 0}),
                               OpenApiParameter("limit", {"type": "integer", "minimum": 1})],
                   responses={200: s.EventsPageSerializer, **errors(400, 404)})
    def get(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        after = query_int(request, "after", 0)
        limit = min(query_int(request, "limit", selectors.MAX_EVENTS_PAGE, 1) or 1, selectors.MAX_EVENTS_PAGE)
        events = selectors.events_after(run.pk, after or 0, limit)
        return Response({"events": events, "lastSeq": run.last_seq,
                         "more": bool(events) and events[-1]["seq"] < run.last_seq})


def step_seq(request: Request, run: Run) -> int | None:
    """`?seq=`: a stored event of the run (None: the last)."""
    seq = query_int(request, "seq", None, 1)
    if seq is not None and seq > run.last_seq:
        raise ValidationError({"seq": [f"run {run.pk} has {run.last_seq} events so far, got {seq}"]})
    return seq


class RunStateApi(APIView):
    @extend_schema(parameters=[OpenApiParameter("seq", {"type": "integer", "minimum": 1},
                                               description="default: the last stored event")],
                   responses={200: OpenApiTypes.OBJECT, **errors(400, 404)})
    def get(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        seq = step_seq(request, run)
        state = selectors.state_at(run.pk, seq)
        if state is None:
            raise NotFound(f"run {run.pk} has no events yet")
        return Response(state)


class PlainTextRenderer(BaseRenderer):
    """Lets a scraper ask for text/plain (Prometheus does); an error body is then its JSON as text."""
    media_type = "text/plain"
    format = "txt"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        return data.encode() if isinstance(data, str) else json.dumps(data).encode()


class RunMetricsApi(APIView):
    """kube-scheduler's /metrics for this run (also at /k8s/runs/<id>/metrics, docs/kubectl.md)."""

    renderer_classes = [*api_settings.DEFAULT_RENDERER_CLASSES, PlainTextRenderer]

    @extend_schema(parameters=[OpenApiParameter("seq", {"type": "integer", "minimum": 1},
                                               description="default: the last stored event")],
                   responses={(200, "text/plain"): OpenApiTypes.STR, **errors(400, 404)})
    def get(self, request: Request, run_id: int) -> HttpResponse:
        run = watched_run(request, run_id)
        text = selectors.metrics_at(run.pk, step_seq(request, run))
        if text is None:
            raise NotFound(f"run {run.pk} has no events yet")
        return HttpResponse(text, content_type=METRICS_CONTENT_TYPE)


class RunCommandsApi(APIView):
    @extend_schema(responses={200: s.CommandViewSerializer(many=True), **errors(404)})
    def get(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        return Response([selectors.command_view(c) for c in RunCommand.objects.filter(run=run).order_by("seq")])

    @extend_schema(request={"application/json": s.COMMAND}, responses={
        200: s.CommandResultSerializer, 201: s.CommandResultSerializer, 202: s.CommandResultSerializer,
        400: s.CommandRejectedSerializer, **errors(403, 404, 409, 429)},
        description="200: applied; 202: the worker has not answered yet (GET commands/ later); 201: restart "
                    "(a new run, in `run`); 400: refused (the error names the field, `command` the record)")
    def post(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        throttles.per_owner(request, "run_command")
        with services.verdict_listener(run.pk) as verdict_of:
            result = services.submit(run, request.user, request.data)
            if isinstance(result, Run):  # restart: the new run
                return Response({"command": None, "run": selectors.run_view(result, request.user)},
                                status=status.HTTP_201_CREATED,
                                headers={"Location": reverse("run-detail", kwargs={"run_id": result.pk})})
            command = verdict_of(result)
        return command_response(command, request, run)


def command_response(command: RunCommand, request: Request, run: Run) -> Response:
    view = selectors.command_view(command)
    if command.status == RunCommand.Status.REJECTED:
        errors = [command.error or {}]
        return Response(error_body(summary_message(errors), errors, command=view), status=400)
    selectors.refresh_live(run)
    code = status.HTTP_200_OK if command.status == RunCommand.Status.APPLIED else status.HTTP_202_ACCEPTED
    return Response({"command": view, "run": selectors.run_view(run, request.user)}, status=code)


class RunOutcomeApi(APIView):
    @extend_schema(parameters=[OpenApiParameter("seq", {"type": "integer", "minimum": 1},
                                               description="default: the last stored event")],
                   responses={200: s.OutcomeSerializer, **errors(400, 404)},
                   description="Where each pod ended, every preemption (preemptor, node, victims, the deciding "
                               "criterion, PDB violations), each node's allocation, the run's virtual time: the "
                               "state/ fold plus what the events add (docs/runs.md, Outcome).")
    def get(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        seq = step_seq(request, run)
        outcome = selectors.outcome_at(run.pk, seq or run.last_seq) if run.last_seq else None
        if outcome is None:
            raise NotFound(f"run {run.pk} has no events yet")
        return Response({"run": run.pk, "seq": seq or run.last_seq, "status": run.status,
                         "settled": selectors.is_settled(run), **outcome})


POD_PHASES = ("Pending", "Running", "Terminating", "Succeeded")


def wait_condition(request: Request) -> services.PodPhase | None:
    pod, phase = request.query_params.get("pod"), request.query_params.get("phase")
    if pod is None and phase is None:
        return None
    if not pod:
        raise ValidationError({"pod": ['is required with phase: a pod key like "default/web"']})
    if phase not in POD_PHASES:
        raise ValidationError({"phase": [f"must be one of {', '.join(POD_PHASES)}, got {phase!r}"]})
    return services.PodPhase(pod if "/" in pod else f"default/{pod}", phase)


class RunWaitApi(APIView):
    @extend_schema(parameters=[
        OpenApiParameter("timeout", int, description=f"seconds, ≤ {MAX_WAIT_SECONDS} (default 60)"),
        OpenApiParameter("pod", str, description='wait for this pod ("<namespace>/<name>", or a name in default) '
                                                 "to be in `phase` instead of for the run to settle"),
        OpenApiParameter("phase", str, enum=POD_PHASES, description="with pod: the phase to wait for")],
        responses={200: s.WaitSerializer, 409: s.WaitFailedSerializer, 504: s.WaitFailedSerializer, **errors(400, 404, 429)},
        description="200: the run settled (or the pod is in `phase`). 504: the timeout passed first (the body "
                    "is the run as it is, `settled: false`). 409: waiting for a pod, the run settled without "
                    "it reaching `phase` (nothing changes it without a command).")
    def get(self, request: Request, run_id: int) -> Response:
        run = watched_run(request, run_id)
        timeout = min(query_int(request, "timeout", 60) or 0, MAX_WAIT_SECONDS)
        condition = wait_condition(request)
        slot = streams.acquire(streams.client_of(request._request))
        try:
            waited = services.await_run(run, float(timeout), condition)
        finally:
            slot.release()
        body: dict[str, Any] = {**selectors.run_view(waited.run, request.user), "settled": waited.settled}
        if condition is not None:
            body["pod"] = waited.pod
        if waited.met:
            return Response(body)
        if waited.settled and condition is not None:
            return Response({**body, **error_body(unmet_message(waited, condition))}, status=status.HTTP_409_CONFLICT)
        # Kubernetes answers a request that ran out of time with 504 and reason Timeout
        # (apimachinery pkg/api/errors NewTimeoutError): the server may still be doing the work.
        return Response({**body, **error_body(timeout_message(waited, condition, timeout))},
                        status=status.HTTP_504_GATEWAY_TIMEOUT)


def timeout_message(waited: services.Waited, condition: services.PodPhase | None, timeout: int) -> str:
    if condition is None:
        return f"timed out after {timeout} s waiting for run {waited.run.pk} to settle (it is {waited.run.status})"
    return f"timed out after {timeout} s waiting for {condition.key} to be {condition.phase}"


def unmet_message(waited: services.Waited, condition: services.PodPhase) -> str:
    pod = waited.pod
    now = "does not exist" if pod is None else f"is {pod['phase']}" + (f" on {pod['nodeName']}" if pod["nodeName"] else "")
    return (f"run {waited.run.pk} settled ({waited.run.status}) and {condition.key} {now}: it will not be "
            f"{condition.phase} without a command")


class RunForkApi(APIView):
    @extend_schema(request=s.RunForkSerializer, summary="Fork a run at one of its events (paused there): what if…?",
                   responses={201: s.RunViewSerializer, **errors(400, 403, 429)})
    def post(self, request: Request, run_id: int) -> Response:
        run = selectors.run_for_watcher(request.user, run_id, held_links(request.session))
        if run is None:
            raise NotFound(f"no run {run_id} (or its scenario is private)")
        body = s.RunForkSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        with acting_user(request) as owner:
            fork = forks.fork_run(owner, run, body.validated_data["seq"], held_links(request.session))
        return Response(selectors.run_view(fork, request.user), status=status.HTTP_201_CREATED)


class RunWsTicketApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: s.WsTicketSerializer, **errors(401, 404)},
                   summary="A single-use ticket to open this run's WebSocket (?ticket=) without a token in the URL")
    def post(self, request: Request, run_id: int) -> Response:
        if selectors.run_for_watcher(request.user, run_id, held_links(request.session)) is None:
            raise NotFound(f"no run {run_id} (or its scenario is private)")
        ticket, seconds = accounts.create_ws_ticket(request.user, run_id)
        return Response({"ticket": ticket, "expiresIn": seconds, "url": f"/ws/runs/{run_id}/?ticket={ticket}"})
