"""The YAML event pass builds the documents itself when they are plain: exactly what PyYAML's
safe loader gives (same resolver, same scalar constructors), and PyYAML's loader otherwise."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
import yaml

from benchmarks import browser as browserbench
from playground import safeload
from playground.api_errors import InvalidDocuments

ROOT = Path(__file__).resolve().parents[2]

PLAIN = [
    "a: 1\nb: -0x1F\nc: 0o17\nd: 017\ne: 1_000\nf: 190:20:30\ng: +12\n",
    "f1: 1.5\nf2: -.5e3\nf3: 6.8523015e+5\nf4: 1_0.5\nf5: 190:20:30.15\n",
    "t: [yes, No, on, OFF, true, False, y, n]\n",
    "n: [~, null, Null, '', \"\"]\nempty:\n",
    "q: ['1', \"2.5\", 'true', \"null\", '0x10', !!str 12, !!int '7', !!float '3']\n",
    "s: plain text\nm: |\n  line one\n  line two\nf: >\n  folded\n  text\n",
    "nested: {a: [1, {b: [2, 3]}], c: {d: {e: f}}}\n",
    "dup: 1\ndup: 2\n",
    "---\n---\nkind: Pod\n---\n# only a comment\n---\n- 1\n- two\n---\njust a scalar\n",
    "anchored: &a {x: 1}\nplain: 2\n",
    "explicit: !!map {a: !!seq [1, 2]}\n",
    "'1': quoted keys\n'true': stay strings\n",
]
NOT_PLAIN = [
    "when: 2001-12-14\n",
    "when: 2001-12-14t21:59:43.10-05:00\n",
    "blob: !!binary aGVsbG8=\n",
    "set: !!set {a, b}\n",
    "om: !!omap [a: 1]\n",
    "base: {a: 1}\nmerged: {<<: {b: 2}, c: 3}\n",
    "? [a, b]\n: unhashable key\n",
    "custom: !thing 1\n",
    "=: value key\n",
    "1: int key\n2.5: float key\ntrue: bool key\n~: null key\n",
    "inf: [.inf, -.Inf, .nan]\n",
]


def typed(value: Any) -> Any:
    """Equality that tells True from 1 and 1 from 1.0 (and nan from nan)."""
    if isinstance(value, dict):
        return ("dict", [(typed(k), typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    if isinstance(value, float) and math.isnan(value):
        return ("float", "nan")
    return (type(value).__name__, value)


def pyyaml(text: str) -> list[Any]:
    return [d for d in yaml.load_all(text, Loader=safeload._Loader) if d is not None]


@pytest.mark.parametrize("text", PLAIN)
def test_plain_documents_are_built_in_the_event_pass_exactly_as_pyyaml_builds_them(text: str) -> None:
    built = safeload.check_yaml_events(text, "yaml")
    assert built is not None
    assert typed(built) == typed(pyyaml(text))


def pyyaml_then_check_plain(text: str) -> Any:
    """What load_yaml gave before the event pass built documents: PyYAML, then check_plain."""
    try:
        docs = pyyaml(text)
        for i, doc in enumerate(docs):
            safeload.check_plain(doc, f"yaml[{i}]" if len(docs) > 1 else "yaml")
    except yaml.YAMLError as e:
        return ("refused", "yaml", safeload.describe_yaml_error(e))
    except InvalidDocuments as e:
        return refused(e)
    return typed(docs)


def refused(e: InvalidDocuments) -> tuple[str, str, str]:
    return ("refused", e.errors[0]["field"], e.errors[0]["message"])


@pytest.mark.parametrize("text", NOT_PLAIN)
def test_anything_else_is_left_to_pyyaml_and_check_plain_as_before(text: str) -> None:
    assert safeload.check_yaml_events(text, "yaml") is None
    try:
        got: Any = typed(safeload.load_yaml(text))
    except InvalidDocuments as e:
        got = refused(e)
    assert got == pyyaml_then_check_plain(text)


def test_plain_documents_need_no_second_check_and_the_rest_still_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    monkeypatch.setattr(safeload, "check_plain", lambda value, field: checked.append(field))
    safeload.load_yaml("a: 1\n---\nb: [2]\n")
    assert checked == []
    safeload.load_yaml("when: 2001-12-14\n---\nb: 2\n")
    assert checked == ["yaml[0]", "yaml[1]"]


def test_every_lesson_and_the_big_benchmark_cluster_are_built_exactly_as_pyyaml_builds_them() -> None:
    # A lesson's translations (lesson.<language>.yaml) key its steps by number: an integer key is not
    # plain, so the fast path leaves those files to PyYAML (as the translation loader reads them).
    texts = [p.read_text() for p in sorted(ROOT.glob("lessons/*/*.yaml")) if p.name.count(".") == 1]
    texts.append(browserbench.cluster_yaml(50, 200))
    assert len(texts) > 20
    for text in texts:
        built = safeload.check_yaml_events(text, "yaml")
        assert built is not None and typed(built) == typed(pyyaml(text))


def test_a_translation_s_numbered_steps_are_left_to_pyyaml() -> None:
    text = "steps:\n  1:\n    title: 四个节点\n"
    assert safeload.check_yaml_events(text, "yaml") is None
    assert pyyaml(text) == [{"steps": {1: {"title": "四个节点"}}}]


def test_aliases_and_depth_are_still_refused_when_the_pass_gave_up_building() -> None:
    with pytest.raises(InvalidDocuments, match="aliases"):
        safeload.check_yaml_events("when: 2001-12-14\nbase: &b {a: 1}\nuse: *b\n", "yaml")
    deep = "when: 2001-12-14\nx: " + "[" * 500 + "]" * 500 + "\n"
    with pytest.raises(InvalidDocuments, match="nested more than"):
        safeload.check_yaml_events(deep, "yaml")
