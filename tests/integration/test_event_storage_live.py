"""Events stored with PostgreSQL's COPY (playground/runs/leases.py writes COPY's text format by
hand): what is read back is exactly what was stored, whatever the text holds."""
from __future__ import annotations

import json
from collections.abc import Callable

TRICKY = ['quote " and backslash \\ and \\n literal', "tab\tnewline\nreturn\r", "unicode: ü ✓ \u2028",
          "braces {node-role.kubernetes.io/control-plane: }", "\\\\server\\share", ""]

SCRIPT = """
import json
from django.contrib.auth.models import User
from playground.runs import leases
from playground.runs.models import Run, RunEvent
from playground.scenarios.models import Scenario
owner = User.objects.create_user("copy-check")
scenario = Scenario.objects.create(title="t", owner=owner)
run = Run.objects.create(scenario=scenario, scenario_slug=scenario.slug, owner=owner)
texts = json.loads({texts!r})
events = [{{"seq": i + 1, "t": 0.1 * i, "kind": "pod.message", "message": text, "nested": {{"k": [text]}}}}
          for i, text in enumerate(texts)]
leases.store_events(run.pk, events)
back = list(RunEvent.objects.filter(run=run).order_by("seq").values_list("seq", "t", "kind", "data"))
print(json.dumps({{"events": events, "back": back}}))
"""


def test_copy_stores_every_character_of_the_events_exactly(live_manage: Callable[..., str]) -> None:
    out = live_manage("shell", "-c", SCRIPT.format(texts=json.dumps(TRICKY)))
    result = json.loads(out.strip().splitlines()[-1])
    events, back = result["events"], result["back"]
    assert [row[3] for row in back] == events
    assert [(row[0], row[1], row[2]) for row in back] == [(e["seq"], e["t"], e["kind"]) for e in events]


TICK_SCRIPT = """
import json
from django.contrib.auth.models import User
from playground.runs import bus, leases
from playground.runs.models import Run, RunCommand, RunEvent, RunState
from playground.scenarios.models import Scenario
published = []
def publish(run_id, events, view, produced_at, verdicts, texts):
    published.append([e["seq"] for e in events])
owner = User.objects.create_user({name!r})
scenario = Scenario.objects.create(title="t", owner=owner)
run = Run.objects.create(scenario=scenario, scenario_slug=scenario.slug, owner=owner, status="running",
                         lease_token="mine")
texts = json.loads({texts!r})
events = [{{"seq": i + 1, "t": 0.5 * i, "kind": "pod.message", "message": text}} for i, text in enumerate(texts)]
pause = RunCommand.objects.create(run=run, seq=1, type="pause", payload={{"type": "pause"}})
bad = RunCommand.objects.create(run=run, seq=2, type="delete_pod", payload={{"type": "delete_pod"}})
pause.status, pause.tick, pause.time, pause.after_seq = "applied", 3, 1.25, len(events)
bad.status, bad.error = "rejected", {{"field": "pod", "value": "default/x", "message": "no pod default/x"}}
run.status, run.reason, run.time, run.last_seq, run.clock_wall = "paused", "", 1.25, len(events), 1700000000.5
leases.commit_tick(run, "mine", events, [pause, bad], False, state={{"nodes": ["n1"], "time": 1.25}}, publish=publish)
leases.commit_tick(run, "mine", [], [], False, state={{"nodes": ["n1", "n2"], "time": 1.25}},
                   publish=publish)  # same seq: replaced
lost = None
try:
    later = [{{"seq": len(events) + 1, "t": 9.0, "kind": "pod.message", "message": "after the takeover"}}]
    run.last_seq = len(events) + 1
    leases.commit_tick(run, "not-mine", later, [], False, state={{"nodes": []}}, publish=publish)
except leases.LeaseLost as exc:
    lost = str(exc)
row = Run.objects.get(pk=run.pk)
print(json.dumps({{
    "back": list(RunEvent.objects.filter(run=run).order_by("seq").values_list("seq", "t", "kind", "data")),
    "commands": list(RunCommand.objects.filter(run=run).order_by("seq").values_list(
        "status", "tick", "time", "after_seq", "error")),
    "run": [row.status, row.time, row.last_seq, row.clock_wall],
    "states": list(RunState.objects.filter(run=run).values_list("seq", "state")),
    "lost": lost, "published": published, "events": events}}))
"""


def test_a_tick_is_one_statement_fenced_by_the_lease(live_manage: Callable[..., str]) -> None:
    """The worker's tick on PostgreSQL (leases.commit_tick, one statement): the run's row, its
    events exactly as given, its commands' verdicts and a state when one is due, or — the lease
    taken by another worker — nothing at all, and nothing published."""
    import uuid

    out = live_manage("shell", "-c", TICK_SCRIPT.format(name=f"tick-{uuid.uuid4().hex[:8]}", texts=json.dumps(TRICKY)))
    result = json.loads(out.strip().splitlines()[-1])
    events = result["events"]
    assert [row[3] for row in result["back"]] == events  # nothing from the second, fenced-off tick
    assert [(row[0], row[1], row[2]) for row in result["back"]] == [(e["seq"], e["t"], e["kind"]) for e in events]
    assert result["commands"] == [
        ["applied", 3, 1.25, len(events), None],
        ["rejected", None, None, None, {"field": "pod", "value": "default/x", "message": "no pod default/x"}]]
    assert result["run"] == ["paused", 1.25, len(events), 1700000000.5]
    assert result["lost"] is not None
    assert result["states"] == [[len(events), {"nodes": ["n1", "n2"], "time": 1.25}]]
    assert result["published"] == [[e["seq"] for e in events], []]
