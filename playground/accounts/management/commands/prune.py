"""manage.py prune: remove what idle guests alone could see (playground/retention.py)."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from playground import retention


class Command(BaseCommand):
    help = ("Remove idle guests' private scenarios and unshared runs (GUEST_RETENTION_DAYS) and drop old runs' "
            "event logs (RUN_LOG_RETENTION_DAYS; regenerated when read); --dry-run changes nothing.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=None, help="idle for at least this many days "
                                                                    "(default: settings.GUEST_RETENTION_DAYS)")
        parser.add_argument("--log-days", type=int, default=None, help="drop the event logs of runs untouched for "
                            "at least this many days (default: settings.RUN_LOG_RETENTION_DAYS)")
        parser.add_argument("--dry-run", action="store_true", help="count what would be removed; remove nothing")

    def handle(self, *args: Any, days: int | None, log_days: int | None, dry_run: bool, **options: Any) -> None:
        for name, value in (("--days", days), ("--log-days", log_days)):
            if value is not None and value < 1:
                raise CommandError(f"{name} must be at least 1, got {value}")
        pruned = retention.prune(days, dry_run, log_days)
        self.stdout.write(("would remove: " if dry_run else "removed: ") + str(pruned))
