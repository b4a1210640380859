"""Django admin for scenarios (served with ADMIN_ENABLED=1): staff pick the gallery's featured ones."""
from __future__ import annotations

from django.contrib import admin

from playground.scenarios.models import Scenario


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("slug", "title", "owner", "visibility", "featured", "created_at", "updated_at")
    list_editable = ("featured",)
    list_filter = ("visibility", "featured")
    search_fields = ("slug", "title", "owner__username")
    readonly_fields = ("slug", "owner", "forked_from", "version", "manifests", "settings", "counts", "ignored",
                       "created_at", "updated_at")
    fields = ("slug", "title", "description", "owner", "visibility", "featured", *readonly_fields[2:])
