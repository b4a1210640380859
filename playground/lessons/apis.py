"""Read-only HTTP interface to the built-in lessons, in the language asked for."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from playground import languages
from playground.api_errors import ErrorSerializer, InvalidDocuments, field_error
from playground.lessons import selectors
from playground.lessons.serializers import GlossaryTermSerializer, LessonSerializer

LANG = OpenApiParameter(
    "lang", str, enum=list(languages.LANGUAGES), required=False,
    description="the texts' language (en, zh-CN); default: the person's chosen language, else English. "
                "A lesson not yet translated comes in English (its `language` says which).")


def asked_language(request: Request) -> str:
    try:
        return languages.asked(request.query_params, request.user)
    except ValueError as exc:
        raise InvalidDocuments([field_error("lang", str(exc), value=request.query_params.get("lang"))]) from exc


def lesson_data(lesson: selectors.Lesson, language: str) -> dict[str, object]:
    shown = selectors.in_language(lesson, language)
    written_in = language if shown is not lesson else languages.ENGLISH
    return {**LessonSerializer(shown).data, "language": written_in}


class LessonListApi(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(parameters=[LANG], responses={200: LessonSerializer(many=True), 400: ErrorSerializer},
                   summary="The built-in lessons, in order")
    def get(self, request: Request) -> Response:
        language = asked_language(request)
        return Response([lesson_data(lesson, language) for lesson in selectors.lesson_list()])


class LessonDetailApi(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(parameters=[LANG], responses={200: LessonSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
                   summary="One lesson: its scenario, steps and questions")
    def get(self, request: Request, slug: str) -> Response:
        return Response(lesson_data(selectors.lesson_by_slug(slug), asked_language(request)))


class GlossaryApi(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(parameters=[LANG], responses={200: GlossaryTermSerializer(many=True), 400: ErrorSerializer},
                   summary="The glossary: the terms lessons and the screen use")
    def get(self, request: Request) -> Response:
        return Response(GlossaryTermSerializer(selectors.glossary(asked_language(request)), many=True).data)
