"""Virtual time <-> RFC 3339: t=0 of every run is SIM_EPOCH."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

SIM_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def parse_time(text: str) -> float:
    """RFC 3339 → seconds relative to SIM_EPOCH (negative = before the run starts).

    Raises ValueError for anything that is not an RFC 3339 date-time with a zone.
    """
    if "T" not in text.upper():
        raise ValueError(text)
    moment = datetime.fromisoformat(text.replace("z", "Z"))
    if moment.tzinfo is None:
        raise ValueError(text)
    return (moment - SIM_EPOCH).total_seconds()


def format_time(seconds: float) -> str:
    """Seconds relative to SIM_EPOCH → RFC 3339 in UTC; sub-second precision only when present."""
    moment = SIM_EPOCH + timedelta(seconds=seconds)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    if moment.microsecond:
        text += f".{moment.microsecond:06d}".rstrip("0")
    return text + "Z"
