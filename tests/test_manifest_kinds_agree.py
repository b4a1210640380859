"""The modelled kinds are one table in Python (scheduler_core.manifests.kinds); the browser's editor
keeps a copy (frontend/src/features/editor/model/manifest.ts: KINDS, WORKLOAD_KINDS, KIND_PLURAL,
API_VERSION). This keeps the copy in step, order included (the editor's sections follow it)."""
from __future__ import annotations

import re
from pathlib import Path

from scheduler_core.manifests.kinds import API_VERSIONS, KINDS, PLURALS, WORKLOAD_KINDS

MANIFEST_TS = Path(__file__).resolve().parent.parent / "frontend" / "src" / "features" / "editor" / "model" / "manifest.ts"


def const_list(source: str, name: str) -> list[str]:
    match = re.search(rf"export const {name} = \[(.*?)\] as const;", source, re.DOTALL)
    assert match, f"manifest.ts no longer declares `export const {name} = [...] as const`"
    items: list[str] = []
    for item in (part.strip() for part in match.group(1).split(",")):
        if item.startswith("..."):
            items += const_list(source, item[3:])
        elif item:
            items.append(item.strip('"'))
    return items


def const_record(source: str, name: str) -> dict[str, str]:
    match = re.search(rf"export const {name}: Record<Kind, string> = \{{(.*?)\}};", source, re.DOTALL)
    assert match, f"manifest.ts no longer declares `export const {name}: Record<Kind, string> = {{...}}`"
    return dict(re.findall(r'(\w+): "([^"]+)"', match.group(1)))


def test_the_editor_lists_the_modelled_kinds_in_order() -> None:
    source = MANIFEST_TS.read_text()
    assert const_list(source, "KINDS") == [k.kind for k in KINDS]
    assert const_list(source, "WORKLOAD_KINDS") == list(WORKLOAD_KINDS)


def test_the_editor_names_each_kinds_plural_and_api_version_as_the_model_does() -> None:
    source = MANIFEST_TS.read_text()
    assert const_record(source, "KIND_PLURAL") == PLURALS
    assert const_record(source, "API_VERSION") == API_VERSIONS


def test_the_parser_follows_a_spread_and_reads_a_record() -> None:
    source = ('export const A = ["x", "y"] as const;\nexport const B = ["w", ...A] as const;\n'
              'export const P: Record<Kind, string> = {\n  w: "ws",\n  x: "xs",\n};\n')
    assert const_list(source, "B") == ["w", "x", "y"]
    assert const_record(source, "P") == {"w": "ws", "x": "xs"}
