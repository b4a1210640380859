"""Model instances for rows written without the ORM's save(), through Django's public model API
(the documented `_meta.get_fields()` and `Model.from_db`), not its private state."""
from __future__ import annotations

from typing import Any, TypeVar

from django.db import connection
from django.db.models import Model

M = TypeVar("M", bound=Model)


def columns(model: type[Model]) -> list[Any]:
    """The model's fields that are columns of its table, in declaration order."""
    return [f for f in model._meta.get_fields() if f.concrete and not f.many_to_many]


def loaded(draft: M) -> M:
    """`draft` as the ORM makes an instance from a row it read: saved, in the default database."""
    names = [f.attname for f in columns(type(draft))]
    return type(draft).from_db(connection.alias, names, [getattr(draft, name) for name in names])
