"""`python manage.py bench_light`: the gallery on a throttled link in headless Chromium (issue 35)."""
from __future__ import annotations

import io
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Load the gallery cold on 150 ms / 1.6 Mbps / 4x CPU in headless Chromium; prints the figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--visits", type=int, default=5)

    def handle(self, *args: Any, **options: Any) -> None:
        from benchmarks import light as lightbench

        call_command("migrate", verbosity=0)
        call_command("load_lessons", stdout=io.StringIO())
        self.stdout.write(lightbench.run_light_bench(options["visits"]))
