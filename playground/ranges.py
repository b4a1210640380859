"""The ranges every number the API takes must fall in, in one place (docs/api.md "Limits").

A seed seeds a 64-bit generator and is stored in a signed 64-bit column: 0 .. 2**63 - 1.
A speed is virtual seconds per wall second: 0 means "as fast as possible", otherwise from
MIN_SPEED (a run at 1e-300 would hold a worker with its clock frozen) to MAX_SPEED.
"""
from __future__ import annotations

import math
from typing import Any

from playground.api_errors import InvalidDocuments, field_error

SEED_MAX = 2**63 - 1
MIN_SPEED = 0.1
MAX_SPEED = 1000.0
SPEED_RULE = f"must be 0 (as fast as possible) or a number from {MIN_SPEED:g} to {MAX_SPEED:g}"
SEED_RULE = f"must be an integer from 0 to {SEED_MAX} (2^63 - 1)"
# (OpenAPI 3.0: exclusiveMinimum/Maximum are flags.)
SPEED_SCHEMA = {"type": "number", "minimum": 0, "maximum": MAX_SPEED,
                "not": {"minimum": 0, "exclusiveMinimum": True, "maximum": MIN_SPEED, "exclusiveMaximum": True},
                "description": f"0 = as fast as possible, else {MIN_SPEED:g} .. {MAX_SPEED:g}"}


def speed_ok(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return False
    return value == 0 or MIN_SPEED <= value <= MAX_SPEED


def seed_ok(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= SEED_MAX


def check_speed(value: Any, field: str = "speed") -> float:
    if not speed_ok(value):
        raise InvalidDocuments([field_error(field, SPEED_RULE, value=value)])
    return float(value)


def check_seed(value: Any, field: str = "seed") -> int:
    if not seed_ok(value):
        raise InvalidDocuments([field_error(field, SEED_RULE, value=value if isinstance(value, (int, float, str))
                                            else repr(value))])
    return int(value)
