"""Regenerate src/test/real/<name>.json: the event log scheduler_core emits for <name>.yaml plus
its own fold of that log (final, and after every seq), so the TypeScript fold can be checked against the Python one.

    .venv/bin/python frontend/scripts/real_fixture.py frontend/src/test/real/preemption.yaml

A <name>.run.json beside the YAML gives the run's scheduler config and timed commands:
{"config": {...}, "commands": [{"at": 5, "command": {...}}]}.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from scheduler_core.events import apply_event, fold
from scheduler_core.simulation import Simulation


def main(path: str) -> None:
    src = Path(path)
    extra = src.with_suffix(".run.json")
    run = json.loads(extra.read_text()) if extra.exists() else {}
    sim = Simulation.from_yaml(src.read_text(), seed=1, config=run.get("config"), timed_commands=run.get("commands"))
    sim.run()
    events = sim.events
    states, state = [], {}
    for event in events:
        state = apply_event(state, event)
        states.append(state)
    out = {"events": events, "fold": fold(events), "states": states}
    src.with_suffix(".json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
