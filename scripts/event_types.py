"""The browser's event types, generated from the schemas scheduler_core publishes
(scheduler_core/event_schema.py): `make api-types` rewrites frontend/src/protocol/events.gen.ts,
the only definition of the kinds, their payloads and the vocabularies they use (events.ts re-exports
it with the helpers that read verdicts); tests/test_event_types.py fails when the committed file differs."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scheduler_core.event_schema import DEFS, EVENT_FIELDS, VOCABULARIES, kind_schema

ROOT = Path(__file__).resolve().parents[1]
EVENTS_GEN_TS = ROOT / "frontend" / "src" / "protocol" / "events.gen.ts"


# Words a kind spells in lower case that Kubernetes spells in two.
WORDS = {"priorityclass": "PriorityClass"}


def type_name(kind: str) -> str:
    """cluster.snapshot -> ClusterSnapshotEvent, priorityclass.added -> PriorityClassAddedEvent."""
    return "".join(WORDS.get(part, part[:1].upper() + part[1:]) for part in kind.split(".")) + "Event"


def ts(schema: dict[str, Any], indent: str = "") -> str:
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[1]
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    if "anyOf" in schema:
        return " | ".join(ts(s, indent) for s in schema["anyOf"])
    kind = schema.get("type")
    if kind == "array":
        item = ts(schema["items"], indent)
        return f"({item})[]" if " | " in item else f"{item}[]"
    if kind == "object":
        return object_type(schema, indent)
    return {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}.get(
        str(kind), "unknown")


def object_type(schema: dict[str, Any], indent: str) -> str:
    properties: dict[str, Any] = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    if not properties:
        return f"Record<string, {ts(extra, indent) if isinstance(extra, dict) else 'unknown'}>"
    inner = indent + "  "
    required = set(schema.get("required", []))
    lines = [f"{inner}{name}{'' if name in required else '?'}: {ts(value, inner)};"
             for name, value in properties.items()]
    if extra is not False:
        lines.append(f"{inner}[key: string]: unknown;")
    return "{\n" + "\n".join(lines) + f"\n{indent}}}"


def doc(schema: dict[str, Any]) -> str:
    return f"/** {schema['description']} */\n" if "description" in schema else ""


def vocabulary(const: str, type_: str, values: tuple[str, ...]) -> str:
    items = "".join(f"\n  {json.dumps(v)}," for v in values)
    return f"export const {const} = [{items}\n] as const;\nexport type {type_} = (typeof {const})[number];\n\n"


def typescript() -> str:
    vocabularies = "".join(vocabulary(const, type_, values) for const, (type_, values) in VOCABULARIES.items())
    views = "".join(f"{doc(schema)}export type {name} = {ts(schema)};\n\n" for name, schema in DEFS.items())
    events = "".join(f"export type {type_name(kind)} = {ts(kind_schema(kind))};\n\n" for kind in EVENT_FIELDS)
    union = "".join(f"\n  | {type_name(kind)}" for kind in EVENT_FIELDS)
    return ("// Generated from scheduler_core/event_schema.py by `make api-types` (scripts/event_types.py): do not edit.\n"
            "// The payload of every event kind as the core publishes it (docs/events.schema.json).\n\n"
            f"{vocabularies}{views}{events}export type SimEvent ={union};\n")


if __name__ == "__main__":
    EVENTS_GEN_TS.write_text(typescript())
    print(f"wrote {EVENTS_GEN_TS.relative_to(ROOT)}")
