"""FieldError and ManifestError: API-server style validation errors (apimachinery field.Error)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from scheduler_core.manifests.kinds import PLURALS

# field.ErrorType strings (apimachinery/pkg/util/validation/field/errors.go)
NOT_FOUND = "Not found"
REQUIRED = "Required value"
DUPLICATE = "Duplicate value"
INVALID = "Invalid value"
NOT_SUPPORTED = "Unsupported value"
FORBIDDEN = "Forbidden"
TOO_LONG = "Too long"
# Not a field.ErrorType: an admission plugin rejected the object ("<plural> "x" is forbidden: ...").
ADMISSION = "Admission"
# Not a field.ErrorType: the input could not be read as objects at all (YAML syntax, not a mapping).
SYNTAX = "Syntax"

_BODY_WITHOUT_VALUE = (REQUIRED, FORBIDDEN, TOO_LONG, ADMISSION, SYNTAX)


def plural(kind: str) -> str:
    return PLURALS.get(kind, kind.lower() + "s" if kind else "documents")


def format_value(value: Any) -> str:
    """How field.Error.ErrorBody prints a bad value: strings quoted, numbers and bools bare."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return json.dumps(value, sort_keys=True, default=str)


@dataclass(frozen=True)
class FieldError:
    """One problem with one field of one input document.

    ``message`` is the field error body without the path, e.g.
    'Invalid value: "2 cores": quantities must match ...' or 'Required value'; for admission
    rejections it is the admission message ('no PriorityClass with name x was found').
    """

    document: int
    kind: str
    name: str
    kind_index: int
    path: str
    value: Any
    message: str
    type: str = field(default=INVALID, compare=False)

    @property
    def api_path(self) -> str:
        # A document without a usable kind is counted among all documents, where its number is.
        head = f"{plural(self.kind)}[{self.kind_index}]" if self.kind else f"documents[{self.document}]"
        return f"{head}.{self.path}" if self.path else head

    def __str__(self) -> str:
        if self.type == ADMISSION:
            return f'{plural(self.kind)} "{self.name}" is forbidden: {self.message}'
        if self.type == SYNTAX or not self.kind:
            where = f"{self.path}: " if self.path else ""
            return f"document {self.document}: {where}{self.message}"
        where = f"{self.path}: " if self.path else ""
        return f'{self.kind} "{self.name}" is invalid: {where}{self.message}'

    def to_json(self) -> dict[str, Any]:
        return {
            "document": self.document,
            "kind": self.kind,
            "name": self.name,
            "kind_index": self.kind_index,
            "path": self.path,
            "api_path": self.api_path,
            "type": self.type,
            "value": _jsonable(self.value),
            "message": self.message,
            "error": str(self),
        }


def _jsonable(value: Any) -> Any:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return str(value)
    return value


def error_body(type_: str, value: Any = None, detail: str = "") -> str:
    """field.Error.ErrorBody."""
    body = type_ if type_ in _BODY_WITHOUT_VALUE else f"{type_}: {format_value(value)}"
    return f"{body}: {detail}" if detail else body


def supported_values(values: tuple[str, ...]) -> str:
    return "supported values: " + ", ".join(json.dumps(v) for v in values)


class ManifestError(ValueError):
    """Every problem found in the input, not just the first."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = list(errors)
        super().__init__("; ".join(str(e) for e in self.errors))

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.errors]
