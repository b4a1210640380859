"""Request shapes for the runs API (responses are selectors.run_view / command_view dicts)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from playground import ranges
from playground.api_errors import ErrorSerializer
from playground.runs import lifecycle
from playground.runs.models import RunCommand
from playground.strict import StrictBooleanField, StrictCharField, StrictFloatField, StrictIntegerField

RUN_STATUSES = list(lifecycle.Status.values)  # the lifecycle's; the schema's RunStatusEnum (settings)
COMMAND_STATUSES = list(RunCommand.Status.values)


@extend_schema_field(ranges.SPEED_SCHEMA)
class SpeedField(StrictFloatField):
    """0, or a speed in range (ranges.speed_ok)."""


class RunCreateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    scenario = StrictCharField(max_length=64)
    seed = StrictIntegerField(required=False, min_value=0, max_value=ranges.SEED_MAX)
    speed = SpeedField(required=False, min_value=0, max_value=ranges.MAX_SPEED)
    paused = StrictBooleanField(required=False, help_text="Stay paused at t=0 after the cluster.snapshot.")
    lesson = StrictCharField(required=False, max_length=64, help_text=(
        "A lesson slug: its timed commands are frozen into the run; the run starts paused unless paused is false."))

    def validate_speed(self, value: float) -> float:
        if not ranges.speed_ok(value):
            raise serializers.ValidationError(f"{ranges.SPEED_RULE}, got {value!r}")
        return value


class RunForkSerializer(serializers.Serializer):  # type: ignore[type-arg]
    seq = StrictIntegerField(min_value=1, help_text="the event of the run to fork at (1..lastSeq)")


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
    pod = serializers.DictField(required=False, allow_null=True,
                                help_text="with ?pod=: its PodView (docs/events.md), null while it does not exist")


class WaitFailedSerializer(WaitSerializer):
    """504 (timed out) and 409 (settled without the condition): the run as it is, and why."""

    message = serializers.CharField()
    errors = serializers.ListField(child=serializers.DictField(), help_text="always empty")


# The outcome of a run (scheduler_core.outcome), for the schema and the generated clients.

class OutcomePodSerializer(serializers.Serializer):  # type: ignore[type-arg]
    key = serializers.CharField(help_text="<namespace>/<name>")
    phase = serializers.ChoiceField(choices=["Pending", "Running", "Terminating", "Succeeded"])
    node = serializers.CharField(allow_null=True, help_text="spec.nodeName")
    nominatedNode = serializers.CharField(allow_null=True, help_text="status.nominatedNodeName")
    priority = serializers.IntegerField()
    attempts = serializers.IntegerField(help_text="scheduling attempts (cycles) so far")
    lastFailedScheduling = serializers.CharField(allow_null=True, help_text="the last FailedScheduling message")
    preemptedBy = serializers.CharField(allow_null=True, help_text="the preemptor, for a victim still terminating")


class PreemptionSerializer(serializers.Serializer):  # type: ignore[type-arg]
    preemptor = serializers.CharField()
    node = serializers.CharField()
    victims = serializers.ListField(child=serializers.CharField())
    criterion = serializers.ChoiceField(choices=["onlyCandidate", "fewestPDBViolations", "lowestHighestPriority",
                                                 "smallestPrioritySum", "fewestVictims", "latestStartTime", "random"],
                                        help_text="what decided between the candidate nodes (pickOneNodeForPreemption)")
    pdbViolations = serializers.IntegerField(allow_null=True, help_text=(
        "victims whose eviction violates a PodDisruptionBudget; null if the node is past the 100 candidates listed"))
    cycle = serializers.IntegerField()
    t = serializers.FloatField()


class DeletedPodSerializer(serializers.Serializer):  # type: ignore[type-arg]
    pod = serializers.CharField()
    node = serializers.CharField(allow_null=True)
    reason = serializers.ChoiceField(choices=["Preempted", "Deleted"])
    t = serializers.FloatField()


class NodeAllocationSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    allocatable = serializers.DictField(child=serializers.IntegerField(), help_text="cpu in millicores, memory in bytes")
    requested = serializers.DictField(child=serializers.IntegerField(),
                                      help_text="the sum of its pods' requests, and how many pods")
    pods = serializers.ListField(child=serializers.CharField())
    unschedulable = serializers.BooleanField()


class OutcomeSerializer(serializers.Serializer):  # type: ignore[type-arg]
    run = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="the outcome after this event")
    status = serializers.ChoiceField(choices=RUN_STATUSES)
    settled = serializers.BooleanField(help_text="nothing more will happen without a command")
    time = serializers.FloatField(help_text="virtual time of that event: the run's end once settled")
    pods = OutcomePodSerializer(many=True, help_text="the pods that exist")
    preemptions = PreemptionSerializer(many=True, help_text="each successful PostFilter, in order")
    deleted = DeletedPodSerializer(many=True, help_text="pods gone from the cluster, in order")
    nodes = NodeAllocationSerializer(many=True)


class WsTicketSerializer(serializers.Serializer):  # type: ignore[type-arg]
    ticket = serializers.CharField(help_text="pass as ?ticket= within expiresIn seconds; it opens one socket")
    expiresIn = serializers.IntegerField(help_text="seconds")
    url = serializers.CharField(help_text="the WebSocket path with the ticket")
