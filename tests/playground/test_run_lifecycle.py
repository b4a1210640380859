"""A run's lifecycle (playground/runs/lifecycle.py): every move it allows and refuses, the terminal
rule the same in Python, as a filter and in SQL, and no other module writing a run's status."""
from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection

from playground.runs import lifecycle
from playground.runs.lifecycle import FAILED, FINISHED, PAUSED, QUEUED, QUIESCENT, RUNNING, SETTLED, STOPPED
from playground.runs.models import Run

ROOT = Path(__file__).resolve().parents[2]

# Every (status, reason) a run can be in, by kind of reason that matters to the lifecycle.
STATES = [(QUEUED, ""), (RUNNING, ""), (PAUSED, ""), (SETTLED, lifecycle.SETTLED_REASON), (FINISHED, QUIESCENT),
          (FINISHED, STOPPED), (FINISHED, lifecycle.RESTARTED), (FINISHED, "stopped at 1,000,000 events, the limit"),
          (FAILED, "the worker executing it was lost 5 times; giving up")]

# The moves docs/runs.md's table describes, written out once more here on purpose.
ALLOWED = {
    "queued -> running", "queued -> paused", "queued -> failed",
    "running -> paused", "running -> settled", "running -> finished", "running -> failed",
    "paused -> running", "paused -> paused", "paused -> finished", "paused -> failed",
    "settled -> running", "settled -> paused", "settled -> finished", "settled -> failed",
    "finished (quiescent) -> running", "finished (quiescent) -> finished", "finished (quiescent) -> failed",
}


def named(status: str, reason: str) -> str:
    return f"{status} (quiescent)" if reason == QUIESCENT else status


@pytest.mark.parametrize(("status", "reason", "to"), [
    pytest.param(status, reason, to, id=f"{named(status, reason)} -> {to} ({reason or 'no reason'})")
    for (status, reason), to in itertools.product(STATES, lifecycle.Status.values)])
def test_a_run_moves_only_where_its_lifecycle_goes(status: str, reason: str, to: str) -> None:
    run = Run(status=status, reason=reason)
    allowed = f"{named(status, reason)} -> {to}" in ALLOWED
    assert lifecycle.can_move(status, reason, to) is allowed
    if allowed:
        lifecycle.move(run, to, "why")
        assert (run.status, run.reason) == (to, "why")
    else:
        with pytest.raises(lifecycle.IllegalTransition):
            lifecycle.move(run, to, "why")
        assert (run.status, run.reason) == (status, reason)


@pytest.mark.parametrize(("start_paused", "status"), [
    pytest.param(False, RUNNING, id="a run taken by a worker starts running"),
    pytest.param(True, PAUSED, id="a run started paused waits paused")])
def test_a_queued_run_leaves_the_queue_as_it_was_asked_to(start_paused: bool, status: str) -> None:
    run = Run(status=QUEUED, start_paused=start_paused)
    lifecycle.leave_queue(run)
    assert run.status == status


def test_a_run_no_longer_queued_keeps_its_status_when_a_worker_takes_it() -> None:
    run = Run(status=SETTLED, reason=lifecycle.SETTLED_REASON, start_paused=True)
    lifecycle.leave_queue(run)
    assert (run.status, run.reason) == (SETTLED, lifecycle.SETTLED_REASON)


def test_only_an_end_ends_runs_in_bulk() -> None:
    with pytest.raises(lifecycle.IllegalTransition):
        lifecycle.end_all(Run.objects.none(), FINISHED, QUIESCENT)


@pytest.mark.django_db
def test_the_terminal_rule_is_the_same_in_python_as_a_filter_and_in_sql() -> None:
    owner = User.objects.create_user("owner")
    runs = [Run.objects.create(owner=owner, scenario_slug="s", status=s, reason=r) for s, r in STATES]
    in_python = {run.pk for run in runs if run.is_terminal}
    as_filter = set(Run.objects.filter(lifecycle.terminal_q()).values_list("pk", flat=True))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM {Run._meta.db_table} WHERE {lifecycle.TERMINAL_SQL}")
        in_sql = {row[0] for row in cursor.fetchall()}
    assert in_python == as_filter == in_sql == {runs[i].pk for i in (5, 6, 7, 8)}


# ---- nobody else writes a run's status ----

NOT_RUNS = {"command", "workshop"}  # receivers of a `.status` that is another model's
WRITES = {"create", "update", "get_or_create", "update_or_create", "bulk_create", "bulk_update"}


def root_name(node: ast.expr) -> str:
    """`Run` for Run.objects.filter(…).update, `runs` for runs.update, `self.run_row` → `self`."""
    while isinstance(node, ast.Call | ast.Attribute | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else ""


def status_writes(tree: ast.AST) -> list[int]:
    """Lines that set a run's status: `x.status = …`, `Run(status=…)`, `<runs>.update(status=…)` —
    another model's (`command`, `RunCommand.objects…`) aside, and a value lifecycle.py computed
    (`status=lifecycle.leave_queue_case()`). Saving a run whose status lifecycle.py set is no write of it."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                    if isinstance(t, ast.Attribute) and t.attr == "status" and ast.unparse(t.value) not in NOT_RUNS:
                        lines.append(node.lineno)
        elif isinstance(node, ast.Call):
            keywords = {k.arg: k.value for k in node.keywords}
            root = root_name(node.func)
            on_runs = root == "Run" or root[:1].islower()  # a Run query, or a variable that may hold runs
            writes = (isinstance(node.func, ast.Name) and node.func.id == "Run") or (
                isinstance(node.func, ast.Attribute) and node.func.attr in WRITES)
            if "status" in keywords and on_runs and writes and root_name(keywords["status"]) != "lifecycle":
                lines.append(node.lineno)
    return lines


def test_no_module_but_the_lifecycle_writes_a_runs_status() -> None:
    sources = [p for folder in ("playground", "scripts") for p in (ROOT / folder).rglob("*.py")
               if "migrations" not in p.parts and p != ROOT / "playground/runs/lifecycle.py"]
    found = {f"{p.relative_to(ROOT)}:{line}" for p in sources for line in status_writes(ast.parse(p.read_text()))}
    assert found == set()


@pytest.mark.parametrize("source", [
    pytest.param("run.status = 'paused'", id="an assignment"),
    pytest.param("locked.status, locked.reason = Run.Status.FAILED, why", id="a tuple assignment"),
    pytest.param("Run.objects.create(owner=u, status='paused')", id="a run created with a status"),
    pytest.param("Run.objects.filter(pk=1).update(status='failed')", id="an update of runs"),
    pytest.param("runs.update(status='failed')", id="an update of a queryset in a variable"),
    pytest.param("Run(owner=u, status=PAUSED)", id="a run made with a status"),
])
def test_the_check_finds_each_way_of_writing_a_status(source: str) -> None:
    assert status_writes(ast.parse(source)) == [1]


@pytest.mark.parametrize("source", [
    pytest.param("command.status = RunCommand.Status.APPLIED", id="a command's verdict"),
    pytest.param("RunCommand.objects.filter(run=run).update(status='rejected')", id="commands rejected"),
    pytest.param("Run.objects.filter(status='queued').exists()", id="a read"),
    pytest.param("Response(data, status=201)", id="an HTTP status"),
    pytest.param("runs.update(status=lifecycle.leave_queue_case())", id="a status lifecycle.py computed"),
])
def test_the_check_leaves_other_statuses_alone(source: str) -> None:
    assert status_writes(ast.parse(source)) == []
