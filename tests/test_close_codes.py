"""The browser's close codes are generated from the server's (scripts/close_codes.py): a code added
in playground/close_codes.py and not regenerated into frontend/src/protocol/closeCodes.ts fails here."""
from __future__ import annotations

from playground.close_codes import FATAL, CloseCode
from scripts.close_codes import CLOSE_CODES_TS, typescript


def test_the_committed_close_codes_match_the_servers() -> None:
    assert CLOSE_CODES_TS.read_text() == typescript(), "run `make api-types` and commit frontend/src/protocol/closeCodes.ts"


def test_a_refused_ticket_is_fatal_to_the_browser_too() -> None:
    """4401 was missing from the browser's list: a viewer with a refused ticket reconnected forever."""
    assert CloseCode.UNAUTHORIZED in FATAL and "4401" in CLOSE_CODES_TS.read_text().split("FATAL_CLOSE_CODES")[1]
