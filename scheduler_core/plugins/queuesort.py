"""PrioritySort (plugins/queuesort/priority_sort.go): activeQ order."""
from __future__ import annotations

from typing import Any, ClassVar


class PrioritySort:
    name: ClassVar[str] = "PrioritySort"

    def less(self, a: Any, b: Any) -> bool:
        """Higher priority first; equal priority → earlier queue timestamp first (not creation time)."""
        p1, p2 = a.pod.priority, b.pod.priority
        return p1 > p2 or (p1 == p2 and a.timestamp < b.timestamp)
