"""Writes: each lesson's scenario becomes a public scenario owned by the system user.

Idempotent by a stable slug (selectors.scenario_slug): a second run updates in place, and a run
that changes nothing writes nothing.
"""
from __future__ import annotations

from typing import Any

import yaml
from django.contrib.auth.models import User
from django.db import transaction

from playground.lessons.selectors import lesson_list, scenario_slug
from playground.lessons.tooling import Lesson, Variant
from playground.scenarios.api import Scenario, Visibility, normalise_document
from playground.scenarios.services import (
    create_scenario,
    get_or_create_system_user,
    update_scenario,
)

CREATED, UPDATED, UNCHANGED = "created", "updated", "unchanged"


class LessonSlugTaken(Exception):
    """A scenario with a lesson's slug exists but is not the system user's: never overwrite it."""


def sync_lesson_scenarios(lessons: list[Lesson] | None = None) -> list[tuple[str, str]]:
    """Create or update every lesson's scenario; returns (slug, created|updated|unchanged)."""
    owner = get_or_create_system_user()
    return [
        (scenario_slug(lesson, variant), _sync(owner, lesson, variant))
        for lesson in (lesson_list() if lessons is None else lessons)
        for variant in lesson.variants
    ]


def scenario_fields(lesson: Lesson, variant: Variant) -> dict[str, Any]:
    title = f"Lesson {lesson.number}: {lesson.title}" + (f" — {variant.title}" if variant.title else "")
    docs = [d for d in yaml.safe_load_all(variant.scenario_text) if d is not None]
    return {
        "title": title,
        "description": lesson.summary,
        "objects": docs,
        "settings": {"seed": variant.seed, **variant.config},
        "visibility": Visibility.PUBLIC,
    }


def _sync(owner: User, lesson: Lesson, variant: Variant) -> str:
    slug, fields = scenario_slug(lesson, variant), scenario_fields(lesson, variant)
    existing = Scenario.objects.filter(slug=slug).first()
    if existing is None:
        with transaction.atomic():
            scenario = create_scenario(owner, **fields)
            Scenario.objects.filter(pk=scenario.pk).update(slug=slug)
        return CREATED
    if existing.owner_id != owner.pk:
        raise LessonSlugTaken(f"scenario {slug!r} belongs to {existing.owner}, not the lessons' system user")
    if _same(existing, fields):
        return UNCHANGED
    update_scenario(existing, None, **fields)
    return UPDATED


def _same(scenario: Scenario, fields: dict[str, Any]) -> bool:
    manifests = [normalise_document(d) for d in fields["objects"]]
    return (scenario.title, scenario.description, scenario.settings, scenario.visibility, scenario.manifests) == (
        fields["title"], fields["description"], fields["settings"], fields["visibility"], manifests)
