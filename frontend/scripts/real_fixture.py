"""Regenerate src/test/real/<name>.json: the event log scheduler_core emits for <name>.yaml plus
its own fold of that log (final, and after every seq), so the TypeScript fold can be checked against the Python one.

    .venv/bin/python frontend/scripts/real_fixture.py frontend/src/test/real/preemption.yaml
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from scheduler_core.events import apply_event, fold
from scheduler_core.simulation import Simulation


def main(path: str) -> None:
    src = Path(path)
    sim = Simulation.from_yaml(src.read_text(), seed=1)
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
