"""DefaultBinder (plugins/defaultbinder): POST pods/<name>/binding — here an instantaneous bind."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scheduler_core.framework.handle import Handle


from scheduler_core.framework.interface import Status
from scheduler_core.objects import Pod


class DefaultBinder:
    name = "DefaultBinder"

    def __init__(self, handle: Handle) -> None:
        self.handle = handle

    def bind(self, pod: Pod, node: str) -> Status:
        self.handle.cluster.bind(pod.key, node, self.handle.now)
        return Status.success()
