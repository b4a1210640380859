from __future__ import annotations

from typing import Any

from rest_framework import serializers

from playground.accounts.services import is_guest
from playground.scenarios import selectors
from playground.scenarios.limits import MAX_BULK_COUNT, MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH
from playground.scenarios.models import Scenario, Visibility

MANIFEST_HELP = "a Kubernetes manifest: Node, PriorityClass, Pod or PodDisruptionBudget"


# --- output ---------------------------------------------------------------------------------

class OwnerSerializer(serializers.Serializer):  # type: ignore[type-arg]
    username = serializers.CharField()
    is_guest = serializers.SerializerMethodField()

    def get_is_guest(self, user: Any) -> bool:
        return is_guest(user)


class CountsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    nodes = serializers.IntegerField(default=0)
    priorityclasses = serializers.IntegerField(default=0)
    pods = serializers.IntegerField(default=0)
    poddisruptionbudgets = serializers.IntegerField(default=0)


class ScenarioSummarySerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    owner = OwnerSerializer(read_only=True)
    forked_from = serializers.CharField(source="forked_from_slug", allow_null=True, read_only=True,
                                        help_text="slug of the scenario this was forked from")
    counts = CountsSerializer(read_only=True)
    can_edit = serializers.SerializerMethodField()

    class Meta:
        model = Scenario
        fields = ["slug", "title", "description", "owner", "visibility", "forked_from", "version",
                  "counts", "can_edit", "created_at", "updated_at"]

    def get_can_edit(self, scenario: Scenario) -> bool:
        return selectors.can_edit(self.context["request"].user, scenario)


class ScenarioDetailSerializer(ScenarioSummarySerializer):
    objects = serializers.ListField(source="manifests", child=serializers.DictField(), help_text=MANIFEST_HELP)
    settings = serializers.DictField()
    ignored = serializers.ListField(child=serializers.CharField(),
                                    help_text="fields accepted but not modelled, e.g. volumes")

    class Meta(ScenarioSummarySerializer.Meta):
        fields = [*ScenarioSummarySerializer.Meta.fields, "objects", "settings", "ignored"]


class ScenarioPageSerializer(serializers.Serializer):  # type: ignore[type-arg]
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ScenarioSummarySerializer(many=True)


class ObjectListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    version = serializers.IntegerField()
    items = serializers.ListField(child=serializers.DictField(), help_text=MANIFEST_HELP)


class ObjectSerializer(serializers.Serializer):  # type: ignore[type-arg]
    version = serializers.IntegerField()
    object = serializers.DictField(help_text=MANIFEST_HELP)


class ObjectsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    version = serializers.IntegerField()
    objects = serializers.ListField(child=serializers.DictField(), help_text=MANIFEST_HELP)


# --- input ----------------------------------------------------------------------------------

class ScenarioListQuerySerializer(serializers.Serializer):  # type: ignore[type-arg]
    scope = serializers.ChoiceField(choices=selectors.SCOPES, default="public")
    search = serializers.CharField(required=False, default="", max_length=200)


class ScenarioWriteSerializer(serializers.Serializer):  # type: ignore[type-arg]
    title = serializers.CharField(max_length=MAX_TITLE_LENGTH)
    description = serializers.CharField(max_length=MAX_DESCRIPTION_LENGTH, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    objects = serializers.ListField(child=serializers.DictField(), default=list, help_text=MANIFEST_HELP)
    settings = serializers.DictField(default=dict, help_text="seed, speed and SchedulerConfig fields")


class ScenarioUpdateSerializer(ScenarioWriteSerializer):
    version = serializers.IntegerField(min_value=1, required=False,
                                       help_text='the version you edited (or send If-Match: "<version>")')


class ForkSerializer(serializers.Serializer):  # type: ignore[type-arg]
    title = serializers.CharField(max_length=MAX_TITLE_LENGTH, required=False)
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)


class ImportSerializer(serializers.Serializer):  # type: ignore[type-arg]
    yaml = serializers.CharField(allow_blank=True, trim_whitespace=False, help_text="multi-document YAML")
    title = serializers.CharField(max_length=MAX_TITLE_LENGTH, default="Imported scenario")
    description = serializers.CharField(max_length=MAX_DESCRIPTION_LENGTH, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    settings = serializers.DictField(default=dict)


class ReplaceYamlSerializer(serializers.Serializer):  # type: ignore[type-arg]
    yaml = serializers.CharField(allow_blank=True, trim_whitespace=False, help_text="multi-document YAML")
    version = serializers.IntegerField(min_value=1, required=False)


class BulkTemplateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    template = serializers.DictField(help_text=f"{MANIFEST_HELP}; copies are named <name>-1 .. <name>-N")
    count = serializers.IntegerField(min_value=1, max_value=MAX_BULK_COUNT)
