"""Multi-document YAML in and out, restricted to what JSON can hold (so export -> import is identical)."""
from __future__ import annotations

import json
from typing import Any

import yaml

from playground.api_errors import InvalidDocuments, field_error
from playground.scenarios.documents import Document

_TIMESTAMP = "tag:yaml.org,2002:timestamp"


class _Loader(yaml.SafeLoader):
    """SafeLoader minus timestamps (they stay strings, as in kubectl) and minus aliases."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise yaml.composer.ComposerError(None, None, "YAML aliases (*name) are not supported", mark)
        return super().compose_node(parent, index)


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _TIMESTAMP]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def parse(text: str) -> list[Document]:
    try:
        docs = [d for d in yaml.load_all(text, Loader=_Loader) if d is not None]
    except yaml.YAMLError as e:
        raise InvalidDocuments([field_error("yaml", _describe(e))]) from e
    _ensure_plain(docs)
    return docs


def _describe(e: yaml.YAMLError) -> str:
    mark = getattr(e, "problem_mark", None)
    problem = getattr(e, "problem", None) or str(e)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
    return f"is not valid YAML: {where}{problem}"


def _ensure_plain(docs: list[Any]) -> None:
    try:
        json.dumps(docs, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise InvalidDocuments([field_error("yaml", f"holds a value JSON cannot represent ({e})")]) from e


def dump(docs: list[Document]) -> str:
    return yaml.safe_dump_all(docs, sort_keys=False, default_flow_style=False, allow_unicode=True)
