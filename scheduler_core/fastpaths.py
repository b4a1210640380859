"""The internal switch for model-only fast paths (not a user setting, not part of SchedulerConfig).

A fast path is a specialisation of a general algorithm for inputs where it provably gives the same
result — the same events, trace included, byte for byte. The general path stays the reference:
``tests/scheduler_core/test_differential.py`` runs every generated cluster with the fast paths on
and off and compares the event streams. Fast paths behind this switch:

* ``preemption/whatif.py``: SelectVictimsOnNode by resource arithmetic when only NodeResourcesFit
  depends on the node's pods (no clone of NodeInfo/CycleState, no Filter run per reprieve).

Code reads ``fastpaths.ENABLED`` at the moment it decides, so ``with disabled():`` affects every
simulation run inside it. Production code never turns it off.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

ENABLED = True


@contextmanager
def disabled() -> Iterator[None]:
    """Run the general (reference) paths only, e.g. for the differential test."""
    global ENABLED
    previous, ENABLED = ENABLED, False
    try:
        yield
    finally:
        ENABLED = previous
