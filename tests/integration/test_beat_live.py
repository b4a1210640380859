"""Celery beat really runs the retention schedule: two beats (as on two worker hosts) with a one-second
PRUNE_EVERY_SECONDS, one real worker; exactly one beat leads, its prune removes an idle guest's private
things and drops an old run's event log; killed, its lease lapses and the other beat takes over."""
from __future__ import annotations

import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from playground import processes
from scripts import run
from tests.live import start_logged, tail

pytestmark = pytest.mark.integration

LEASE_SECONDS = 2
# An idle guest with a private scenario, and a signed-up user's run at rest untouched for a month.
SETUP = """
from datetime import timedelta
from django.contrib.auth.models import User
from django.utils import timezone
from playground.accounts import services as accounts
from playground.runs import replay
from playground.runs.models import Run, RunEvent
from playground.scenarios.models import Scenario
from tests.playground.test_k8sapi import DOCS

then = timezone.now() - timedelta(days=40)
guest = accounts.create_guest()
Scenario.objects.create(title="mine", owner=guest, visibility="private", manifests=DOCS)
User.objects.filter(pk=guest.pk).update(date_joined=then, last_login=then)
Scenario.objects.filter(owner=guest).update(updated_at=then)
owner = User.objects.create_user("{user}")
shared = Scenario.objects.create(title="shared", owner=owner, visibility="public", manifests=DOCS)
run = Run.objects.create(scenario=shared, scenario_slug=shared.slug, owner=owner, status="finished",
                         reason="quiescent", documents=DOCS, seed=1)
sim = replay.build(run.documents, run.settings, run.seed)
sim.run(until=5.0)
RunEvent.objects.bulk_create([RunEvent.from_event(run.pk, e) for e in sim.events])
Run.objects.filter(pk=run.pk).update(last_seq=len(sim.events), updated_at=then)
print(guest.username, run.pk, len(sim.events))
"""


def make_old_things(live_manage: Callable[..., str], user: str) -> tuple[str, int, int]:
    guest, run_id, last_seq = live_manage("shell", "-c", SETUP.format(user=user)).splitlines()[-1].split()
    return guest, int(run_id), int(last_seq)


def pruned(database_url: str, guest: str, run_id: int) -> tuple[bool, int]:
    with psycopg.connect(database_url) as conn:
        gone = conn.execute("SELECT count(*) FROM auth_user WHERE username = %s", [guest]).fetchone() == (0,)
        row = conn.execute("SELECT log_dropped_upto FROM runs_run WHERE id = %s", [run_id]).fetchone()
    return gone, row[0] if row else -1


def wait_for(check: Callable[[], bool], timeout: float, what: str, logs: list[Path]) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} within {timeout:g} s\n" + "\n".join(f"{p.name}:\n{tail(p)}" for p in logs))
        time.sleep(0.2)


@pytest.fixture
def beats(live_env: dict[str, str], live_logs: Path, tmp_path: Path,
          celery_worker_process: Any) -> Iterator[dict[str, Any]]:
    started = {}
    for name in ("beat-a", "beat-b"):
        env = {**live_env, "PRUNE_EVERY_SECONDS": "1", "BEAT_LEASE_SECONDS": str(LEASE_SECONDS),
               "PLAYGROUND_RUN_DIR": str(tmp_path / name)}  # each host its own .run/ and schedule file
        started[name] = start_logged(name, run.beat_command(), env, live_logs)
    yield started
    processes.stop_all(list(started.values()))


def leading(log: Path) -> bool:
    return "leading: this beat sends" in log.read_text(errors="replace")


def test_exactly_one_beat_leads_its_prune_runs_and_another_takes_over_when_it_dies(
        beats: dict[str, Any], live_manage: Callable[..., str], live_env: dict[str, str], live_logs: Path) -> None:
    assert run.beat_command()[:5] == [sys.executable, "-m", "celery", "-A", "playground"]
    logs = [live_logs / "beat-a.log", live_logs / "beat-b.log", live_logs / "celery-worker.log"]
    guest, run_id, last_seq = make_old_things(live_manage, "beat-owner-1")
    wait_for(lambda: pruned(live_env["DATABASE_URL"], guest, run_id) == (True, last_seq), 30,
             "the beat's prune did not remove the idle guest and drop the old log", logs)
    leaders = [name for name in beats if leading(live_logs / f"{name}.log")]
    assert len(leaders) == 1, leaders
    follower = next(name for name in beats if name not in leaders)
    assert "standing by" in (live_logs / f"{follower}.log").read_text()

    beats[leaders[0]].send_signal(signal.SIGKILL)  # its lease is not given back: it lapses
    wait_for(lambda: leading(live_logs / f"{follower}.log"), LEASE_SECONDS + 10,
             "the other beat did not take over", logs)
    guest, run_id, last_seq = make_old_things(live_manage, "beat-owner-2")
    wait_for(lambda: pruned(live_env["DATABASE_URL"], guest, run_id) == (True, last_seq), 30,
             "the new leader's prune did not run", logs)
