"""Multi-document YAML in and out, restricted to what JSON can hold (so export -> import is identical)."""
from __future__ import annotations

import yaml

from playground import safeload
from playground.scenarios.documents import Document


def parse(text: str) -> list[Document]:
    """playground.safeload: size limit, no aliases, depth limit, JSON values only."""
    return safeload.load_yaml(text, "yaml")


def dump(docs: list[Document]) -> str:
    return yaml.safe_dump_all(docs, sort_keys=False, default_flow_style=False, allow_unicode=True)
