from __future__ import annotations

import secrets

from django.conf import settings as django_settings
from django.db import models

from playground.jsontext import JSONTextField
from playground.scenarios.limits import MAX_TITLE_LENGTH

SLUG_LENGTH = 8


def new_slug() -> str:
    """8 URL-safe characters (48 random bits): unguessable enough for unlisted links."""
    return secrets.token_urlsafe(6)


class Visibility(models.TextChoices):
    PRIVATE = "private"
    UNLISTED = "unlisted"
    PUBLIC = "public"


class Scenario(models.Model):
    """A cluster to run: Kubernetes manifests as the user gave them, plus scheduler settings."""

    slug = models.CharField(max_length=SLUG_LENGTH, unique=True, default=new_slug, editable=False)
    title = models.CharField(max_length=MAX_TITLE_LENGTH)
    description = models.TextField(blank=True, default="")
    owner = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scenarios")
    visibility = models.CharField(max_length=8, choices=Visibility.choices, default=Visibility.PRIVATE)
    forked_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks")
    version = models.PositiveIntegerField(default=1)
    # Chosen by the instance's staff (admin or PUT /api/scenarios/<slug>/featured/): shown in the
    # gallery after the lessons, before "All shared". Only a public scenario is listed as featured.
    featured = models.BooleanField(default=False)
    # Node, PriorityClass, Pod, PodDisruptionBudget manifests, valid per scheduler_core.manifests.
    # The API calls this "objects"; the attribute is `manifests` so `Scenario.objects` stays the manager.
    manifests = JSONTextField(default=list, blank=True)  # as JSON text: jsonb would reorder their keys
    settings = models.JSONField(default=dict, blank=True)
    # Derived from `manifests` on every write, so lists and details need not re-run the loader.
    counts = models.JSONField(default=dict, blank=True)
    ignored = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["visibility", "-updated_at"])]

    def __str__(self) -> str:
        return f"{self.title} ({self.slug})"

    @property
    def etag(self) -> str:
        return f'"{self.version}"'
