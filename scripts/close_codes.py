"""The browser's close codes, generated from playground/close_codes.py: `make api-types` rewrites
frontend/src/protocol/closeCodes.ts; tests/test_close_codes.py fails when the committed file differs."""
from __future__ import annotations

from pathlib import Path

from playground.close_codes import FATAL, CloseCode

ROOT = Path(__file__).resolve().parents[1]
CLOSE_CODES_TS = ROOT / "frontend" / "src" / "protocol" / "closeCodes.ts"


def camel(name: str) -> str:
    first, *rest = name.lower().split("_")
    return first + "".join(part.title() for part in rest)


def typescript() -> str:
    codes = "".join(f"  {camel(c.name)}: {c.value},\n" for c in CloseCode)
    fatal = ", ".join(str(c.value) for c in FATAL)
    return ("// Generated from playground/close_codes.py by `make api-types` (scripts/close_codes.py): do not edit.\n"
            "/** The codes the server's WebSockets close with: 4000 + the HTTP status they mean. */\n"
            f"export const CLOSE_CODES = {{\n{codes}}} as const;\n\n"
            "/** After these, reconnecting cannot help: the same request gets the same answer. */\n"
            f"export const FATAL_CLOSE_CODES: readonly number[] = [{fatal}];\n")


if __name__ == "__main__":
    CLOSE_CODES_TS.write_text(typescript())
    print(f"wrote {CLOSE_CODES_TS.relative_to(ROOT)}")
