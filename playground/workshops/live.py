"""A class following its run live moves with the run's events, on the server: no browser tab
(the instructor's, say) has to be open for the projector and the students to see the next step.

The engine holding a run tells after each tick's commit (runs.signals.events_committed). A
workshop's runs (``Run.pool`` "workshop:<code>": the class's run, and the instructor's restarts
and forks of it) have a StepReader here, fed each tick's events: the lesson's steps read event
by event, by the rule every reader uses (lessons.tooling.step_seqs), with no query per tick.
When the step moves, ``services.class_run_stepped`` stores it and tells the class once. Any other
run (a student's fork, anybody's own run) is turned away by the pool check, at no cost.
"""
from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from typing import Any, Final

from playground.lessons.api import StepReader
from playground.runs.api import Run
from playground.workshops import selectors, services

log = logging.getLogger(__name__)

# Runs an engine drives at once are far fewer; one forgotten is read again from the database.
KEPT: Final = 256
_readers: OrderedDict[int, StepReader | None] = OrderedDict()
_lock = threading.Lock()
_UNREAD: Final[Any] = object()  # not in _readers (None there: a run of no lesson)


def on_events_committed(sender: Any, run: Run, events: list[dict[str, Any]], **kwargs: Any) -> None:
    if not run.lesson or not run.pool.startswith(services.POOL_PREFIX) or not events:
        return
    first = int(events[0]["seq"])
    with _lock:
        reader = _readers.pop(run.pk, None) if run.pk in _readers else _UNREAD
    told: int | None = None
    if reader is _UNREAD or (reader is not None and reader.last_seq != first - 1):
        reader = _read_stored(run, first - 1)  # new here: this engine took the run, or it was forgotten
    elif reader is not None:
        told = reader.step
    if reader is not None:
        reader.feed(events)
        if reader.step != told:  # moved, or not known to the workshops yet: they decide whether to tell
            services.class_run_stepped(run.pk, reader.step)
    _keep(run.pk, reader)


def _read_stored(run: Run, upto: int) -> StepReader | None:
    reader = selectors.step_reader(run, upto)
    if reader is not None:
        reader.last_seq = upto
    return reader


def _keep(run_id: int, reader: StepReader | None) -> None:
    with _lock:
        _readers[run_id] = reader
        while len(_readers) > KEPT:
            _readers.popitem(last=False)


def forget() -> None:
    """Tests: start with no run read."""
    with _lock:
        _readers.clear()
