"""Input read as the Kubernetes API reads JSON: a value of the wrong JSON type is refused, never coerced.

DRF's own fields take "1" for an integer and "yes" for a boolean; the API server's decoder refuses
both (`cannot unmarshal string into Go struct field ... of type int64`). So do these, naming the field.
Query parameters are text by nature: `page` and `page_size` must be whole numbers in range, else 400.
"""
from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request

from playground.scenarios.limits import MAX_PAGE_SIZE, PAGE_SIZE


def is_json_integer(data: Any) -> bool:
    return isinstance(data, int) and not isinstance(data, bool)


class StrictCharField(serializers.CharField):
    """A string, and only a string: `"title": 0` is refused rather than stored as "0"."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer: "1", 1.0 and true are refused."""

    default_error_messages = {"invalid": "must be an integer (a JSON number without a fraction, not a string)"}

    def to_internal_value(self, data: Any) -> int:
        if not is_json_integer(data):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class StrictFloatField(serializers.FloatField):
    """A JSON number: "1.5" and true are refused."""

    default_error_messages = {"invalid": "must be a number (not a string)"}

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            self.fail("invalid")
        return float(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    """true or false: "yes", "1" and 1 are refused."""

    default_error_messages = {"invalid": "must be true or false (a JSON boolean)"}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


def query_whole_number(request: Request, name: str, minimum: int, maximum: int | None = None) -> int | None:
    """A query parameter that must be a whole number in range (absent: None); anything else is a 400."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    value = int(raw) if raw.isascii() and raw.isdigit() else None
    if value is None or value < minimum or (maximum is not None and value > maximum):
        bounds = f"from {minimum} to {maximum}" if maximum is not None else f"≥ {minimum}"
        raise ValidationError({name: [f"must be a whole number {bounds}, got {raw!r}"]})
    return value


def no_blank_format(request: Request) -> None:
    """DRF reads `?format=` as no format at all: refused like any other value its renderers do not know
    (those are a 404, DRF's own answer to an unknown ?format)."""
    if request.query_params.get("format", None) == "":
        raise ValidationError({"format": ["must name a format (json or yaml), got ''"]})


class StrictPagination(PageNumberPagination):
    """?page= (1, 2, … or "last") and ?page_size= (≥ 1; above MAX_PAGE_SIZE it is lowered to it, as documented):
    a malformed one is a 400, not ignored."""

    page_size = PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> list[Any] | None:
        query_whole_number(request, self.page_size_query_param, 1)
        if request.query_params.get(self.page_query_param) not in self.last_page_strings:
            query_whole_number(request, self.page_query_param, 1)
        return super().paginate_queryset(queryset, request, view)
