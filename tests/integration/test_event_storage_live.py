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
