"""YAML request bodies for import / replace, and a YAML renderer for export.

DRF hands JSON and form bodies over via request.body, where Django enforces
DATA_UPLOAD_MAX_MEMORY_SIZE; other parsers get the raw stream, so the YAML parser checks the
same limit from Content-Length before reading a byte.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework import parsers, renderers
from rest_framework.exceptions import ParseError

from playground.api_errors import PayloadTooLarge
from playground.scenarios import yamlio


def check_size(parser_context: Mapping[str, Any] | None) -> None:
    request = (parser_context or {}).get("request")
    length = request.META.get("CONTENT_LENGTH") if request is not None else None
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if length and limit and length.isdigit() and int(length) > limit:
        raise PayloadTooLarge(f"request body is above the limit of {limit:,} bytes")


class YAMLParser(parsers.BaseParser):
    """Hands the YAML text on as {"yaml": text}: the JSON form of the same request."""

    media_type = "application/yaml"

    def parse(self, stream: IO[bytes], media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        check_size(parser_context)
        try:
            return {"yaml": stream.read().decode("utf-8") if stream else ""}
        except UnicodeDecodeError as e:
            raise ParseError(f"YAML body must be UTF-8: {e}") from e


class TextYAMLParser(YAMLParser):
    media_type = "text/yaml"


class XYAMLParser(YAMLParser):
    media_type = "application/x-yaml"


YAML_PARSERS = [YAMLParser, TextYAMLParser, XYAMLParser]


class YAMLRenderer(renderers.BaseRenderer):
    media_type = "application/yaml"
    format = "yaml"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: Mapping[str, Any] | None = None) -> bytes:
        if isinstance(data, str):
            return data.encode()
        return yamlio.dump([data] if isinstance(data, dict) else list(data or [])).encode()
