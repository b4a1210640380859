"""`python manage.py bench_visitor`: an anonymous visitor's worst case against the caps (benchmarks/visitor.py)."""
from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from benchmarks import visitor as visitorbench


class Command(BaseCommand):
    help = ("Measure what one anonymous visitor can make the playground store per minute, the CPU its reads cost "
            "per minute and the connections it holds, beside the caps that bound each (issue 28).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seconds", type=float, default=60, help="how long each of disk and CPU is attacked")
        parser.add_argument("--threads", type=int, default=4, help="concurrent anonymous readers")
        parser.add_argument("--nodes", type=int, default=100, help="the big public scenario's nodes")
        parser.add_argument("--pods", type=int, default=2000, help="... and pending pods")

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", verbosity=0)
        self.stdout.write(visitorbench.run_visitor(options["seconds"], options["threads"], options["nodes"],
                                                   options["pods"]))
