"""Commands of one run submitted at once (kubectl drain evicts its pods in parallel) get one seq
each, on the real PostgreSQL: the row lock orders them, and the next seq is read after it."""
from __future__ import annotations

import json
import uuid
from collections.abc import Callable

SCRIPT = """
import json, threading, time
from datetime import timedelta
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.utils import timezone
from playground.runs import services
from playground.runs.models import Run, RunCommand
from playground.scenarios.models import Scenario
owner = User.objects.create_user({name!r})
scenario = Scenario.objects.create(title="t", owner=owner)
# A live lease: no doorbell for the session's worker, which must not take this run.
run = Run.objects.create(scenario=scenario, scenario_slug=scenario.slug, owner=owner, status="running",
                         lease_token="held", lease_expires_at=timezone.now() + timedelta(minutes=5))
holding = threading.Event()

def first():
    with transaction.atomic():  # another request's submit, caught between its lock and its commit
        Run.objects.select_for_update().get(pk=run.pk)
        RunCommand.objects.create(run=run, seq=1, type="pause", payload={{"type": "pause"}})
        holding.set()
        time.sleep(0.5)
    connection.close()

thread = threading.Thread(target=first)
thread.start()
holding.wait()
second = services.submit_command(run, owner, {{"type": "resume"}})
thread.join()
print(json.dumps({{"seqs": sorted(RunCommand.objects.filter(run=run).values_list("seq", flat=True)),
                  "second": second.seq}}))
"""


def test_a_command_submitted_while_another_holds_the_run_gets_the_next_seq(live_manage: Callable[..., str]) -> None:
    out = live_manage("shell", "-c", SCRIPT.format(name=f"seq-check-{uuid.uuid4().hex[:8]}"))
    result = json.loads(out.strip().splitlines()[-1])
    assert result == {"seqs": [1, 2], "second": 2}
