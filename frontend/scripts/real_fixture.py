"""Regenerate src/test/real/<name>.json: the event log scheduler_core emits for <name>.yaml plus
its own fold of that log (final, and after every seq), so the TypeScript fold can be checked against the Python one.

    PYTHONPATH=. .venv/bin/python frontend/scripts/real_fixture.py frontend/src/test/real/preemption.yaml

A <name>.run.json beside the YAML gives the run's scheduler config and timed commands:
{"config": {...}, "commands": [{"at": 5, "command": {...}}]}. A <name>.commands.json adds
input a person would give: `commands` ({at, command}: applied as a user would at virtual time
`at`), `timedCommands` (more of the run's timed commands) and `runStatus` (a playground
`run.status` event appended at the end: the kind is reserved, no fold changes state for it).
tests/scheduler_core/test_event_schema.py regenerates every fixture with `fixture()` and
compares it with the committed file.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from scheduler_core.events import apply_event, fold
from scheduler_core.simulation import Simulation


def _read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.exists() else {}


def events_of(src: Path) -> list[dict[str, Any]]:
    run, script = _read(src.with_suffix(".run.json")), _read(src.with_name(src.stem + ".commands.json"))
    timed = [*run.get("commands", []), *script.get("timedCommands", [])]
    sim = Simulation.from_yaml(src.read_text(), seed=1, config=run.get("config"), timed_commands=timed or None)
    for entry in script.get("commands", []):
        sim.run(until=entry["at"])
        sim.apply(entry["command"])
    sim.run()
    events = list(sim.events)
    if "runStatus" in script:
        last = events[-1]
        events.append({"seq": last["seq"] + 1, "t": last["t"], "kind": "run.status", **script["runStatus"]})
    return events


def fixture(src: Path) -> dict[str, Any]:
    events = events_of(src)
    states, state = [], {}
    for event in events:
        state = apply_event(state, event)
        states.append(state)
    return {"events": events, "fold": fold(events), "states": states}


def dumps(made: dict[str, Any]) -> str:
    """One event or state per line: small diffs, and a file a reader can still scan."""
    def lines(items: list[Any]) -> str:
        return "[\n" + ",\n".join(json.dumps(item, ensure_ascii=False) for item in items) + "\n]"

    return (f'{{"events": {lines(made["events"])},\n"fold": {json.dumps(made["fold"], ensure_ascii=False)},\n'
            f'"states": {lines(made["states"])}}}\n')


def main(path: str) -> None:
    src = Path(path)
    src.with_suffix(".json").write_text(dumps(fixture(src)))


if __name__ == "__main__":
    main(sys.argv[1])
