"""Thin HTTP interfaces for workshops: parse, call one service or selector, serialise."""
from __future__ import annotations

import csv
import io
from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from playground import languages
from playground.accounts.api import enforce_csrf
from playground.api_errors import ErrorSerializer, InvalidDocuments, field_error
from playground.runs import selectors as runs
from playground.runs.api import RunViewSerializer
from playground.workshops import selectors, services
from playground.workshops import serializers as s
from playground.workshops.export_headers import heading_row
from playground.workshops.models import Participant, Workshop


def errors(*codes: int) -> dict[int, Any]:
    return {code: ErrorSerializer for code in codes}


def valid(serializer_class: type[Any], request: Request) -> dict[str, Any]:
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return dict(body.validated_data)


def hosted(request: Request, code: str) -> Workshop:
    workshop = selectors.workshop_by_code(code)
    if not selectors.is_instructor(request.user, workshop):
        raise PermissionDenied(f"only the instructor of workshop {workshop.code} can do that")
    return workshop


def joined(request: Request, code: str) -> Participant:
    workshop = selectors.workshop_by_code(code)
    participant = selectors.participant_of(request.user, workshop)
    if participant is None:
        raise PermissionDenied(f"join workshop {workshop.code} first (POST /api/workshops/{workshop.code}/join/)")
    participant.workshop = workshop
    return participant


class JsonApi(APIView):
    parser_classes = [JSONParser]


class WorkshopCreateApi(JsonApi):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=s.WorkshopCreateSerializer, summary="Lead a workshop from a lesson or a scenario", responses={201: s.WorkshopViewSerializer, **errors(400, 403, 404, 409, 429)})
    def post(self, request: Request) -> Response:
        body = valid(s.WorkshopCreateSerializer, request)
        workshop = services.create_workshop(request.user, lesson=body.get("lesson") or None,
                                            scenario=body.get("scenario") or None, title=body.get("title"))
        return Response(selectors.workshop_view(workshop), status=status.HTTP_201_CREATED)


class WorkshopDetailApi(JsonApi):
    permission_classes = [AllowAny]

    @extend_schema(summary="A workshop, and who I am in it (role: instructor, student, or null)", responses={200: s.WorkshopDetailSerializer})
    def get(self, request: Request, code: str) -> Response:
        workshop = selectors.workshop_by_code(code)
        participant = selectors.participant_of(request.user, workshop)
        role = "instructor" if selectors.is_instructor(request.user, workshop) else "student" if participant else None
        step = selectors.class_step(workshop)
        me = selectors.participant_view(participant, step) if participant else None
        return Response({**selectors.workshop_view(workshop, step), "role": role, "me": me})


class JoinApi(JsonApi):
    permission_classes = [AllowAny]

    @extend_schema(request=s.WorkshopJoinSerializer, summary="Join with a display name (an anonymous browser becomes a guest)", responses={201: s.JoinedSerializer, **errors(400, 403, 409)})
    def post(self, request: Request, code: str) -> Response:
        workshop = selectors.workshop_by_code(code)
        if not request.user.is_authenticated:
            enforce_csrf(request)
        body = valid(s.WorkshopJoinSerializer, request)
        participant = services.join(request._request, request.user, workshop, body["name"], body.get("language"))
        step = selectors.class_step(workshop)
        return Response({"workshop": selectors.workshop_view(workshop, step),
                         "me": selectors.participant_view(participant, step)}, status=status.HTTP_201_CREATED)


class RosterApi(JsonApi):
    @extend_schema(summary="Who joined, connected or not, following or on their own, step, answers", responses={200: s.RosterEntrySerializer(many=True), **errors(403)})
    def get(self, request: Request, code: str) -> Response:
        return Response(selectors.roster(hosted(request, code)))


class PushApi(JsonApi):
    @extend_schema(request=s.WorkshopPushSerializer, summary="Put a lesson, a scenario or a comparison on every screen", responses={200: s.WorkshopViewSerializer, **errors(400, 403, 409, 429)})
    def post(self, request: Request, code: str) -> Response:
        body = valid(s.WorkshopPushSerializer, request)
        workshop = services.push(hosted(request, code), request.user, lesson=body.get("lesson") or None,
                                 scenario=body.get("scenario") or None, compare=body.get("compare"))
        return Response(selectors.workshop_view(workshop))


class LockApi(JsonApi):
    @extend_schema(request=s.WorkshopLockSerializer, summary="Lock (everyone follows) or unlock the students' controls", responses={200: s.WorkshopViewSerializer, **errors(400, 403, 409)})
    def post(self, request: Request, code: str) -> Response:
        locked = valid(s.WorkshopLockSerializer, request)["locked"]
        return Response(selectors.workshop_view(services.set_locked(hosted(request, code), request.user, locked)))


class EndApi(JsonApi):
    @extend_schema(request=None, summary="End the workshop (answers and roster are kept for export)", responses={200: s.WorkshopViewSerializer, **errors(403, 409)})
    def post(self, request: Request, code: str) -> Response:
        return Response(selectors.workshop_view(services.end_workshop(hosted(request, code), request.user)))


class AskApi(JsonApi):
    @extend_schema(request=s.WorkshopAskSerializer, summary="Put one of the lesson's questions to the class", responses={201: s.QuestionViewSerializer, **errors(400, 403, 409)})
    def post(self, request: Request, code: str) -> Response:
        workshop = hosted(request, code)
        question = services.ask(workshop, request.user, valid(s.WorkshopAskSerializer, request)["question"])
        return Response(selectors.question_view(question, host=True), status=status.HTTP_201_CREATED)


class RevealApi(JsonApi):
    @extend_schema(request=None, summary="Reveal a question's answer and tally to everyone at once", responses={200: s.QuestionViewSerializer, **errors(400, 403, 409)})
    def post(self, request: Request, code: str, key: str) -> Response:
        question = services.reveal(hosted(request, code), request.user, key)
        return Response(selectors.question_view(question, host=True))


class AnswerApi(JsonApi):
    @extend_schema(request=s.WorkshopAnswerSerializer, summary="My prediction (changeable until the reveal)", responses={200: s.AnswerViewSerializer, **errors(400, 403, 409)})
    def post(self, request: Request, code: str, key: str) -> Response:
        participant = joined(request, code)
        answer = services.answer(participant, key, valid(s.WorkshopAnswerSerializer, request)["choice"])
        return Response({"question": key, "choice": answer.choice})


class TryApi(JsonApi):
    @extend_schema(request=None, summary="Try it myself: my own run forked from the instructor's current point", responses={201: RunViewSerializer, **errors(400, 403, 409, 429)})
    def post(self, request: Request, code: str) -> Response:
        fork = services.try_it_myself(joined(request, code))
        return Response(runs.run_view(fork, request.user), status=status.HTTP_201_CREATED)


class BackApi(JsonApi):
    @extend_schema(request=None, summary="Back to the class: follow the instructor again", responses={204: None, **errors(403, 409)})
    def post(self, request: Request, code: str) -> Response:
        services.back_to_class(joined(request, code))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ExportJsonApi(JsonApi):
    @extend_schema(summary="Results as JSON: workshop, roster with answers, questions with tallies", responses={200: s.ExportSerializer, **errors(403)})
    def get(self, request: Request, code: str) -> Response:
        workshop = hosted(request, code)
        response = Response(selectors.export_json(workshop))
        response["Content-Disposition"] = f'attachment; filename="workshop-{workshop.code}.json"'
        return response


class ExportCsvApi(JsonApi):
    @extend_schema(summary="Results as CSV: one row per student and question, headed in the instructor's language",
                   parameters=[OpenApiParameter("lang", str, enum=list(languages.LANGUAGES), required=False,
                                                description="the headings' language; default: the instructor's "
                                                "profile language, else English")],
                   responses={(200, "text/csv"): str, **errors(400, 403)})
    def get(self, request: Request, code: str) -> HttpResponse:
        workshop = hosted(request, code)
        language = export_language(request, workshop)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=selectors.EXPORT_COLUMNS)
        writer.writerow(dict(zip(selectors.EXPORT_COLUMNS, heading_row(selectors.EXPORT_COLUMNS, language))))
        writer.writerows({k: spreadsheet_safe(v) for k, v in row.items()} for row in selectors.export_rows(workshop))
        response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="workshop-{workshop.code}.csv"'
        return response


def export_language(request: Request, workshop: Workshop) -> str:
    asked = request.query_params.get("lang")
    if asked is not None:
        if languages.supported(asked) is None:
            raise InvalidDocuments([field_error("lang", languages.invalid_message(asked), value=asked)])
        return asked
    return languages.chosen_by(workshop.instructor) or languages.ENGLISH


# OWASP "CSV Injection": a cell a spreadsheet would read as a formula gets a leading quote.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value
