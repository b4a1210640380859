"""How workshop changes reach the sockets: two channel-layer groups per workshop.

"workshop.<id>" reaches everyone in it (position, a live class's step (live.py), lock, push, end);
"workshop.<id>.host" only the instructor's sockets (roster and live tallies); "workshop.<id>.students"
only the students' (the question as they may see it: no tally before the reveal, no one else's answers).
Sent after the transaction commits, so a socket that reads the database sees what it was told.
A message is encoded to its JSON text once, here: every socket of the class sends that text as it
is (workshops/consumers.py, through the process's one subscription per group, playground/fanout.py).
"""
from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from playground.jsontext import encode_json

log = logging.getLogger(__name__)


def everyone(workshop_id: int) -> str:
    return f"workshop.{workshop_id}"


def host(workshop_id: int) -> str:
    return f"workshop.{workshop_id}.host"


def students(workshop_id: int) -> str:
    return f"workshop.{workshop_id}.students"


def send_on_commit(group: str, payload: dict[str, Any]) -> None:
    transaction.on_commit(lambda: send(group, payload))


def message(payload: dict[str, Any]) -> dict[str, Any]:
    return {"type": "workshop.message", "text": encode_json(payload)}


def send(group: str, payload: dict[str, Any]) -> None:
    try:
        async_to_sync(get_channel_layer().group_send)(group, message(payload))
    except Exception:  # the state is stored; a socket reconnecting gets it in its hello
        log.exception("could not publish to %s", group)
