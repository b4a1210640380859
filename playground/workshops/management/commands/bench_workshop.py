"""`python manage.py bench_workshop --followers 40`: step→follower latency and tally latency."""
from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from playground.workshops import bench


class Command(BaseCommand):
    help = "Measure the instructor's step reaching every follower (p50/p95) and the live tally, on a real server."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--followers", type=int, default=40)
        parser.add_argument("--steps", type=int, default=30, help="positions published, 200 ms apart")
        parser.add_argument("--spread", type=float, default=5.0, help="seconds the second round of answers spreads over")

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", verbosity=0)
        result = bench.run_benchmark(options["followers"], options["steps"], options["spread"])
        self.stdout.write(bench.HEADER)
        self.stdout.write(result.row())
