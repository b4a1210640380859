"""Doc: one input object being read — where its errors and ignored-field notes go.

Readers take a dotted path ("spec.containers[0].ports") so every message names the field.
Wrongly typed values are reported and replaced by an empty value, so reading continues and all
problems are collected in one pass.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scheduler_core.manifests.errors import (
    ADMISSION,
    DUPLICATE,
    FORBIDDEN,
    INVALID,
    NOT_FOUND,
    NOT_SUPPORTED,
    REQUIRED,
    TOO_LONG,
    FieldError,
    error_body,
    plural,
    supported_values,
)


def child(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def index(path: str, i: int) -> str:
    return f"{path}[{i}]"


@dataclass
class Doc:
    document: int
    kind: str
    kind_index: int
    name: str = ""
    namespace: str = ""
    errors: list[FieldError] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)

    # -- errors ------------------------------------------------------------------------------
    def _add(self, type_: str, path: str, value: Any, message: str) -> None:
        self.errors.append(
            FieldError(self.document, self.kind, self.name, self.kind_index, path, value, message, type_)
        )

    def invalid(self, path: str, value: Any, detail: str) -> None:
        self._add(INVALID, path, value, error_body(INVALID, value, detail))

    def required(self, path: str, detail: str = "") -> None:
        self._add(REQUIRED, path, None, error_body(REQUIRED, None, detail))

    def too_long(self, path: str, detail: str) -> None:
        self._add(TOO_LONG, path, None, error_body(TOO_LONG, None, detail))

    def forbidden(self, path: str, detail: str, value: Any = None) -> None:
        self._add(FORBIDDEN, path, value, error_body(FORBIDDEN, None, detail))

    def duplicate(self, path: str, value: Any, detail: str = "") -> None:
        self._add(DUPLICATE, path, value, error_body(DUPLICATE, value, detail))

    def not_found(self, path: str, value: Any) -> None:
        self._add(NOT_FOUND, path, value, error_body(NOT_FOUND, value))

    def not_supported(self, path: str, value: Any, supported: tuple[str, ...], note: str = "") -> None:
        detail = supported_values(supported) + (f" ({note})" if note else "")
        self._add(NOT_SUPPORTED, path, value, error_body(NOT_SUPPORTED, value, detail))

    def admission(self, message: str, path: str = "", value: Any = None) -> None:
        self._add(ADMISSION, path, value, message)

    # -- ignored fields ----------------------------------------------------------------------
    @property
    def label(self) -> str:
        ref = f"{self.namespace}/{self.name}" if self.namespace else self.name
        return f"{plural(self.kind)}[{self.kind_index}] ({self.kind} {ref})"

    def ignore(self, path: str) -> None:
        self.ignored.append(f"{self.label}: {path} is not modelled and was ignored")

    def ignore_unknown(self, path: str) -> None:
        self.ignored.append(f"{self.label}: {path} is not a known field and was ignored")

    def check_keys(
        self, obj: Mapping[str, Any], path: str, modelled: Iterable[str], unmodelled: Iterable[str] = ()
    ) -> None:
        """Report keys of ``obj`` that are known-but-unmodelled or unknown (typos)."""
        modelled_set, unmodelled_set = set(modelled), set(unmodelled)
        for key in obj:
            if key in modelled_set:
                continue
            if key in unmodelled_set:
                self.ignore(child(path, key))
            else:
                self.ignore_unknown(child(path, key))

    # -- typed readers -----------------------------------------------------------------------
    def get_map(self, obj: Mapping[str, Any], key: str, path: str) -> dict[str, Any]:
        value = obj.get(key)
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            self.invalid(child(path, key), value, "must be an object")
            return {}
        return dict(value)

    def get_list(self, obj: Mapping[str, Any], key: str, path: str) -> list[Any]:
        value = obj.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.invalid(child(path, key), value, "must be a list")
            return []
        return value

    def get_maps(self, obj: Mapping[str, Any], key: str, path: str) -> list[tuple[str, dict[str, Any]]]:
        """A list of objects, each with its own path; non-objects are reported and skipped."""
        out = []
        for i, item in enumerate(self.get_list(obj, key, path)):
            item_path = index(child(path, key), i)
            if isinstance(item, Mapping):
                out.append((item_path, dict(item)))
            else:
                self.invalid(item_path, item, "must be an object")
        return out

    def get_str(self, obj: Mapping[str, Any], key: str, path: str, default: str = "") -> str:
        value = obj.get(key)
        if value is None:
            return default
        if not isinstance(value, str):
            self.invalid(child(path, key), value, "must be a string")
            return default
        return value

    def get_int(self, obj: Mapping[str, Any], key: str, path: str, default: int | None = None) -> int | None:
        value = obj.get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.invalid(child(path, key), value, "must be an integer")
            return default
        if not -(2**31) <= value < 2**31:
            self.invalid(child(path, key), value, "must fit in a 32-bit integer")
            return default
        return value

    def get_bool(self, obj: Mapping[str, Any], key: str, path: str) -> bool:
        value = obj.get(key)
        if value is None:
            return False
        if not isinstance(value, bool):
            self.invalid(child(path, key), value, "must be a boolean")
            return False
        return value

    def get_strings(self, obj: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
        out = []
        for i, item in enumerate(self.get_list(obj, key, path)):
            if isinstance(item, str):
                out.append(item)
            else:
                self.invalid(index(child(path, key), i), item, "must be a string")
        return tuple(out)

    def get_string_map(self, obj: Mapping[str, Any], key: str, path: str) -> dict[str, str]:
        out = {}
        for k, v in self.get_map(obj, key, path).items():
            if isinstance(v, str):
                out[str(k)] = v
            else:
                self.invalid(child(child(path, key), str(k)), v, "must be a string")
        return out
