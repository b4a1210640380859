"""`python manage.py bench_browser`: the app in headless Chromium with a big cluster (issue 16)."""
from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Import, run and watch a big cluster in headless Chromium; prints the figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--nodes", type=int, default=1000)
        parser.add_argument("--pods", type=int, default=10000)

    def handle(self, *args: Any, **options: Any) -> None:
        from benchmarks import browser as browserbench

        call_command("migrate", verbosity=0)
        self.stdout.write(browserbench.run_browser_bench(options["nodes"], options["pods"]))
