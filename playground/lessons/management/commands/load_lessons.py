"""manage.py load_lessons: publish every lesson's scenario (idempotent; safe on every deploy)."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from playground.lessons.services import LessonSlugTaken, sync_lesson_scenarios
from playground.lessons.tooling import LessonError


class Command(BaseCommand):
    help = "Create or update each lesson's scenario as a public scenario owned by the system user."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            results = sync_lesson_scenarios()
        except (LessonError, LessonSlugTaken) as exc:
            raise CommandError(str(exc)) from exc
        for slug, outcome in results:
            self.stdout.write(f"{slug}: {outcome}")
