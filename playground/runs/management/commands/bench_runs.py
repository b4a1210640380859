"""`python manage.py bench_runs`: live-run latency and throughput (see benchmarks/runs.py)."""
from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from benchmarks import classroom
from benchmarks import runs as bench


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
        parser.add_argument("--classroom", type=int, default=0, metavar="N",
                            help="instead: N guests start lesson runs at once (benchmarks/classroom.py)")
        parser.add_argument("--heavy", type=int, default=5, help="classroom: big runs at speed 0 meanwhile")
        parser.add_argument("--heavy-nodes", type=int, default=300)
        parser.add_argument("--heavy-pods", type=int, default=2000)
        parser.add_argument("--seconds", type=float, default=45, help="classroom: how long viewers watch")
        parser.add_argument("--big", type=int, default=0, metavar="NODES",
                            help="one cluster of NODES nodes and as many pending pods through the app (issue 16)")
        parser.add_argument("--big-pods", type=int, default=0, help="--big: pending pods (default: NODES)")
        parser.add_argument("--joiners", type=int, default=50, help="--big: late joiners of the finished run")
        parser.add_argument("--watch-heavy", action="store_true", help="classroom: a viewer on each big run too")
        parser.add_argument("--commands-over", choices=("ws", "rest"), default="ws",
                            help="classroom: students send commands as the browser does, over the run's WebSocket "
                                 "(default), or with POST …/commands/")
        parser.add_argument("--request-costs", type=int, default=0, metavar="N",
                            help="instead: the web server's CPU per request kind, N guests one after another")
        parser.add_argument("--post-cpu", type=int, default=0, metavar="N",
                            help="instead: a web process's CPU per run start (process_time), N POSTs in-process "
                                 "(benchmarks/post_cpu.py)")
        parser.add_argument("--profile", metavar="FILE", help="--post-cpu: also write a cProfile of the POSTs")

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", verbosity=0)
        if options["big"]:
            from benchmarks import big_run as bigbench  # requests: a development dependency

            self.stdout.write(bigbench.run_big(options["big"], options["big_pods"] or options["big"],
                                               options["joiners"]))
            return
        if options["request_costs"]:
            call_command("load_lessons", verbosity=0)
            self.stdout.write(classroom.run_request_costs(options["request_costs"]))
            return
        if options["post_cpu"]:
            from benchmarks import post_cpu as postcpu

            call_command("load_lessons", verbosity=0)
            self.stdout.write(postcpu.run_post_cpu(options["post_cpu"], options["profile"]))
            return
        if options["classroom"]:
            call_command("load_lessons", verbosity=0)
            classroom.WATCH_HEAVY = options["watch_heavy"]
            classroom.COMMANDS_OVER = options["commands_over"]
            self.stdout.write(classroom.run_classroom(options["classroom"], options["heavy"], options["heavy_nodes"],
                                                      options["heavy_pods"], options["seconds"]))
            return
        if options["no_compression"]:
            bench.COMPRESSION = None
        counts = [int(v) for v in options["viewers"].split(",") if v]
        results = bench.run_benchmark(counts, options["nodes"], options["pods"], options["paced_nodes"],
                                      options["paced_speed"])
        self.stdout.write(bench.HEADER)
        for result in results:
            self.stdout.write(result.row())
