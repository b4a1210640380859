"""JSON kept as text: the one JSON text of an event, and a model field that stores JSON as its text.

encode_json is compact and refuses NaN/Infinity (they are not JSON). The worker encodes each event
once with it, stores that text (RunEvent.data is text) and publishes it."""
from __future__ import annotations

import json
from typing import Any

from django.db import models

encode_json = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode


class JSONTextField(models.TextField):  # type: ignore[type-arg]
    """JSON kept as its text: PostgreSQL stores and returns it without parsing it, and its keys stay in
    their order (jsonb sorts them: a scenario's `kind`, `spec`, `metadata`, `apiVersion`).

    jsonb parsed every stored event (14,001 events of a 300-node run: 222 ms of PostgreSQL's
    CPU as jsonb, 13 ms as text) and printed it again for every viewer reading the backlog;
    nothing queries inside an event (its seq, t and kind are columns). Read as Python values
    (`values_list("data")`), or as the stored text with `Cast(..., TextField())`."""

    def from_db_value(self, value: str | None, expression: Any, connection: Any) -> Any:
        return None if value is None else json.loads(value)

    def get_prep_value(self, value: Any) -> Any:
        return None if value is None else encode_json(value)

    def to_python(self, value: Any) -> Any:  # the value itself, as JSONField (TextField's str()s it)
        return value

    def value_to_string(self, obj: Any) -> Any:  # serializers (dumpdata) embed the value, as JSONField
        return self.value_from_object(obj)
