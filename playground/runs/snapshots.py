"""When a run stores its state (RunState, for GET …/state/?seq=): every STATE_EVERY_EVENTS
events — but for a big cluster (a 2,000-pod state: ~40 ms to build, as much to encode and store)
no more often than keeps it to about a tenth of the run's time: the next one after
STATE_COST_FACTOR × what the last one cost, or after STATE_MAX_EVENTS events, so that the fold
for any seq stays short. And only once the events since the last state add up to
1/STATE_LOG_RATIO of its size (a 5,000-node state is ~10 MB): stored states stay within
STATE_LOG_RATIO × the event log."""
from __future__ import annotations

from playground.runs import conf


class SnapshotPolicy:
    def __init__(self, seq: int, now: float) -> None:
        self.seq = seq  # last seq whose state is stored; approximate on a rebuild
        self.next_at = now  # not before this engine time (unless STATE_MAX_EVENTS passed)
        self.event_bytes = 0  # event JSON stored since that state
        self.state_bytes = 0  # that state's JSON

    def due(self, seq: int, now: float) -> bool:
        """A state after event ``seq`` is due at engine time ``now``."""
        if seq - self.seq < conf.STATE_EVERY_EVENTS:
            return False
        if now < self.next_at and seq - self.seq < conf.STATE_MAX_EVENTS:
            return False
        return self.event_bytes * conf.STATE_LOG_RATIO >= self.state_bytes

    def built(self, seq: int, started: float, finished: float, size: int) -> None:
        """The state after ``seq`` was built from engine time `started` to `finished`; ``size`` bytes of JSON."""
        self.seq, self.next_at = seq, started + conf.STATE_COST_FACTOR * (finished - started)
        self.state_bytes, self.event_bytes = size, 0

    def stored(self, event_bytes: int) -> None:
        self.event_bytes += event_bytes

    def commit_cost(self, started: float, finished: float) -> None:
        """A commit with a state took from `started` to `finished`: encoding and storing a big
        state costs more than building it, and counts as much."""
        self.next_at = max(self.next_at, finished + conf.STATE_COST_FACTOR * (finished - started))
