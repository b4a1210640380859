"""Workshops: an instructor leads one run at a time, students follow it, predict, and try it themselves."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from playground import languages


class Workshop(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        ENDED = "ended"

    code = models.CharField(max_length=12, unique=True)  # the short join code in /w/<code>
    title = models.CharField(max_length=200)
    instructor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="workshops")
    lesson = models.CharField(max_length=100, blank=True)  # the lesson slug being taught, if any
    scenario_slug = models.CharField(max_length=64)
    run = models.ForeignKey("runs.Run", null=True, on_delete=models.SET_NULL, related_name="+")
    # Which material this is: 1 at creation, +1 on every push of a lesson or scenario (even the same
    # lesson again). Questions belong to one push: nothing of an earlier one carries over.
    push = models.PositiveIntegerField(default=1)
    # What the instructor's screen shows, as last published: {"view", "runId", "seq", "step", "compare"}.
    position = models.JSONField(default=dict)
    locked = models.BooleanField(default=False)  # students may not leave the class to try things
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"workshop {self.code} ({self.title})"


class Participant(models.Model):
    """A student in a workshop: a guest user (no sign-up) with the display name they gave."""

    class Mode(models.TextChoices):
        FOLLOWING = "following"
        OWN = "own"

    workshop = models.ForeignKey(Workshop, on_delete=models.CASCADE, related_name="participants")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=40)
    connections = models.PositiveIntegerField(default=0)  # open workshop sockets (tabs)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.FOLLOWING)
    own_run = models.ForeignKey("runs.Run", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    step = models.PositiveIntegerField(null=True, blank=True)  # lesson step on their screen
    # The language their question prompts come in: chosen at join, else their profile's, else English.
    language = models.CharField(max_length=8, choices=languages.CHOICES, default=languages.ENGLISH,
                                db_default=languages.ENGLISH)
    joined_at = models.DateTimeField(auto_now_add=True)
    last_seen_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [models.UniqueConstraint(fields=["workshop", "user"], name="participant_unique_user"),
                       models.UniqueConstraint(Lower("name"), "workshop", name="participant_unique_name")]

    def __str__(self) -> str:
        return f"{self.name} in {self.workshop.code}"


class Question(models.Model):
    """A predict-then-reveal question put to the class (from the lesson, or written by the instructor)."""

    workshop = models.ForeignKey(Workshop, on_delete=models.CASCADE, related_name="questions")
    push = models.PositiveIntegerField(default=1)  # the workshop's push it was asked in
    lesson = models.CharField(max_length=100, blank=True)  # the lesson slug of that push
    key = models.CharField(max_length=100)  # the lesson question's id (lessons share ids)
    prompt = models.TextField()
    kind = models.CharField(max_length=8)  # "node" | "pod"
    answer = models.CharField(max_length=300)
    explanation = models.TextField(blank=True)
    asked_at = models.DateTimeField(auto_now_add=True)
    revealed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["asked_at", "id"]
        constraints = [models.UniqueConstraint(fields=["workshop", "push", "key"], name="question_unique_push_key")]


class Answer(models.Model):
    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="answers")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="answers")
    choice = models.CharField(max_length=300)
    answered_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["answered_at", "id"]
        constraints = [models.UniqueConstraint(fields=["question", "participant"], name="answer_one_per_student")]
