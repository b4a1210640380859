"""Output shapes of /api/lessons/ (read-only), written out for drf-spectacular."""
from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from playground.lessons.selectors import find_lesson, question_choices, scenario_slug
from playground.lessons.tooling import TRIGGER_SCHEMA, Lesson, Question, Variant, offers_none


@extend_schema_field(TRIGGER_SCHEMA)
class TriggerField(serializers.JSONField):
    pass


class StepSerializer(serializers.Serializer):
    title = serializers.CharField()
    markdown = serializers.CharField()
    at = TriggerField()


class QuestionSerializer(serializers.Serializer):
    id = serializers.CharField()
    prompt = serializers.CharField()
    kind = serializers.ChoiceField(choices=["node", "pod"])
    answer = serializers.CharField(help_text="A node name, or a pod key '<namespace>/<name>'.")
    explanation = serializers.CharField()
    revealAt = TriggerField(source="reveal_at")
    askAt = serializers.IntegerField(source="ask_at", help_text="The step (1-based) at which it is asked; its answer is on screen by then.")
    choices = serializers.SerializerMethodField(
        help_text="Every node name or pod key of its kind that the lesson's run has at any point, sorted.")

    noneOfThese = serializers.SerializerMethodField(
        help_text='Whether "none of these" is offered too: the outcome could be predicted to happen to nobody.')

    @extend_schema_field(OpenApiTypes.BOOL)
    def get_noneOfThese(self, question: Question) -> bool:
        return offers_none(question)

    @extend_schema_field({"type": "array", "items": {"type": "string"}})
    def get_choices(self, question: Question) -> list[str]:
        return question_choices(self.context["lesson"], question)


@extend_schema_field({"type": "object", "description": "A run command, e.g. {type: add_pod, manifest: {...}}."})
class CommandField(serializers.JSONField):
    pass


class TimedCommandSerializer(serializers.Serializer):
    at = serializers.FloatField(help_text="Virtual seconds: apply after the run reaches this time.")
    command = CommandField()


class VariantSerializer(serializers.Serializer):
    id = serializers.CharField()
    title = serializers.CharField(allow_blank=True)
    summary = serializers.CharField(allow_blank=True)
    scenario = serializers.SerializerMethodField(help_text="Slug of the lesson's public scenario.")
    seed = serializers.IntegerField()
    until = serializers.FloatField(allow_null=True, help_text="Run until this virtual time; null = to quiescence.")
    commands = TimedCommandSerializer(many=True)
    steps = StepSerializer(many=True)
    questions = QuestionSerializer(many=True)

    @extend_schema_field(OpenApiTypes.STR)
    def get_scenario(self, variant: Variant) -> str:
        return scenario_slug(self.context["lesson"], variant)


class LessonRefSerializer(serializers.Serializer):
    slug = serializers.CharField()
    number = serializers.IntegerField()
    title = serializers.CharField()


class LessonSerializer(serializers.Serializer):
    """A lesson; scenario/steps/questions/commands are those of its first (usually only) variant."""

    slug = serializers.CharField()
    number = serializers.IntegerField()
    title = serializers.CharField()
    summary = serializers.CharField()
    idea = serializers.CharField()
    spec = serializers.ListField(child=serializers.CharField(), help_text="SCHEDULER_SPEC.md sections taught.")
    buildsOn = serializers.SerializerMethodField(help_text="The earlier lessons it relies on, in order.")
    scenario = serializers.SerializerMethodField(help_text="Slug of the lesson's public scenario.")
    seed = serializers.IntegerField(source="main.seed")
    until = serializers.FloatField(source="main.until", allow_null=True)
    commands = TimedCommandSerializer(source="main.commands", many=True)
    steps = StepSerializer(source="main.steps", many=True)
    questions = serializers.SerializerMethodField()
    variants = serializers.SerializerMethodField()
    language = serializers.ChoiceField(
        choices=["en", "zh-CN"], read_only=True,
        help_text="The language of the texts: the one asked for (?lang=) if the lesson is translated into it, else en.")

    @extend_schema_field(OpenApiTypes.STR)
    def get_scenario(self, lesson: Lesson) -> str:
        return scenario_slug(lesson, lesson.main)

    @extend_schema_field(LessonRefSerializer(many=True))
    def get_buildsOn(self, lesson: Lesson) -> list[dict[str, Any]]:
        earlier = [find_lesson(slug) for slug in lesson.builds_on]
        return list(LessonRefSerializer(sorted((x for x in earlier if x), key=lambda x: x.number), many=True).data)


    @extend_schema_field(QuestionSerializer(many=True))
    def get_questions(self, lesson: Lesson) -> list[dict[str, Any]]:
        return list(QuestionSerializer(lesson.main.questions, many=True, context={"lesson": lesson}).data)

    @extend_schema_field(VariantSerializer(many=True))
    def get_variants(self, lesson: Lesson) -> list[dict[str, Any]]:
        return list(VariantSerializer(lesson.variants, many=True, context={"lesson": lesson}).data)


class GlossaryTermSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The anchor: /glossary#<id>.")
    term = serializers.CharField()
    english = serializers.CharField(help_text="The term in English (as kube-scheduler's sources and docs say it).")
    definition = serializers.CharField()
    upstream = serializers.CharField(allow_blank=True, help_text="Where kube-scheduler defines it, if anywhere.")
