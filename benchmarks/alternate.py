"""Before/after, alternating: one benchmark run from a worktree of an older commit and from this
checkout in turn (before, after, before, after, …), each on a fresh database, then the medians.

    .venv/bin/python -m benchmarks.alternate classroom --before b2b5adc --pairs 3
    .venv/bin/python -m benchmarks.alternate workshop --before bbcb3a5 --pairs 3

`classroom` is `manage.py bench_runs --classroom 60`, `workshop` is `manage.py bench_workshop
--class 60 --browsers 3 --forks 30`; `--args "..."` replaces those arguments (a tiny class to
check the harness: `--args "--classroom 2 --heavy 0 --seconds 3"`). The before checkout is a
detached worktree under .run/before-<rev> (made once, with this checkout's .venv and
node_modules; its browser app built when the benchmark needs it). Each run gets a database
dropped and created afresh on DATABASE_URL's server (<its name>_before / _after) and an emptied
Redis database (REDIS_URL's: give the benchmark one of its own). Nothing here imports Django:
each side runs its own manage.py.
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Figure:
    """One figure a benchmark prints: the label it is read by and a pattern capturing its value."""

    label: str
    pattern: str


@dataclass(frozen=True)
class Benchmark:
    command: str
    args: str
    needs_browser_app: bool
    figures: tuple[Figure, ...]


P95 = r"p95 (\d+) ms"
BENCHMARKS = {
    "classroom": Benchmark("bench_runs", "--classroom 60", False, (
        Figure("left queued (database) p95 ms", r"^left queued \(database\): .*?" + P95),
        Figure("lesson runs p95 ms", r"^  lesson runs: .*?" + P95),
        Figure("left queued (viewer) p95 ms", r"^left queued \(viewer\): .*?" + P95),
        Figure("pause/step/resume p95 ms", r"^pause/step/resume: .*?" + P95),
        Figure("event -> lesson viewers p95 ms", r"^event -> viewer: .*?" + P95),
    )),
    "workshop": Benchmark("bench_workshop", "--class 60 --browsers 3 --forks 30", True, (
        Figure("click -> drawn p50 ms", r"^\| step drawn, every tab \| \d+ \| (\d+) \|"),
        Figure("click -> drawn p95 ms", r"^\| step drawn, every tab \| \d+ \| \d+ \| (\d+) \|"),
        Figure("click -> socket message p95 ms", r"^\| position message, every socket client \| \d+ \| \d+ \| (\d+) \|"),
    )),
}


def read_figures(benchmark: Benchmark, output: str) -> dict[str, float]:
    """The benchmark's figures from its printed report; a figure it did not print is left out."""
    found: dict[str, float] = {}
    for figure in benchmark.figures:
        match = re.search(figure.pattern, output, re.MULTILINE)
        if match:
            found[figure.label] = float(match.group(1))
    return found


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def before_checkout(rev: str, needs_browser_app: bool) -> Path:
    """A detached worktree of rev sharing this checkout's .venv and node_modules, made once."""
    commit = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    path = ROOT / ".run" / f"before-{commit[:12]}"
    if not path.exists():
        git("worktree", "add", "--detach", str(path), commit)
        (path / ".venv").symlink_to(ROOT / ".venv")
        (path / "frontend" / "node_modules").symlink_to(ROOT / "frontend" / "node_modules")
    if needs_browser_app and not (path / "frontend" / "dist" / "index.html").exists():
        subprocess.run(["npx", "vite", "build"], cwd=path / "frontend", check=True, stdout=subprocess.DEVNULL)
    return path


def check_command(checkout: Path, benchmark: Benchmark, args: list[str]) -> None:
    """Refuse before running anything when a checkout's command lacks an option the run passes."""
    help_text = manage(checkout, [benchmark.command, "--help"], os.environ.copy()).stdout
    missing = [a for a in args if a.startswith("--") and a.split("=")[0] not in help_text]
    if missing:
        raise SystemExit(f"{checkout}: `manage.py {benchmark.command}` has no {', '.join(missing)} at this commit; "
                         "choose a --before that has it")


def manage(checkout: Path, args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "manage.py", *args], check=False,
                          cwd=checkout, env=env, capture_output=True, text=True)


def database_url(base: str, side: str) -> str:
    parts = urlsplit(base)
    return urlunsplit(parts._replace(path=f"{parts.path.rstrip('/') or '/bench'}_{side}"))


def fresh_database(url: str) -> None:
    parts = urlsplit(url)
    server = ["-h", parts.hostname or "127.0.0.1", "-p", str(parts.port or 5432), "-U", parts.username or "postgres"]
    name = parts.path.lstrip("/")
    subprocess.run(["dropdb", "--if-exists", "--force", *server, name], check=True)
    subprocess.run(["createdb", *server, name], check=True)


def empty_redis(url: str) -> None:
    import redis  # the project's own dependency; imported here so --help needs nothing

    redis.Redis.from_url(url).flushdb()


def run_once(checkout: Path, side: str, benchmark: Benchmark, args: list[str]) -> dict[str, float]:
    env = os.environ.copy()
    env["DATABASE_URL"] = database_url(os.environ["DATABASE_URL"], side)
    fresh_database(env["DATABASE_URL"])
    empty_redis(env["REDIS_URL"])
    started = time.monotonic()
    done = manage(checkout, [benchmark.command, *args], env)
    if done.returncode:
        raise SystemExit(f"{side} ({checkout}) failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    figures = read_figures(benchmark, done.stdout)
    print(f"{side:6s} {time.monotonic() - started:6.0f} s  "
          + "  ".join(f"{label} {value:g}" for label, value in figures.items()), flush=True)
    if not figures:
        print(done.stdout[-2000:], file=sys.stderr)
    return figures


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    labels = {label for figures in runs for label in figures}
    return {label: statistics.median(f[label] for f in runs if label in f) for label in sorted(labels)}


def report(benchmark: Benchmark, before: list[dict[str, float]], after: list[dict[str, float]]) -> str:
    b, a = medians(before), medians(after)
    lines = [f"medians of {len(before)} before / {len(after)} after runs:",
             "| figure | before | after | after / before |", "|---|---|---|---|"]
    for figure in benchmark.figures:
        if figure.label in b and figure.label in a:
            ratio = f"{a[figure.label] / b[figure.label]:.2f}" if b[figure.label] else "–"
            lines.append(f"| {figure.label} | {b[figure.label]:g} | {a[figure.label]:g} | {ratio} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("benchmark", choices=sorted(BENCHMARKS))
    parser.add_argument("--before", required=True, help="the git revision to compare this checkout with")
    parser.add_argument("--pairs", type=int, default=3, help="before/after pairs, alternating (default 3)")
    parser.add_argument("--args", help="the benchmark command's arguments instead of the default ones")
    options = parser.parse_args()
    for variable in ("DATABASE_URL", "REDIS_URL"):
        if not os.environ.get(variable):
            raise SystemExit(f"{variable} must be set (a PostgreSQL server for two scratch databases, "
                             "a Redis database of the benchmark's own)")
    benchmark = BENCHMARKS[options.benchmark]
    args = shlex.split(options.args if options.args is not None else benchmark.args)
    before_path = before_checkout(options.before, benchmark.needs_browser_app)
    if benchmark.needs_browser_app and not (ROOT / "frontend" / "dist" / "index.html").exists():
        raise SystemExit("build this checkout's browser app first: cd frontend && npx vite build")
    for checkout in (before_path, ROOT):
        check_command(checkout, benchmark, args)
    print(f"{options.benchmark}: manage.py {benchmark.command} {shlex.join(args)}; before = {options.before} "
          f"({before_path}), after = {git('rev-parse', '--short', 'HEAD')} + working tree ({ROOT})", flush=True)
    before: list[dict[str, float]] = []
    after: list[dict[str, float]] = []
    for _ in range(options.pairs):
        before.append(run_once(before_path, "before", benchmark, args))
        after.append(run_once(ROOT, "after", benchmark, args))
    print(report(benchmark, before, after))


if __name__ == "__main__":
    main()
