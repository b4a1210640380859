"""What other apps may hear of runs, in-process (Django signals), without runs importing them.

``events_committed``: a run's events were committed (sent by the process that wrote them, the
engine holding the run, after the commit; once per tick, in seq order). Arguments: ``run`` (the
Run row as the engine holds it) and ``events`` (the tick's events, as emitted). Receivers run in
the engine's thread between its runs' slices: return at once for a run they have no interest in.
"""
from __future__ import annotations

from django.dispatch import Signal

events_committed = Signal()
