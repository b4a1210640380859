"""Request shapes for the runs API (responses are selectors.run_view / command_view dicts)."""
from __future__ import annotations

from rest_framework import serializers


class RunCreateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    scenario = serializers.CharField(max_length=64)
    seed = serializers.IntegerField(required=False)
    speed = serializers.FloatField(required=False, min_value=0, max_value=1000)


class RunViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """For the schema only: what selectors.run_view returns."""

    id = serializers.IntegerField()
    scenario = serializers.CharField()
    status = serializers.ChoiceField(choices=["queued", "running", "paused", "finished", "failed"])
    reason = serializers.CharField()
    speed = serializers.FloatField()
    seed = serializers.IntegerField()
    time = serializers.FloatField()
    lastSeq = serializers.IntegerField()
    createdAt = serializers.DateTimeField()
    canControl = serializers.BooleanField()
    owner = serializers.DictField()
    restartedAs = serializers.IntegerField(allow_null=True)
    restartOf = serializers.IntegerField(allow_null=True)


class CommandSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """For the schema only: commands.normalise validates (it names field and value in errors)."""

    type = serializers.ChoiceField(choices=["pause", "resume", "step", "speed", "stop", "restart", "add_pod",
                                            "delete_pod", "add_node", "delete_node", "cordon", "uncordon"])
    speed = serializers.FloatField(required=False)
    manifest = serializers.DictField(required=False)
    yaml = serializers.CharField(required=False)
    pod = serializers.CharField(required=False)
    node = serializers.CharField(required=False)
