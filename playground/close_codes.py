"""The codes the server's WebSockets close with — 4000 + the HTTP status they mean — in one list
for Python and the browser: `make api-types` writes frontend/src/protocol/closeCodes.ts from it
(scripts/close_codes.py; tests/test_close_codes.py fails when that file is stale)."""
from __future__ import annotations

from enum import IntEnum


class CloseCode(IntEnum):
    BAD_REQUEST = 4400  # ?after= not a seq, a token in the URL, an unknown encoding
    UNAUTHORIZED = 4401  # a ticket refused (used, expired, unknown)
    FORBIDDEN = 4403  # a workshop's socket for someone who did not join it
    NOT_FOUND = 4404  # no such run or workshop, or one the user may not see


# After any of them reconnecting cannot help: the same request gets the same answer.
FATAL: tuple[CloseCode, ...] = tuple(CloseCode)
