"""Runs: a frozen copy of a scenario executed by a Celery worker, its events and its commands."""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from playground.jsontext import JSONTextField
from playground.runs import lifecycle
from scheduler_core.commands import COMMAND_FIELDS


class Run(models.Model):
    # The statuses and a finished run's reasons, as lifecycle.py defines them (and alone writes them).
    Status = lifecycle.Status
    QUIESCENT, STOPPED, RESTARTED = lifecycle.QUIESCENT, lifecycle.STOPPED, lifecycle.RESTARTED
    SETTLED_REASON = lifecycle.SETTLED_REASON

    scenario = models.ForeignKey(
        "scenarios.Scenario", null=True, on_delete=models.SET_NULL, related_name="runs"
    )
    scenario_slug = models.CharField(max_length=64)  # kept when the scenario is deleted
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="runs")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    reason = models.CharField(max_length=500, blank=True)
    speed = models.FloatField(default=1.0)  # virtual seconds per wall second; 0 = as fast as possible
    seed = models.BigIntegerField(default=0)
    # The scenario's content frozen at start: later edits of the scenario do not change the run.
    documents = JSONTextField(default=list)  # the scenario's documents, keys in their order
    settings = models.JSONField(default=dict)
    # A lesson's run: the lesson slug and its timed commands ([{at, command}]), frozen at start like
    # the documents; the worker's simulation applies them at their virtual times.
    lesson = models.CharField(max_length=64, blank=True)
    timed_commands = models.JSONField(default=list)
    time = models.FloatField(default=0.0)  # the run's virtual clock ...
    clock_wall = models.FloatField(null=True, blank=True)  # ... read at this wall time (Unix epoch s)
    # Computed in the bulk lane (docs/runs.md): its scenario had RUNS_BULK_MIN_OBJECTS documents or more.
    bulk = models.BooleanField(default=False)
    # Whose allowance of active runs this one counts against: "" the owner's own, else a shared
    # pool's ("workshop:<code>"); the owner's forks of it count there too, anybody else's are theirs.
    pool = models.CharField(max_length=40, blank=True, default="")
    start_paused = models.BooleanField(default=False)  # a worker takes it as paused at t=0
    last_seq = models.PositiveIntegerField(default=0)  # last stored RunEvent.seq
    restart_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="restarted_as"
    )
    # Lease: the worker executing the run renews it; an expired lease means nobody is.
    lease_token = models.CharField(max_length=64, blank=True)
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)  # worker (re)starts, for giving up on a crashing run
    # Retention (playground/runs/logs.py): events 1..log_dropped_upto were dropped (0: none), to be
    # regenerated from the input and the command log; log_digest is the SHA-256 of their JSON texts.
    log_dropped_upto = models.PositiveIntegerField(default=0)
    log_digest = models.CharField(max_length=64, blank=True, default="")
    # Bytes of its stored event log — its events' JSON texts and the states stored with them — counted
    # in its owner's storage quota (scenarios/quotas.py); kept by whoever stores or drops them (leases,
    # forks, logs), so a quota check sums one column per run, never the events.
    log_bytes = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "lease_expires_at"])]

    def __str__(self) -> str:
        return f"run {self.pk} of {self.scenario_slug} ({self.status})"

    @property
    def is_terminal(self) -> bool:
        return lifecycle.is_terminal(self.status, self.reason)


class RunState(models.Model):
    """Simulation.state() after event `seq`, stored every few hundred events so the state at any
    seq is a short fold away (folding from seq 1 costs a deep copy of the whole state per event)."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="states")
    seq = models.PositiveIntegerField()
    state = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["run", "seq"], name="runstate_unique_seq")]


class RunEvent(models.Model):
    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    t = models.FloatField()
    kind = models.CharField(max_length=40)
    data = JSONTextField()  # the event exactly as scheduler_core emitted it, as JSON text

    class Meta:
        ordering = ["run", "seq"]
        constraints = [models.UniqueConstraint(fields=["run", "seq"], name="runevent_unique_seq")]

    @classmethod
    def from_event(cls, run_id: int, event: dict[str, Any]) -> RunEvent:
        return cls(run_id=run_id, seq=event["seq"], t=event.get("t", 0.0), kind=event["kind"], data=event)


class RunCommand(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        APPLIED = "applied"
        REJECTED = "rejected"

    CONTROL = ("pause", "resume", "step", "speed", "stop", "restart")
    # Applied by Simulation.apply, recorded for replay: the one list is scheduler_core's.
    CLUSTER = tuple(COMMAND_FIELDS)

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="commands")
    seq = models.PositiveIntegerField()  # order of arrival = order of application
    type = models.CharField(max_length=40)  # the longest command type, remove_scheduling_gates, has 23
    payload = models.JSONField()  # the command as scheduler_core / the worker receives it
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # Where it took effect, so a replay applies it at exactly the same point.
    tick = models.PositiveIntegerField(null=True)  # advance() calls made before it
    time = models.FloatField(null=True)  # virtual time it took effect
    after_seq = models.PositiveIntegerField(null=True)  # last event seq before it
    error = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["run", "seq"]
        constraints = [models.UniqueConstraint(fields=["run", "seq"], name="runcommand_unique_seq")]

    # What the worker writes when it answers a command (applied or rejected, where, why).
    VERDICT_FIELDS = ("status", "tick", "time", "after_seq", "error")

    @property
    def is_cluster(self) -> bool:
        return self.type in self.CLUSTER

    def refresh_verdict(self) -> None:
        self.refresh_from_db(fields=list(self.VERDICT_FIELDS))
