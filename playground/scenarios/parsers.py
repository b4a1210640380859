"""YAML request bodies for import / replace, and a YAML renderer for export.

Like every body (playground.safeload.read_body), the size is checked from Content-Length before
reading a byte, and never read past DATA_UPLOAD_MAX_MEMORY_SIZE.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from rest_framework import parsers, renderers
from rest_framework.exceptions import ParseError

from playground import safeload
from playground.scenarios import yamlio


class YAMLParser(parsers.BaseParser):
    """Hands the YAML text on as {"yaml": text}: the JSON form of the same request."""

    media_type = "application/yaml"

    def parse(self, stream: IO[bytes], media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        try:
            return {"yaml": safeload.read_body(stream, parser_context).decode("utf-8")}
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
