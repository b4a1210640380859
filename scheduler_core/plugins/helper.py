"""Shared plugin helpers (pkg/scheduler/framework/plugins/helper)."""
from __future__ import annotations

from scheduler_core.framework.interface import MAX_NODE_SCORE


def default_normalize_score(scores: dict[str, int], *, reverse: bool = False, max_priority: int = MAX_NODE_SCORE) -> None:
    """helper.DefaultNormalizeScore, in place: scale to max_priority by the highest score.

    All zero: stays 0, or becomes max_priority when reversed.
    """
    highest = max(scores.values(), default=0)
    for node, score in scores.items():
        if highest == 0:
            scores[node] = max_priority if reverse else score
            continue
        scaled = max_priority * score // highest
        scores[node] = max_priority - scaled if reverse else scaled


def go_div(a: int, b: int) -> int:
    """Go's integer division: truncates toward zero (Python's // floors)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q
