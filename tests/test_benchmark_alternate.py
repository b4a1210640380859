"""benchmarks/alternate.py reads the figures the classroom and workshop benchmarks print (their own
report functions here, so a changed report fails) and takes the median of each side's runs."""
from __future__ import annotations

from benchmarks import alternate
from benchmarks.browser import percentile
from benchmarks.classroom import Student, report
from benchmarks.workshop_class import Figures


def test_the_classroom_figures_are_read_from_its_report() -> None:
    students = [Student("lesson", 1.0, left_queue_s=0.2 + i / 10, left_queue_db_s=0.1 + i / 10,
                        command_s=[0.03], event_lags=[0.01]) for i in range(10)]
    figures = alternate.read_figures(alternate.BENCHMARKS["classroom"], report(students, 10, 0, 300, 2000))
    assert figures == {"left queued (database) p95 ms": 1000, "lesson runs p95 ms": 1000,
                       "left queued (viewer) p95 ms": 1100, "pause/step/resume p95 ms": 30,
                       "event -> lesson viewers p95 ms": 10}


def test_the_workshop_class_figures_are_read_from_its_report() -> None:
    drawn, received = [100.0 + 10 * i for i in range(20)], [50.0 + 5 * i for i in range(40)]
    text = Figures(60, 1, 30, 20, [drawn], received, 0, 30, 900, []).report()
    figures = alternate.read_figures(alternate.BENCHMARKS["workshop"], text)
    assert figures == {"click -> drawn p50 ms": round(percentile(drawn, 0.5)),
                       "click -> drawn p95 ms": round(percentile(drawn, 0.95)),
                       "click -> socket message p95 ms": round(percentile(received, 0.95))}
    assert figures["click -> drawn p50 ms"] < figures["click -> drawn p95 ms"]


def test_medians_are_taken_per_figure_over_the_runs_that_printed_it() -> None:
    runs = [{"a": 3.0, "b": 1.0}, {"a": 1.0}, {"a": 2.0, "b": 5.0}]
    assert alternate.medians(runs) == {"a": 2.0, "b": 3.0}


def test_each_side_has_a_database_of_its_own_on_the_same_server() -> None:
    url = "postgresql://postgres@db.example:5433/bench"
    assert alternate.database_url(url, "before") == "postgresql://postgres@db.example:5433/bench_before"
