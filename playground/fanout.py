"""One channel-layer subscription per group per server process, shared by its local sockets.

With one group member per socket, every message costs each socket its own receive: channels_redis
hands a message to a process once, but then each consumer's receive loop, dispatch and JSON
encoding run per socket (a class of 60: 60 of each per instructor click). Here the process joins
the group once and hands each message to every local socket's inbox; a socket's inbox also
buffers what arrives while it is still sending its first messages (a run's backlog, a workshop's
hello). Run groups (``run.<id>``, runs/consumers.py) and workshop groups (``workshop.<id>…``,
workshops/consumers.py) both go through it.
"""
from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

log = logging.getLogger(__name__)

Inbox = asyncio.Queue[dict[str, Any]]


class Hub:
    def __init__(self) -> None:
        self.inboxes: dict[str, set[Inbox]] = {}
        self.channels: dict[str, str] = {}
        self.pumps: dict[str, asyncio.Task[None]] = {}
        self.lock = asyncio.Lock()

    async def join(self, layer: Any, group: str, inbox: Inbox) -> None:
        async with self.lock:  # two sockets joining at once must not both subscribe
            if group not in self.inboxes:
                # The default prefix: channels_redis pops every process-specific channel with the
                # same prefix in one receive loop; another prefix would starve behind it.
                channel = await layer.new_channel()
                await layer.group_add(group, channel)
                self.inboxes[group], self.channels[group] = set(), channel
                self.pumps[group] = asyncio.create_task(self._pump(layer, group, channel))
            self.inboxes[group].add(inbox)

    async def leave(self, layer: Any, group: str, inbox: Inbox) -> None:
        async with self.lock:
            inboxes = self.inboxes.get(group)
            if inboxes is None:
                return
            inboxes.discard(inbox)
            if inboxes:
                return
            del self.inboxes[group]
            self.pumps.pop(group).cancel()
            await layer.group_discard(group, self.channels.pop(group))

    async def _pump(self, layer: Any, group: str, channel: str) -> None:
        while True:
            try:
                message = await layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis hiccup: sockets fill any gap from the database later
                log.exception("%s: channel-layer receive failed", group)
                await asyncio.sleep(1)
                continue
            for inbox in list(self.inboxes.get(group, ())):
                inbox.put_nowait(message)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    loop = asyncio.get_running_loop()
    if loop not in _hubs:
        _hubs[loop] = Hub()
    return _hubs[loop]
