"""manage.py prune: remove what idle guests alone could see (playground/retention.py)."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from playground import retention


class Command(BaseCommand):
    help = "Remove idle guests' private scenarios and unshared runs (GUEST_RETENTION_DAYS); --dry-run changes nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=None, help="idle for at least this many days "
                                                                    "(default: settings.GUEST_RETENTION_DAYS)")
        parser.add_argument("--dry-run", action="store_true", help="count what would be removed; remove nothing")

    def handle(self, *args: Any, days: int | None, dry_run: bool, **options: Any) -> None:
        if days is not None and days < 1:
            raise CommandError(f"--days must be at least 1, got {days}")
        pruned = retention.prune(days, dry_run)
        self.stdout.write(("would remove: " if dry_run else "removed: ") + str(pruned))
