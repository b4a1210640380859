"""The session's user, read with its profile (guest or not) in one prepared query.

Every request and WebSocket opening of a signed-in person or guest reads its user; Django's
ModelBackend builds that query anew each time and `is_guest` then reads the profile in a second
one. Sessions made before this backend name Django's ModelBackend, which stays in
AUTHENTICATION_BACKENDS for them.
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth import backends, get_user_model

from playground.prepared import AN_ID, Placeholder, Prepared

_user_with_profile: Prepared[Any] = Prepared(
    lambda pk: get_user_model()._default_manager.select_related("profile").filter(pk=pk)[:1],
    Placeholder(AN_ID))


class ModelBackend(backends.ModelBackend):
    def get_user(self, user_id: Any) -> Any:
        user = _user_with_profile.first(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None
