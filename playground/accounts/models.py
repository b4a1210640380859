from __future__ import annotations

from django.conf import settings
from django.db import models

from playground import languages


class Profile(models.Model):
    """What the playground adds to a Django user: whether it is a guest (no sign-up yet), and the
    language the person chose for the browser app and the lessons ("" = not chosen: the browser's)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    is_guest = models.BooleanField(default=False)
    # db_default: create_guest() inserts profiles with raw SQL naming only user and is_guest.
    language = models.CharField(max_length=8, blank=True, default="", db_default="", choices=languages.CHOICES)

    def __str__(self) -> str:
        return f"{self.user} ({'guest' if self.is_guest else 'user'})"


class ApiToken(models.Model):
    """A named personal API token. Only a SHA-256 of the key is stored; the key is shown once."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=12)  # shown in lists so people can tell tokens apart
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class WsTicket(models.Model):
    """A short-lived, single-use ticket that opens one run's WebSocket as its user.

    Scripts get one with their API token (POST /api/runs/<id>/ws-ticket/) and pass it as
    ?ticket=: the token itself never travels in a URL (where proxies and logs keep it).
    Only a SHA-256 of the ticket is stored."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ws_tickets")
    run_id = models.BigIntegerField()
    key_hash = models.CharField(max_length=64, unique=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"ticket for run {self.run_id} ({self.user})"


class RunCredential(models.Model):
    """The credential in a run's kubeconfig: its user's rights on that run (and the runs it is restarted
    as) in the run's Kubernetes API, nothing else; it expires. Not an ApiToken: the REST API refuses it,
    and minting one neither lists it on the account page nor counts against the token limit.
    Only a SHA-256 of the key is stored."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="run_credentials")
    run_id = models.BigIntegerField()
    workshop_id = models.BigIntegerField(null=True, blank=True)  # ends with this workshop, if minted in one
    key_hash = models.CharField(max_length=64, unique=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"kubeconfig credential for run {self.run_id} ({self.user})"
