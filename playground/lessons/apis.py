"""Read-only HTTP interface to the built-in lessons."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from playground.lessons import selectors
from playground.lessons.serializers import GlossaryTermSerializer, LessonSerializer


class LessonListApi(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(responses=LessonSerializer(many=True), summary="The built-in lessons, in order")
    def get(self, request: Request) -> Response:
        return Response(LessonSerializer(selectors.lesson_list(), many=True).data)


class LessonDetailApi(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(responses=LessonSerializer, summary="One lesson: its scenario, steps and questions")
    def get(self, request: Request, slug: str) -> Response:
        return Response(LessonSerializer(selectors.lesson_by_slug(slug)).data)


class GlossaryApi(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(responses=GlossaryTermSerializer(many=True), summary="The glossary: the terms lessons and the screen use")
    def get(self, request: Request) -> Response:
        return Response(GlossaryTermSerializer(selectors.glossary(), many=True).data)
