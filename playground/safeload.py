"""The one safe loader for every YAML and JSON input the API takes.

Scenario import and replace, a run command's `yaml`, and every JSON request body pass through here:

- the size is checked before a byte is parsed (413);
- YAML aliases (`*name`, and so `<<` merges) are refused: a 300-byte body could otherwise expand
  to megabytes (the "billion laughs");
- nesting is limited to settings.INPUT_MAX_DEPTH levels (deep input crashed the parsers: Python's
  recursion limit, and libyaml's C composer overflows the C stack);
- values JSON cannot hold (YAML timestamps, binary, sets, NaN/Infinity, non-string keys) are
  refused with a 400 naming the field, so what is stored is exactly what export gives back.

YAML is checked in one pass over libyaml's event stream (iterative, no recursion), which also
builds the documents when they hold only maps, lists and scalars that resolve to str, int, float,
bool or null — with PyYAML's own resolver and scalar constructors, so the values are exactly
what `yaml.safe_load_all` gives, without its node tree and recursive construction (a 2.1 MB,
11,000-document scenario: 1.15 → 0.65 s for the check and the load together). Anything else (other tags, timestamps, `<<` merges, unhashable keys) is composed
by the C loader (CSafeLoader) when PyYAML was built with libyaml, else the pure-Python one.
"""
from __future__ import annotations

import datetime
import json
import math
from collections.abc import Mapping
from typing import IO, Any

import yaml
from django.conf import settings
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from playground.api_errors import InvalidDocuments, PayloadTooLarge, field_error

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
_MAP, _SEQ, _STR = "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:str"
# The scalar tags built in the event pass, each by SafeConstructor's own method.
_SCALARS = {
    "tag:yaml.org,2002:null": "construct_yaml_null",
    "tag:yaml.org,2002:bool": "construct_yaml_bool",
    "tag:yaml.org,2002:int": "construct_yaml_int",
    "tag:yaml.org,2002:float": "construct_yaml_float",
}
_NO_KEY = object()


class _Unbuilt(Exception):
    """A document the event pass leaves to PyYAML's loader."""


def max_depth() -> int:
    return int(settings.INPUT_MAX_DEPTH)


def refuse_oversized(size: int, limit: int, field: str) -> None:
    if limit and size > limit:
        raise PayloadTooLarge(f"{field} is {size:,} bytes, above the limit of {limit:,} bytes")


# --- YAML -----------------------------------------------------------------------------------

def load_yaml(text: Any, field: str = "yaml", max_bytes: int | None = None) -> list[Any]:
    """The non-empty documents of a multi-document YAML text, as plain JSON values."""
    if not isinstance(text, str):
        raise InvalidDocuments([field_error(field, "must be a string holding YAML", value=_short(text))])
    limit = settings.YAML_MAX_BYTES if max_bytes is None else max_bytes
    refuse_oversized(len(text.encode("utf-8", errors="replace")), limit, field)
    docs = check_yaml_events(text, field)
    if docs is not None:
        return docs  # built from plain values only: check_plain would find nothing
    try:
        docs = [d for d in yaml.load_all(text, Loader=_Loader) if d is not None]
    except yaml.YAMLError as e:  # the check above already parsed it: only construction errors remain
        raise InvalidDocuments([field_error(field, describe_yaml_error(e), value=_short(text))]) from e
    for i, doc in enumerate(docs):
        check_plain(doc, f"{field}[{i}]" if len(docs) > 1 else field)
    return docs


def check_yaml_events(text: str, field: str) -> list[Any] | None:
    """Aliases and depth, from the event stream: libyaml's parser keeps its own stack (no recursion).
    Returns the non-empty documents when every value is plain — maps with string keys, lists,
    strings, booleans, null, integers and finite floats: what check_plain accepts — else None."""
    depth, limit = 0, max_depth()
    loader = _Loader(text)
    docs: list[Any] | None = []
    stack: list[list[Any]] = []  # open containers: [list] or [dict, key or _NO_KEY]
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.AliasEvent):
                raise InvalidDocuments([field_error(field, f"{_where(event)}YAML aliases (*{event.anchor}) are not "
                                                           "supported: write the value out")])
            if isinstance(event, _OPEN):
                depth += 1
                if depth > limit:
                    raise InvalidDocuments([field_error(field, f"{_where(event)}is nested more than {limit} levels "
                                                               "deep")])
            elif isinstance(event, _CLOSE):
                depth -= 1
            if docs is not None:
                try:
                    _build(loader, event, stack, docs)
                except _Unbuilt:
                    docs = None  # go on checking; PyYAML builds it afterwards
    except yaml.YAMLError as e:
        raise InvalidDocuments([field_error(field, describe_yaml_error(e), value=_short(text))]) from e
    finally:
        loader.dispose()
    return docs


def _build(loader: Any, event: yaml.Event, stack: list[list[Any]], docs: list[Any]) -> None:
    """One event of the pass into the documents being built; _Unbuilt when PyYAML must do it."""
    if isinstance(event, yaml.ScalarEvent):
        tag = event.tag
        if tag is None or tag == "!":
            tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == _STR:
            value: Any = event.value
        elif tag in _SCALARS:
            value = getattr(loader, _SCALARS[tag])(yaml.ScalarNode(tag, event.value))
            if isinstance(value, float) and not math.isfinite(value):
                raise _Unbuilt("a number JSON cannot hold")  # check_plain names the field
        else:
            raise _Unbuilt(tag)
    elif isinstance(event, yaml.MappingStartEvent):
        if event.tag not in (None, "!", _MAP):
            raise _Unbuilt(event.tag)
        stack.append([{}, _NO_KEY])
        return
    elif isinstance(event, yaml.SequenceStartEvent):
        if event.tag not in (None, "!", _SEQ):
            raise _Unbuilt(event.tag)
        stack.append([[]])
        return
    elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
        value = stack.pop()[0]
    else:
        return  # stream and document start/end
    if not stack:
        if value is not None:
            docs.append(value)
        return
    top = stack[-1]
    if len(top) == 1:
        top[0].append(value)
    elif top[1] is _NO_KEY:
        if not isinstance(value, str):
            raise _Unbuilt("a key that is not a string")  # PyYAML or check_plain says where
        top[1] = value
    else:
        top[0][top[1]] = value
        top[1] = _NO_KEY


def describe_yaml_error(e: yaml.YAMLError) -> str:
    mark = getattr(e, "problem_mark", None)
    problem = getattr(e, "problem", None) or str(e)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
    return f"is not valid YAML: {where}{problem}"


def _where(event: yaml.Event) -> str:
    mark = event.start_mark
    return f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""


# --- plain JSON values ----------------------------------------------------------------------

def check_plain(value: Any, field: str) -> None:
    """Refuse what JSON cannot hold and nesting deeper than INPUT_MAX_DEPTH; iterative, names the path."""
    limit = max_depth()
    stack: list[tuple[Any, str, int]] = [(value, field, 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, (dict, list)) and depth >= limit:
            raise InvalidDocuments([field_error(path or "body", f"is nested more than {limit} levels deep")])
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    raise InvalidDocuments([field_error(path or "body", f"has the key {key!r}, which is not a string: quote it",
                                                        value=str(key))])
                if _unstorable(key):
                    raise InvalidDocuments([field_error(path or "body", f"has the key {_short(key)!r}, which {_unstorable(key)}",
                                                        value=_short(key))])
                stack.append((sub, f"{path}.{key}" if path else key, depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, f"{path}[{i}]", depth + 1) for i, sub in enumerate(item))
        else:
            problem = _not_plain(item)
            if problem:
                raise InvalidDocuments([field_error(path or "body", problem, value=_short(item))])


def _unstorable(text: str) -> str:
    """PostgreSQL's text and jsonb hold no NUL character and only valid UTF-8 (no lone surrogate):
    such a string is refused here, naming its field, instead of failing in the database (a 500)."""
    if "\x00" in text:
        return "contains the NUL character (\\u0000), which cannot be stored"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "contains a lone UTF-16 surrogate (\\ud800-\\udfff without its pair), which is not valid Unicode"
    return ""


def _not_plain(value: Any) -> str:
    if isinstance(value, str):
        return _unstorable(value)
    if value is None or isinstance(value, (bool, int)):
        return ""
    if isinstance(value, float):
        return "" if math.isfinite(value) else "must be a finite number"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "is a YAML timestamp, which JSON cannot hold: quote it to keep it as a string"
    if isinstance(value, bytes):
        return "is YAML binary data, which JSON cannot hold: use a string"
    if isinstance(value, (set, frozenset)):
        return "is a YAML set, which JSON cannot hold: use a list"
    return f"is a {type(value).__name__}, which JSON cannot hold"


def _short(value: Any) -> Any:
    text = value if isinstance(value, str) else str(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # a lone surrogate cannot be sent back as is
    return text if len(text) <= 200 else text[:200] + "…"


# --- JSON request bodies --------------------------------------------------------------------

def body_limit() -> int:
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0)


def read_body(stream: IO[bytes] | None, parser_context: Mapping[str, Any] | None) -> bytes:
    """The body, refused with 413 from Content-Length before reading, and never read past the limit."""
    limit = body_limit()
    request = (parser_context or {}).get("request")
    length = request.META.get("CONTENT_LENGTH") if request is not None else None
    if length and str(length).isdigit():
        refuse_oversized(int(length), limit, "the request body")
    if stream is None:
        return b""
    data = stream.read(limit + 1) if limit else stream.read()
    refuse_oversized(len(data), limit, "the request body")
    return data


def load_json(text: str | bytes, field: str = "") -> Any:
    """A JSON value: no NaN/Infinity, at most INPUT_MAX_DEPTH levels (ParseError / InvalidDocuments)."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError as e:
        raise InvalidDocuments([field_error(field or "body", f"is nested more than {max_depth()} levels deep")]) from e
    except ValueError as e:
        raise ParseError(f"JSON parse error - {e}") from e
    check_plain(value, field)
    return value


class SafeJSONParser(parsers.JSONParser):
    """DRF's JSON parser with the size checked first, a depth limit and no NaN/Infinity."""

    def parse(self, stream: IO[bytes], media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        data = read_body(stream, parser_context)
        encoding = parsers.get_encoding(parser_context or {})
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError as e:
            raise ParseError(f"JSON parse error - {e}") from e
        return load_json(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


# --- bodies sent without Content-Length -----------------------------------------------------

def chunked_body_middleware(get_response: Any) -> Any:
    """A body sent with `Transfer-Encoding: chunked` (no Content-Length) reaches DRF as no body at
    all, which answered "yaml: This field is required.". Under ASGI the server has already read the
    whole body: give it its Content-Length (413 above the limit). Where the body cannot be measured
    (WSGI), answer 411 saying to send a Content-Length."""
    from django.core.handlers.asgi import ASGIRequest
    from django.http import JsonResponse

    from playground.api_errors import error_body

    def middleware(request: Any) -> Any:
        meta = request.META
        if (request.path.startswith("/api/") and not meta.get("CONTENT_LENGTH")
                and "chunked" in meta.get("HTTP_TRANSFER_ENCODING", "").lower()):
            if not isinstance(request, ASGIRequest):
                return JsonResponse(error_body("this server needs a Content-Length header on request bodies "
                                               "(Transfer-Encoding: chunked is not supported here)"), status=411)
            stream = request._stream
            size = stream.seek(0, 2)
            stream.seek(0)
            limit = body_limit()
            if limit and size > limit:
                return JsonResponse(error_body(f"the request body is {size:,} bytes, above the limit of "
                                               f"{limit:,} bytes"), status=413)
            meta["CONTENT_LENGTH"] = str(size)
        return get_response(request)

    return middleware
