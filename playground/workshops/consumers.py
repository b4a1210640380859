"""WebSocket /ws/workshops/<code>/: the workshop's live channel (protocol in docs/workshops.md).

The instructor's browser publishes where its screen is ({"type": "position", ...}); the server
stores it and fans it out to every student. Students report the lesson step on their screen.
Students answer questions here too (or over REST). Everything else (join, ask, reveal, push,
lock, end) is REST, announced here.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.db import database_sync_to_async
from rest_framework.exceptions import APIException

from playground import fanout
from playground.api_errors import InvalidDocuments, error_body
from playground.close_codes import CloseCode
from playground.sockets import JsonSocket
from playground.workshops import broadcast, selectors, services
from playground.workshops.models import Participant, Workshop

log = logging.getLogger(__name__)

CLOSE_FORBIDDEN, CLOSE_NOT_FOUND = CloseCode.FORBIDDEN, CloseCode.NOT_FOUND


def _open(code: str, user: Any) -> tuple[Workshop | None, Participant | None, dict[str, Any] | None]:
    workshop = Workshop.objects.select_related("instructor").filter(code=code.upper()).first()
    if workshop is None or user is None:
        return workshop, None, None
    greeting = selectors.hello(workshop, user)
    participant = selectors.participant_of(user, workshop) if greeting and greeting["role"] == "student" else None
    if participant is not None:
        services.connected(participant, +1)
        participant.workshop = workshop
    return workshop, participant, greeting


def _publish(workshop_id: int, user: Any, position: Any) -> None:
    workshop = Workshop.objects.select_related("instructor").get(pk=workshop_id)
    services.publish_position(workshop, user, position)


# The instructor's click goes to the thread pool: in channels' one thread-sensitive thread it
# waited behind every other socket's database work of the process (joins, students' steps).
publish = database_sync_to_async(_publish, thread_sensitive=False)
# A class answers at once: answers are independent rows, so they go to the thread pool side by
# side rather than one after another through channels' single thread-sensitive thread.
answer = database_sync_to_async(services.answer, thread_sensitive=False)


class WorkshopConsumer(JsonSocket):
    workshop: Workshop | None = None
    participant: Participant | None = None
    groups_joined: tuple[str, ...] = ()
    inbox: fanout.Inbox | None = None
    drain: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        await self.accept()  # accept first so the close code reaches the client
        code = str(self.scope["url_route"]["kwargs"]["code"])
        self.user = self.scope.get("user")
        workshop, participant, greeting = await database_sync_to_async(_open)(code, self.user)
        if workshop is None or greeting is None:
            await self.close(code=CLOSE_NOT_FOUND if workshop is None else CLOSE_FORBIDDEN)
            return
        self.workshop, self.participant = workshop, participant
        own = broadcast.host(workshop.pk) if participant is None else broadcast.students(workshop.pk)
        # The process's one subscription per group (fanout.Hub); what is told meanwhile waits in
        # the inbox until the hello is sent.
        self.inbox, self.groups_joined = asyncio.Queue(), (broadcast.everyone(workshop.pk), own)
        for group in self.groups_joined:
            await fanout.hub().join(self.channel_layer, group, self.inbox)
        # Read again now that we are in the groups: a change announced between the first read
        # and joining (the instructor stepped) would otherwise never reach this screen.
        greeting = await database_sync_to_async(selectors.hello)(workshop, self.user) or greeting
        await self.send_json(greeting)
        self.drain = asyncio.create_task(self._drain(self.inbox))

    async def disconnect(self, code: int) -> None:
        if self.drain is not None:
            self.drain.cancel()
        if self.inbox is not None:
            for group in self.groups_joined:
                await fanout.hub().leave(self.channel_layer, group, self.inbox)
        if self.participant is not None:
            await database_sync_to_async(services.connected)(self.participant, -1)

    async def _drain(self, inbox: fanout.Inbox) -> None:
        """Each message as the JSON text it was published with (broadcast.send): encoded once for
        the whole class, not once per socket."""
        while True:
            message = await inbox.get()
            try:
                await self.send(text_data=message["text"])
            except Exception:  # closed meanwhile
                log.debug("workshop %s: a socket took no more messages", self.scope["url_route"], exc_info=True)
                return

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            if kind == "ping":
                await self.send_json({"type": "pong"})
            elif kind == "position" and self.participant is None:
                assert self.workshop is not None
                await publish(self.workshop.pk, self.user, content.get("position"))
            elif kind == "step" and self.participant is not None:
                await database_sync_to_async(services.report_step)(self.participant, content.get("step"))
            elif kind == "answer" and self.participant is not None:
                stored = await answer(self.participant, content.get("question"), content.get("choice"))
                await self.send_json({"type": "answered", "question": content.get("question"), "choice": stored.choice})
            else:
                expected = "position or ping" if self.participant is None else "answer, step or ping"
                raise InvalidDocuments([{"field": "type", "value": kind, "message": f"must be {expected}"}])
        except APIException as exc:
            errors = exc.errors if isinstance(exc, InvalidDocuments) else []
            await self.send_json({"type": "error", **error_body(str(exc.detail), errors)})

