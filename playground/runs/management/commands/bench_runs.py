"""`python manage.py bench_runs`: live-run latency and throughput (see playground/runs/bench.py)."""
from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from playground.runs import bench


class Command(BaseCommand):
    help = "Measure event→WebSocket latency (p50/p95) and events/s of live runs with 1 and 50 viewers."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--viewers", default="1,50", help="comma-separated viewer counts (default 1,50)")
        parser.add_argument("--nodes", type=int, default=20)
        parser.add_argument("--pods", type=int, default=300)
        parser.add_argument("--paced-nodes", type=int, default=20)
        parser.add_argument("--paced-speed", type=float, default=5.0)
        parser.add_argument("--no-compression", action="store_true",
                            help="viewers do not negotiate permessage-deflate (browsers do)")

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", verbosity=0)
        if options["no_compression"]:
            bench.COMPRESSION = None
        counts = [int(v) for v in options["viewers"].split(",") if v]
        results = bench.run_benchmark(counts, options["nodes"], options["pods"], options["paced_nodes"],
                                      options["paced_speed"])
        self.stdout.write(bench.HEADER)
        for result in results:
            self.stdout.write(result.row())
