"""Hot reads and writes whose SQL Django builds once, not on every execution.

Django compiles a queryset to SQL each time it runs: for the reads every click of a class makes
(a run with its owner, profile, scenario and restart subquery for a WebSocket opening; a scenario
with its owner for a run start; the user behind a session) that compilation cost 1-5 ms of CPU on
the 2-core machine of docs/benchmarks.md, the query itself 0.1 ms in PostgreSQL. A `Prepared`
builds the queryset once with placeholder values, keeps the SQL and Django's compiler, and then
executes the SQL with the real values and turns the rows into model instances exactly as
`QuerySet.__iter__` (ModelIterable) does: same deferred fields, `select_related` objects and
annotations. tests/playground/test_prepared.py compares it with the plain queryset.

A `PreparedInsert` does the same for the INSERT of a new row that a class's clicks each make (a
run, a session): `Model.save()` compiled the statement every time, 1-2 ms of CPU for a run's 20
columns, more than the rest of its view (docs/benchmarks.md, classroom).
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connection, connections
from django.db.models import Field, Model, QuerySet
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


class PreparedInsert(Generic[M]):
    """``obj.save(force_insert=True)`` of a new object, with the statement built once: each field's
    ``pre_save`` (defaults, ``auto_now``) and ``get_db_prep_save`` as the ORM does them, the primary
    key read back into ``obj``. For models without ``db_default`` fields, saved without signals (nothing
    in the project listens to these models' save).

    ``from_sql``: columns whose value is an SQL expression instead of the object's attribute (a run's
    documents copied from its scenario's row inside the database), each with its own parameters.
    ``then``: a query over the inserted row, named ``new``, instead of returning its primary key (a
    count in the same statement), the primary key its first column; its parameters follow the
    expressions'."""

    def __init__(self, model: type[M], from_sql: dict[str, str] | None = None, then: str = "") -> None:
        self.model, self.from_sql, self.then = model, from_sql or {}, then
        self.lock = threading.Lock()
        self.built: tuple[str, list[Field[Any, Any]]] | None = None

    def save(self, obj: M, *params: Any) -> tuple[Any, ...]:
        """INSERT ``obj``; ``params``: those of the ``from_sql`` expressions (in their order), then
        ``then``'s. Returns ``then``'s row (by default the primary key's)."""
        sql, fields = self._build()
        values = [field.get_db_prep_save(field.pre_save(obj, True), connection) for field in fields]
        with connection.cursor() as cursor:
            cursor.execute(sql, [*values, *params])
            row = cursor.fetchone()
        if obj._meta.pk.attname not in {f.attname for f in fields}:
            obj.pk = row[0]
        obj._state.adding, obj._state.db = False, connection.alias
        return tuple(row)

    def _build(self) -> tuple[str, list[Field[Any, Any]]]:
        if self.built is None:
            with self.lock:
                if self.built is None:
                    self.built = self._sql()
        return self.built

    def _sql(self) -> tuple[str, list[Field[Any, Any]]]:
        meta, quote = self.model._meta, connection.ops.quote_name
        if meta.parents or any(f.has_db_default() for f in meta.local_concrete_fields):
            raise ValueError(f"{meta.label}: inherited models and db_default fields are not supported")
        unknown = set(self.from_sql) - {f.name for f in meta.local_concrete_fields}
        if unknown:
            raise ValueError(f"{meta.label} has no fields {sorted(unknown)}")
        fields = [f for f in meta.local_concrete_fields
                  if f.name not in self.from_sql and not (f.primary_key and f.db_returning)]
        columns = [quote(f.column) for f in fields] + [quote(meta.get_field(n).column) for n in self.from_sql]
        values = ["%s"] * len(fields) + list(self.from_sql.values())
        insert = (f"INSERT INTO {quote(meta.db_table)} ({', '.join(columns)}) VALUES ({', '.join(values)}) "
                  f"RETURNING {quote(meta.pk.column)}")
        sql = f"WITH new AS ({insert}) {self.then}" if self.then else insert
        return sql, fields
