"""The manifest list a scenario stores, and the kinds it may hold.

Validation itself is scheduler_core.manifests.load_documents — one source of truth; this module
only names kinds, orders keys and counts.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from scheduler_core.manifests.kinds import KIND_BY_NAME, KIND_BY_PLURAL, KINDS, Kind

__all__ = ["KINDS", "KIND_BY_NAME", "KIND_BY_PLURAL", "Kind"]  # the kinds are the model's (one table)

Document = dict[str, Any]
HEAD_KEYS = ("apiVersion", "kind", "metadata")


def normalise(doc: Document) -> Document:
    """apiVersion, kind, metadata first; the rest as given (so export -> import is identical)."""
    head = {k: doc[k] for k in HEAD_KEYS if k in doc}
    return {**head, **{k: v for k, v in doc.items() if k not in HEAD_KEYS}}


def flatten_lists(docs: list[Any]) -> list[Any]:
    """A `kind: List` (as kubectl get -o yaml prints) becomes its items, so each is addressable."""
    flat: list[Any] = []
    for doc in docs:
        items = doc.get("items") if kind_of(doc) == "List" else None
        flat.extend(items if isinstance(items, list) else [doc])
    return flat


def with_api_version(doc: Any) -> Any:
    """A manifest that names its kind but not its apiVersion gets the one version the playground
    models for that kind (what ``with_kind`` does at a per-kind URL); without a kind there is
    nothing to infer, and the loader says ``kind: Required value``."""
    if not isinstance(doc, dict) or "apiVersion" in doc or doc.get("kind") not in KIND_BY_NAME:
        return doc
    return normalise({"apiVersion": KIND_BY_NAME[doc["kind"]].api_version, **doc})


def with_kind(doc: Document, kind: Kind) -> Document:
    """Fill in apiVersion/kind from the URL when a per-object request leaves them out."""
    return normalise({"apiVersion": kind.api_version, "kind": kind.kind, **doc})


def name_of(doc: Document) -> str:
    metadata = doc.get("metadata")
    return str(metadata.get("name", "")) if isinstance(metadata, dict) else ""


def namespace_of(doc: Document) -> str:
    metadata = doc.get("metadata")
    namespace = metadata.get("namespace") if isinstance(metadata, dict) else None
    return str(namespace or "default")


def identity(doc: Document, kind: Kind) -> tuple[str, str]:
    return (namespace_of(doc) if kind.namespaced else "", name_of(doc))


def kind_of(doc: Any) -> str:
    """The document's kind when it is a string ("" otherwise: load_documents names the bad field)."""
    kind = doc.get("kind") if isinstance(doc, dict) else None
    return kind if isinstance(kind, str) else ""


def counts(docs: list[Document]) -> dict[str, int]:
    by_kind = Counter(kind_of(d) for d in docs)
    return {k.plural: by_kind.get(k.kind, 0) for k in KINDS}


def of_kind(docs: list[Document], kind: Kind) -> list[Document]:
    return [d for d in docs if kind_of(d) == kind.kind]


def index_of(docs: list[Document], kind: Kind, key: tuple[str, str]) -> int | None:
    for i, doc in enumerate(docs):
        if kind_of(doc) == kind.kind and identity(doc, kind) == key:
            return i
    return None
