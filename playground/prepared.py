"""Hot reads whose SQL Django builds once, not on every execution.

Django compiles a queryset to SQL each time it runs: for the reads every click of a class makes
(a run with its owner, profile, scenario and restart subquery for a WebSocket opening; a scenario
with its owner for a run start; the user behind a session) that compilation cost 1-5 ms of CPU on
the 2-core machine of docs/benchmarks.md, the query itself 0.1 ms in PostgreSQL. A `Prepared`
builds the queryset once with placeholder values, keeps the SQL and Django's compiler, and then
executes the SQL with the real values and turns the rows into model instances exactly as
`QuerySet.__iter__` (ModelIterable) does: same deferred fields, `select_related` objects and
annotations. tests/playground/test_prepared.py compares it with the plain queryset.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators

M = TypeVar("M", bound=Model)


# The example value of an id's Placeholder: negative, so no real row's, and within an id's range.
AN_ID = -7_391_113


class Placeholder:
    """Stands for a value in the queryset built once; each gets a distinctive value in the SQL's
    parameters, so its place there can be found. Keep it within the field's range: Django drops a
    comparison that cannot be false (`seq > -5` on a positive field) from the SQL."""

    def __init__(self, example: int | str) -> None:
        self.example = example


class Prepared(Generic[M]):
    def __init__(self, build: Callable[..., QuerySet[M]], *placeholders: Placeholder) -> None:
        """``build(*values)``: the queryset, called once with the placeholders' example values."""
        self.build, self.placeholders = build, placeholders
        self.lock = threading.Lock()
        self.compiled: tuple[Any, ...] | None = None  # the project has one database

    def first(self, *values: Any) -> M | None:
        for obj in self.all(*values):
            return obj
        return None

    def all(self, *values: Any) -> list[M]:
        db, sql, params, places, compiler, make = self._compile()
        params = list(params)
        for place, value in zip(places, values, strict=True):
            params[place] = value
        with connections[db].cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        return [make(row) for row in compiler.results_iter([rows])]

    def _compile(self) -> tuple[Any, ...]:
        if self.compiled is None:
            with self.lock:
                if self.compiled is None:
                    self.compiled = self._prepare(self.build(*(p.example for p in self.placeholders)))
        return self.compiled

    def _prepare(self, queryset: QuerySet[M]) -> tuple[Any, ...]:
        db = queryset.db
        compiler = queryset.query.get_compiler(using=db)
        sql, params = compiler.as_sql()  # also fills compiler.select, klass_info, annotation_col_map
        places = []
        for placeholder in self.placeholders:
            where = [i for i, value in enumerate(params) if value == placeholder.example]
            if len(where) != 1:
                raise ValueError(f"placeholder {placeholder.example!r} is in the SQL's parameters {len(where)} times")
            places.append(where[0])
        select, klass_info, annotations = compiler.select, compiler.klass_info, compiler.annotation_col_map
        model = klass_info["model"]
        first, last = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        init_list = [column[0].target.attname for column in select[first:last]]
        populators = get_related_populators(klass_info, select, db)

        def make(row: Any) -> M:  # as django.db.models.query.ModelIterable
            obj = model.from_db(db, init_list, row[first:last])
            for populator in populators:
                populator.populate(row, obj)
            for name, position in (annotations or {}).items():
                setattr(obj, name, row[position])
            return obj  # type: ignore[no-any-return]

        return db, sql, tuple(params), places, compiler, make
