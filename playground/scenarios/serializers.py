from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from playground.accounts.services import is_guest
from playground.openapi import KIND_MANIFEST, ref
from playground.scenarios import selectors
from playground.scenarios.documents import KINDS
from playground.scenarios.limits import MAX_BULK_COUNT, MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH
from playground.scenarios.models import Scenario, Visibility
from playground.strict import StrictCharField, StrictIntegerField

MANIFEST_HELP = f"a Kubernetes manifest: {', '.join(k.kind for k in KINDS)}"


@extend_schema_field({"oneOf": [ref(k.kind) for k in KINDS]})
class ManifestField(serializers.DictField):
    """A manifest of one of the kinds a scenario holds (shapes in playground.openapi)."""


@extend_schema_field(KIND_MANIFEST)
class KindManifestField(serializers.DictField):
    """A manifest of the kind the URL names."""


# --- output ---------------------------------------------------------------------------------

class OwnerSerializer(serializers.Serializer):  # type: ignore[type-arg]
    username = serializers.CharField()
    isGuest = serializers.SerializerMethodField()

    def get_isGuest(self, user: Any) -> bool:
        return is_guest(user)


class CountsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    nodes = serializers.IntegerField(default=0)
    priorityclasses = serializers.IntegerField(default=0)
    pods = serializers.IntegerField(default=0)
    poddisruptionbudgets = serializers.IntegerField(default=0)
    namespaces = serializers.IntegerField(default=0)


class ScenarioSummarySerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    owner = OwnerSerializer(read_only=True)
    forkedFrom = serializers.CharField(source="forked_from_slug", allow_null=True, read_only=True,
                                       help_text="slug of the scenario this was forked from")
    counts = CountsSerializer(read_only=True)
    featured = serializers.BooleanField(read_only=True, help_text="Chosen by the instance's staff for the gallery.")
    canEdit = serializers.SerializerMethodField()
    createdAt = serializers.DateTimeField(source="created_at", read_only=True)
    updatedAt = serializers.DateTimeField(source="updated_at", read_only=True)

    class Meta:
        model = Scenario
        fields = ["slug", "title", "description", "owner", "visibility", "forkedFrom", "version",
                  "counts", "featured", "canEdit", "createdAt", "updatedAt"]
        read_only_fields = fields  # an answer's: every field is always there (the schema says so)

    def get_canEdit(self, scenario: Scenario) -> bool:
        return selectors.can_edit(self.context["request"].user, scenario)


class ScenarioDetailSerializer(ScenarioSummarySerializer):
    objects = serializers.ListField(source="manifests", child=ManifestField(), help_text=MANIFEST_HELP)
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


# --- input ----------------------------------------------------------------------------------

class ScenarioListQuerySerializer(serializers.Serializer):  # type: ignore[type-arg]
    scope = serializers.ChoiceField(choices=selectors.SCOPES, default="public", help_text=(
        "public: every public scenario; mine: yours, of any visibility; featured: public ones the staff chose "
        "for the gallery; shared: public ones neither featured nor a lesson's (the gallery's \"All shared\")"))
    search = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)

    def to_internal_value(self, data: Any) -> Any:
        # A form-style `?scope=` would silently mean the default: refused like any other bad value.
        if data.get("scope", None) == "":
            raise serializers.ValidationError({"scope": [f"must be one of {', '.join(selectors.SCOPES)}, got ''"]})
        return super().to_internal_value(data)


class ScenarioWriteSerializer(serializers.Serializer):  # type: ignore[type-arg]
    title = StrictCharField(max_length=MAX_TITLE_LENGTH)
    description = StrictCharField(max_length=MAX_DESCRIPTION_LENGTH, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    objects = serializers.ListField(child=ManifestField(), default=list, help_text=MANIFEST_HELP)
    settings = serializers.DictField(default=dict, help_text="seed, speed and SchedulerConfig fields")


class ScenarioUpdateSerializer(ScenarioWriteSerializer):
    version = StrictIntegerField(min_value=1, required=False,
                                       help_text='the version you edited (or send If-Match: "<version>")')


class FeaturedSerializer(serializers.Serializer):  # type: ignore[type-arg]
    featured = serializers.BooleanField(help_text="true: shown in the gallery's Featured list (a public scenario only)")


class ForkSerializer(serializers.Serializer):  # type: ignore[type-arg]
    title = StrictCharField(max_length=MAX_TITLE_LENGTH, required=False)
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)


class ImportSerializer(serializers.Serializer):  # type: ignore[type-arg]
    yaml = StrictCharField(allow_blank=True, trim_whitespace=False, help_text="multi-document YAML")
    title = StrictCharField(max_length=MAX_TITLE_LENGTH, default="Imported scenario")
    description = StrictCharField(max_length=MAX_DESCRIPTION_LENGTH, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    settings = serializers.DictField(default=dict)


class ImportQuerySerializer(serializers.Serializer):  # type: ignore[type-arg]
    title = StrictCharField(max_length=MAX_TITLE_LENGTH, required=False)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)


class ReplaceYamlSerializer(serializers.Serializer):  # type: ignore[type-arg]
    yaml = StrictCharField(allow_blank=True, trim_whitespace=False, help_text="multi-document YAML")
    version = StrictIntegerField(min_value=1, required=False)


class BulkTemplateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    template = KindManifestField(help_text=f"{MANIFEST_HELP}; copies are named <name>-1 .. <name>-N")
    count = StrictIntegerField(min_value=1, max_value=MAX_BULK_COUNT)
