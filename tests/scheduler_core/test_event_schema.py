"""The event payload schemas scheduler_core publishes (scheduler_core/event_schema.py,
docs/events.schema.json) describe what it emits: every event of the shared fixtures
(frontend/src/test/real/, folded by both the Python and the TypeScript fold) and of the fold
fuzz's random scripts validates, one fixture holds every kind, and each fixture is what the core
emits today."""
from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from scheduler_core.event_schema import EVENT_FIELDS, schema_document
from scheduler_core.events import EVENT_KINDS

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT / "frontend" / "src" / "test" / "real"
FIXTURES = sorted(REAL.glob("*.yaml"))
DOCUMENT = schema_document()


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("real_fixture", ROOT / "frontend" / "scripts" / "real_fixture.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator({"$defs": DOCUMENT["$defs"], "$ref": f"#/$defs/{kind}"})


def problems(event: dict[str, Any]) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(event["kind"]).iter_errors(event)]


def test_the_schema_document_is_valid_json_schema_with_one_schema_per_kind() -> None:
    Draft202012Validator.check_schema(DOCUMENT)
    assert tuple(EVENT_FIELDS) == EVENT_KINDS


def test_the_published_file_is_the_schema_the_core_makes() -> None:
    committed = json.loads((ROOT / "docs" / "events.schema.json").read_text())
    assert committed == DOCUMENT, "regenerate: .venv/bin/python -m scheduler_core.event_schema > docs/events.schema.json"


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_every_event_the_core_emits_for_a_fixture_validates_and_the_fixture_is_current(path: Path) -> None:
    made = generator().fixture(path)
    for event in made["events"]:
        assert problems(event) == [], f"seq {event['seq']} ({event['kind']})"
    committed = json.loads(path.with_suffix(".json").read_text())
    assert committed == json.loads(json.dumps(made)), (
        f"regenerate: PYTHONPATH=. .venv/bin/python frontend/scripts/real_fixture.py {path.relative_to(ROOT)}")


def test_one_shared_fixture_holds_every_event_kind() -> None:
    events = json.loads((REAL / "every_kind.json").read_text())["events"]
    assert sorted({e["kind"] for e in events}) == sorted(EVENT_KINDS)


@pytest.mark.parametrize("change", [
    pytest.param(lambda e: e.update(extra=1), id="a field the schema does not name"),
    pytest.param(lambda e: e.pop("node"), id="a required field left out"),
    pytest.param(lambda e: e.update(node=3), id="a field of the wrong type"),
])
def test_an_event_unlike_its_schema_is_refused(change: Any) -> None:
    event = {"seq": 4, "t": 1.0, "kind": "pod.bound", "pod": "default/p", "node": "n1", "cycle": 2}
    assert problems(dict(event)) == []
    change(event)
    assert problems(event) != []


@pytest.mark.parametrize("seed", range(12))  # the fold fuzz's scripts: every command kind, at random
def test_every_event_of_a_random_script_validates(seed: int) -> None:
    from tests.scheduler_core.test_simulation_fuzz import _script

    for event in _script(seed).events:
        assert problems(event) == [], f"seq {event['seq']} ({event['kind']})"


def test_every_criterion_the_evaluator_can_report_is_in_the_schema() -> None:
    import inspect
    import re

    from scheduler_core.preemption.evaluator import CRITERIA, Evaluator

    reported = set(re.findall(r'"([a-zA-Z]+)"', inspect.getsource(Evaluator.select_candidate)))
    assert reported - {"earliestStartTime", "prioritySum"} == set(CRITERIA)
