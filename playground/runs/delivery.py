"""Gap-free, duplicate-free delivery of a run's events to one socket (pure logic, no I/O).

A viewer joins the live group first, then sends the stored backlog, then live batches. A live
batch may overlap what was already sent (published while the backlog was read) or start past
it (batches lost or expired while the backlog was sent): the plans say what to send and which
range, if any, to read from the database first.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Event = dict[str, Any]


@dataclass(frozen=True)
class Plan:
    gap: tuple[int, int] | None  # (after, upto): read seq in (after, upto] from the database first
    events: list[Event] = field(default_factory=list)  # then send these


@dataclass(frozen=True)
class BatchPlan:
    """For a batch known only by its seq range (serialised once by the worker)."""

    action: Literal["drop", "send", "decode"]  # decode: it overlaps what was sent; use `plan`
    gap: tuple[int, int] | None = None


def plan(last_sent: int, batch: list[Event]) -> Plan:
    fresh = [e for e in batch if e["seq"] > last_sent]
    if not fresh:
        return Plan(None, [])
    first = fresh[0]["seq"]
    return Plan((last_sent, first - 1) if first > last_sent + 1 else None, fresh)


def plan_batch(last_sent: int, first: int, last: int) -> BatchPlan:
    if last <= last_sent:
        return BatchPlan("drop")
    if first <= last_sent:
        return BatchPlan("decode")
    return BatchPlan("send", (last_sent, first - 1) if first > last_sent + 1 else None)


def plan_upto(last_sent: int, last_seq: int) -> Plan:
    """A status message says events up to last_seq are stored: fetch whatever we have not sent."""
    return Plan((last_sent, last_seq) if last_seq > last_sent else None, [])


def contiguous(last_sent: int, seqs: list[int]) -> bool:
    return all(seq == last_sent + i for i, seq in enumerate(seqs, start=1))
