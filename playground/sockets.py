"""The base of the playground's WebSocket consumers: channels' JSON consumer without the thread hop
it makes before every message.

channels (≥ 4.2) awaits ``aclose_old_connections()`` before each handler it dispatches to: a
``sync_to_async`` call, so a hop to the process's one thread-sensitive thread, for every frame a
client sends and every channel-layer message, per socket. A class of 60 paid 60 hops per
instructor click, one after another in that thread, queued behind whatever else the sockets had
sent there (about half of the web process's CPU per click, docs/benchmarks.md). Our handlers reach
the database only through ``database_sync_to_async``, which closes stale connections around itself
in whichever thread it runs, so the hop bought nothing here.
"""
from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer


class JsonSocket(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
