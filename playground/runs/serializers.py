"""Request shapes for the runs API (responses are selectors.run_view / command_view dicts)."""
from __future__ import annotations

from rest_framework import serializers

from playground import ranges
from playground.api_errors import ErrorSerializer

RUN_STATUSES = ["queued", "running", "paused", "settled", "finished", "failed"]
COMMAND_STATUSES = ["pending", "applied", "rejected"]


class RunCreateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    scenario = serializers.CharField(max_length=64)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=ranges.SEED_MAX)
    speed = serializers.FloatField(required=False, min_value=0, max_value=ranges.MAX_SPEED,
                                   help_text=f"0 = as fast as possible, else {ranges.MIN_SPEED:g} .. {ranges.MAX_SPEED:g}")
    paused = serializers.BooleanField(required=False, help_text="Stay paused at t=0 after the cluster.snapshot.")
    lesson = serializers.CharField(required=False, max_length=64, help_text=(
        "A lesson slug: its timed commands are frozen into the run; the run starts paused unless paused is false."))

    def validate_speed(self, value: float) -> float:
        if not ranges.speed_ok(value):
            raise serializers.ValidationError(f"{ranges.SPEED_RULE}, got {value!r}")
        return value


class RunOwnerSerializer(serializers.Serializer):  # type: ignore[type-arg]
    username = serializers.CharField()
    isGuest = serializers.BooleanField()


class ClockSerializer(serializers.Serializer):  # type: ignore[type-arg]
    time = serializers.FloatField()
    wallTime = serializers.FloatField()
    speed = serializers.FloatField()
    running = serializers.BooleanField()


class RunViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """For the schema only: what selectors.run_view returns."""

    id = serializers.IntegerField()
    scenario = serializers.CharField()
    status = serializers.ChoiceField(choices=RUN_STATUSES)
    reason = serializers.CharField()
    speed = serializers.FloatField()
    seed = serializers.IntegerField()
    time = serializers.FloatField()
    lastSeq = serializers.IntegerField()
    createdAt = serializers.DateTimeField()
    canControl = serializers.BooleanField()
    owner = RunOwnerSerializer()
    restartedAs = serializers.IntegerField(allow_null=True)
    restartOf = serializers.IntegerField(allow_null=True)
    clock = ClockSerializer(required=False, help_text="the virtual clock's anchor (docs/runs.md)")
    serverTime = serializers.FloatField(required=False, help_text="server Unix time when this was produced")
    lesson = serializers.CharField(required=False, allow_null=True)
    queuePosition = serializers.IntegerField(required=False, allow_null=True)


class RunPageSerializer(serializers.Serializer):  # type: ignore[type-arg]
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = RunViewSerializer(many=True)


# For the schema only: commands.normalise validates (it names field and value in errors). The union
# of command shapes is generated from scheduler_core.commands (playground.openapi.command_union).
COMMAND = {"$ref": "#/components/schemas/Command"}


class EventSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """One event (docs/events.md): these keys, plus the kind's own."""

    seq = serializers.IntegerField()
    t = serializers.FloatField()
    kind = serializers.CharField()


class EventsPageSerializer(serializers.Serializer):  # type: ignore[type-arg]
    events = EventSerializer(many=True)
    lastSeq = serializers.IntegerField()
    more = serializers.BooleanField()


class CommandViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    seq = serializers.IntegerField()
    type = serializers.CharField()
    payload = serializers.DictField()
    status = serializers.ChoiceField(choices=COMMAND_STATUSES)
    time = serializers.FloatField(allow_null=True)
    afterSeq = serializers.IntegerField(allow_null=True)
    error = serializers.DictField(allow_null=True)
    createdAt = serializers.DateTimeField(allow_null=True)


class CommandResultSerializer(serializers.Serializer):  # type: ignore[type-arg]
    command = CommandViewSerializer(allow_null=True, help_text="null for restart")
    run = RunViewSerializer()


class CommandRejectedSerializer(ErrorSerializer):
    command = CommandViewSerializer(required=False, help_text="the refused command, when the worker refused it")


class WaitSerializer(RunViewSerializer):
    settled = serializers.BooleanField()
