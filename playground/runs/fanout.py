"""One channel-layer subscription per run per server process, shared by its local viewers.

With one group member per viewer, the Redis layer stores and pops a copy of every batch for
every viewer, one at a time (50 viewers: 50 round trips per batch). Here the process joins the
run's group once and hands each message to every local viewer's inbox; a viewer's inbox also
buffers what arrives while it is still sending its backlog.
"""
from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

from playground.runs import bus

log = logging.getLogger(__name__)

Inbox = asyncio.Queue[dict[str, Any]]


class Hub:
    def __init__(self) -> None:
        self.inboxes: dict[int, set[Inbox]] = {}
        self.channels: dict[int, str] = {}
        self.pumps: dict[int, asyncio.Task[None]] = {}
        self.lock = asyncio.Lock()

    async def join(self, layer: Any, run_id: int, inbox: Inbox) -> None:
        async with self.lock:  # two viewers joining at once must not both subscribe
            if run_id not in self.inboxes:
                # The default prefix: channels_redis pops every process-specific channel with the
                # same prefix in one receive loop; another prefix would starve behind it.
                channel = await layer.new_channel()
                await layer.group_add(bus.group_name(run_id), channel)
                self.inboxes[run_id], self.channels[run_id] = set(), channel
                self.pumps[run_id] = asyncio.create_task(self._pump(layer, run_id, channel))
            self.inboxes[run_id].add(inbox)

    async def leave(self, layer: Any, run_id: int, inbox: Inbox) -> None:
        async with self.lock:
            inboxes = self.inboxes.get(run_id)
            if inboxes is None:
                return
            inboxes.discard(inbox)
            if inboxes:
                return
            del self.inboxes[run_id]
            self.pumps.pop(run_id).cancel()
            await layer.group_discard(bus.group_name(run_id), self.channels.pop(run_id))

    async def _pump(self, layer: Any, run_id: int, channel: str) -> None:
        while True:
            try:
                message = await layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis hiccup: viewers fill any gap from the database later
                log.exception("run %s: channel-layer receive failed", run_id)
                await asyncio.sleep(1)
                continue
            for inbox in list(self.inboxes.get(run_id, ())):
                inbox.put_nowait(message)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    loop = asyncio.get_running_loop()
    if loop not in _hubs:
        _hubs[loop] = Hub()
    return _hubs[loop]
