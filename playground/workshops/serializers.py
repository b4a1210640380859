from __future__ import annotations

from django.core.validators import RegexValidator
from rest_framework import serializers

from playground import languages
from playground.strict import StrictCharField, StrictIntegerField
from playground.workshops.models import Participant, Workshop

WORKSHOP_STATUSES = Workshop.Status.values  # named in the schema (settings: ENUM_NAME_OVERRIDES)

NOT_BLANK = RegexValidator(r"\S", "must not be blank")  # in the schema as a pattern: spaces alone are refused


class WorkshopCreateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    lesson = StrictCharField(required=False, allow_blank=True, help_text="a lesson slug, or…")
    scenario = StrictCharField(required=False, allow_blank=True, help_text="…a scenario slug")
    title = StrictCharField(required=False, allow_blank=True, max_length=200)


class ComparePairSerializer(serializers.Serializer):  # type: ignore[type-arg]
    a = StrictIntegerField(help_text="a run you can see")
    b = StrictIntegerField(help_text="a run you can see")


class WorkshopPushSerializer(WorkshopCreateSerializer):
    compare = ComparePairSerializer(required=False, help_text="two runs side by side, instead of a lesson or scenario")


class WorkshopJoinSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = StrictCharField(max_length=40, validators=[NOT_BLANK], help_text="the display name the class will see (1 to 40 characters)")
    language = StrictCharField(required=False, help_text="'en' or 'zh-CN': the language of my question prompts "
                               "(default: my profile's language, else 'en')")

    def validate_language(self, value: str) -> str:
        if languages.supported(value) is None:
            raise serializers.ValidationError(languages.invalid_message(value))
        return value


class WorkshopLockSerializer(serializers.Serializer):  # type: ignore[type-arg]
    locked = serializers.BooleanField()


class WorkshopAskSerializer(serializers.Serializer):  # type: ignore[type-arg]
    question = StrictCharField(help_text="the lesson question's id")


class WorkshopAnswerSerializer(serializers.Serializer):  # type: ignore[type-arg]
    choice = StrictCharField(max_length=300, validators=[NOT_BLANK], help_text="a node name or a pod key namespace/name")


# ---- responses (for the schema: the views return selectors' dicts) ----------------------------

class PositionSerializer(serializers.Serializer):  # type: ignore[type-arg]
    view = serializers.ChoiceField(choices=["run", "compare"])
    runId = serializers.IntegerField(help_text="the run shown (services.run_position; a push names a run you can see)")
    seq = serializers.IntegerField(allow_null=True)
    step = serializers.IntegerField(allow_null=True, help_text="the lesson step at seq, computed by the server")
    compare = ComparePairSerializer(allow_null=True, help_text="the two runs side by side when view is compare")


class WorkshopViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    code = serializers.CharField()
    title = serializers.CharField()
    instructor = serializers.CharField()
    lesson = serializers.CharField(allow_null=True)
    scenario = serializers.CharField()
    runId = serializers.IntegerField(allow_null=True)
    push = serializers.IntegerField(help_text="1, then +1 on every push: the questions on screen are this push's")
    position = PositionSerializer()
    locked = serializers.BooleanField()
    status = serializers.ChoiceField(choices=WORKSHOP_STATUSES)
    createdAt = serializers.DateTimeField(allow_null=True)
    endedAt = serializers.DateTimeField(allow_null=True)
    link = serializers.CharField()
    joinUrl = serializers.CharField(help_text="the absolute address students open: PUBLIC_URL, or this machine's "
                                    "address on the room's network when shared (docs/deploy.md)")


class ParticipantViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField()
    connected = serializers.BooleanField()
    mode = serializers.ChoiceField(choices=Participant.Mode.values)
    ownRun = serializers.IntegerField(allow_null=True)
    step = serializers.IntegerField(allow_null=True)
    language = serializers.ChoiceField(choices=list(languages.LANGUAGES), help_text="the language of their question prompts")
    joinedAt = serializers.DateTimeField(allow_null=True)


class RosterEntrySerializer(ParticipantViewSerializer):
    answers = serializers.DictField(child=serializers.CharField(), help_text="question key → choice")


class WorkshopDetailSerializer(WorkshopViewSerializer):
    role = serializers.ChoiceField(choices=["instructor", "student"], allow_null=True)
    me = ParticipantViewSerializer(allow_null=True)


class JoinedSerializer(serializers.Serializer):  # type: ignore[type-arg]
    workshop = WorkshopViewSerializer()
    me = ParticipantViewSerializer()


class TallySerializer(serializers.Serializer):  # type: ignore[type-arg]
    counts = serializers.DictField(child=serializers.IntegerField(), help_text="choice → how many")
    answered = serializers.IntegerField()


class QuestionViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    key = serializers.CharField()
    push = serializers.IntegerField(help_text="the workshop's push it was asked in")
    lesson = serializers.CharField(allow_null=True)
    prompt = serializers.CharField()
    kind = serializers.ChoiceField(choices=["node", "pod"])
    revealed = serializers.BooleanField()
    mine = serializers.CharField(allow_null=True)
    answer = serializers.CharField(required=False, help_text="the instructor always; students once revealed")
    explanation = serializers.CharField(required=False)
    tally = TallySerializer(required=False)
    translations = serializers.DictField(
        child=serializers.DictField(child=serializers.CharField()),
        help_text="a lesson question's texts in each language it is translated into: "
                  "{\"zh-CN\": {\"prompt\", \"explanation\"?}} (explanation as for `explanation`); {} otherwise")


class AnswerViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    question = serializers.CharField()
    choice = serializers.CharField()


class ExportSerializer(serializers.Serializer):  # type: ignore[type-arg]
    workshop = WorkshopViewSerializer()
    participants = RosterEntrySerializer(many=True)
    questions = QuestionViewSerializer(many=True)
