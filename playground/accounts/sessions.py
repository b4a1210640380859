"""Django's database sessions, written once per request.

A new session (a visitor's first write makes it a guest and logs it in) cost Django's store
seven round trips: a SELECT to check the new key is free, BEGIN/INSERT/COMMIT when login()
created it, and BEGIN/UPDATE/COMMIT when the middleware saved it at the end of the request. A
class's 40 simultaneous run starts each paid them (docs/benchmarks.md, classroom). Here the new
key is only drawn when the session is created; the middleware's save at the end INSERTs it once,
in autocommit when no transaction is open, with a statement built once (playground/prepared.py).
A key already taken (32 random characters) makes the standard checked create run instead.
"""
from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.contrib.sessions.models import Session
from django.db import IntegrityError, connection, transaction
from django.db.models.functions import Now
from django.utils.crypto import get_random_string

from playground.prepared import Placeholder, Prepared, PreparedInsert

# Read on every request and WebSocket opening: its SQL built once (playground/prepared.py); the
# database's clock says whether it expired.
_live_session: Prepared[Session] = Prepared(
    lambda key: Session.objects.filter(session_key=key, expire_date__gt=Now())[:1],
    Placeholder("\x01placeholder-session-key"))
# Every visitor's first write makes one: its INSERT built once too.
_insert_session: PreparedInsert[Session] = PreparedInsert(Session)


class SessionStore(db.SessionStore):
    _unsaved_key = False

    def _get_session_from_db(self) -> Any:
        if self.session_key is None:
            return None
        session = _live_session.first(self.session_key)
        if session is None:
            self._session_key = None
        return session

    def create(self) -> None:
        self._session_key = get_random_string(32, VALID_KEY_CHARS)
        self._unsaved_key = True
        self.modified = True

    def save(self, must_create: bool = False) -> None:
        if self.session_key is None:  # flushed, or never created
            self.create()
        if not self._unsaved_key:
            super().save(must_create=must_create)
            return
        self._unsaved_key = False
        session = self.create_model_instance(self._get_session(no_load=True))
        try:
            if connection.in_atomic_block:
                with transaction.atomic():
                    _insert_session.save(session)
            else:  # one INSERT in autocommit, not BEGIN/INSERT/COMMIT
                _insert_session.save(session)
        except IntegrityError:
            super().create()  # draws keys until one is free, and INSERTs (the data is kept)
