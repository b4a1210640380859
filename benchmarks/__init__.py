"""Benchmarks that print figures (docs/benchmarks.md): live runs, a classroom, the browser, a
workshop, a visitor's worst case. The apps import nothing of them; their management commands
(`manage.py bench_runs`, `bench_workshop`, `bench_browser`, `bench_light`, `bench_visitor`) are
thin wrappers. scheduler_core's own benchmark is `python -m scheduler_core.bench` (`make bench`)."""
