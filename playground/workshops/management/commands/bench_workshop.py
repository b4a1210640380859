"""`python manage.py bench_workshop --followers 40`: step→follower latency and tally latency
(benchmarks/workshop.py); `--class 60 --browsers 3 --forks 30`: a real class, the instructor's
click → the step drawn in Chromium tabs and received by socket clients (benchmarks/workshop_class.py);
`--cpu 60`: the web processes' CPU per click fanned out to 60 students (benchmarks/workshop_cpu.py)."""
from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from benchmarks import workshop as bench


class Command(BaseCommand):
    help = "Measure the instructor's step reaching every follower (p50/p95) and the live tally, on a real server."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--followers", type=int, default=40)
        parser.add_argument("--steps", type=int, default=30, help="positions published, 200 ms apart")
        parser.add_argument("--spread", type=float, default=5.0, help="seconds the second round of answers spreads over")
        parser.add_argument("--class", dest="class_size", type=int, default=0, metavar="N",
                            help="instead: a class of N students joined over HTTP, the instructor clicking in Chromium")
        parser.add_argument("--browsers", type=int, default=3, help="--class: students in Chromium tabs")
        parser.add_argument("--forks", type=int, default=30, help="--class: socket students playing their own forks")
        parser.add_argument("--clicks", type=int, default=30, help="--class, --cpu: the instructor's step clicks")
        parser.add_argument("--cpu", type=int, default=0, metavar="N",
                            help="instead: the web processes' CPU per click fanned out to N students (WEB_PROCESSES, default 1)")

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", verbosity=0)
        if options["cpu"]:
            from benchmarks import workshop_cpu

            call_command("load_lessons", verbosity=0)
            self.stdout.write(workshop_cpu.run_cpu_benchmark(options["cpu"], options["clicks"]))
            return
        if options["class_size"]:
            from benchmarks import workshop_class as classbench  # Playwright: a development dependency

            call_command("load_lessons", verbosity=0)
            self.stdout.write(classbench.run_class_benchmark(options["class_size"], options["browsers"],
                                                             options["forks"], options["clicks"]))
            return
        result = bench.run_benchmark(options["followers"], options["steps"], options["spread"])
        self.stdout.write(bench.HEADER)
        self.stdout.write(result.row())
