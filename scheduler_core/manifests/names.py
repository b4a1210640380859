"""Name and label checks with the apimachinery messages (util/validation/validation.go)."""
from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from scheduler_core.manifests.context import Doc, child

_DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
_DNS1123_SUBDOMAIN_FMT = _DNS1123_LABEL_FMT + "(\\." + _DNS1123_LABEL_FMT + ")*"
_LABEL_KEY_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
_LABEL_VALUE_FMT = "(" + _LABEL_KEY_FMT + ")?"

_DNS1123_LABEL = re.compile("^" + _DNS1123_LABEL_FMT + "$")
_DNS1123_SUBDOMAIN = re.compile("^" + _DNS1123_SUBDOMAIN_FMT + "$")
_LABEL_KEY = re.compile("^" + _LABEL_KEY_FMT + "$")
_LABEL_VALUE = re.compile("^" + _LABEL_VALUE_FMT + "$")


def regex_error(msg: str, fmt: str, *examples: str) -> str:
    """validation.RegexError, including its quirky double space between examples."""
    if not examples:
        return f"{msg} (regex used for validation is '{fmt}')"
    listed = " or ".join(f"'{e}', " for e in examples)
    return f"{msg} (e.g. {listed}regex used for validation is '{fmt}')"


def max_len_error(length: int) -> str:
    return f"must be no more than {length} characters"


def dns1123_subdomain_errors(value: str) -> list[str]:
    errs = []
    if len(value) > 253:
        errs.append(max_len_error(253))
    if not _DNS1123_SUBDOMAIN.match(value):
        errs.append(regex_error(
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
            "and must start and end with an alphanumeric character",
            _DNS1123_SUBDOMAIN_FMT, "example.com",
        ))
    return errs


def dns1123_label_errors(value: str) -> list[str]:
    errs = []
    if len(value) > 63:
        errs.append(max_len_error(63))
    if not _DNS1123_LABEL.match(value):
        if _DNS1123_SUBDOMAIN.match(value):
            errs.append("must not contain dots")
        else:
            errs.append(regex_error(
                "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "
                "and must start and end with an alphanumeric character",
                _DNS1123_LABEL_FMT, "my-name", "123-abc",
            ))
    return errs


_KEY_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"


def label_key_errors(value: str) -> list[str]:
    """validation.IsQualifiedName."""
    return list(_label_key_errors(value))


@functools.lru_cache(maxsize=4096)
def _label_key_errors(value: str) -> tuple[str, ...]:
    """Remembered: a cluster repeats a few label keys on thousands of objects."""
    return tuple(_qualified_name_errors(value))


def _qualified_name_errors(value: str) -> list[str]:
    parts = value.split("/")
    errs: list[str] = []
    if len(parts) == 1:
        name = parts[0]
    elif len(parts) == 2:
        prefix, name = parts
        if not prefix:
            errs.append("prefix part must be non-empty")
        else:
            errs.extend("prefix part " + e for e in dns1123_subdomain_errors(prefix))
    else:
        return [
            "a qualified name " + regex_error(_KEY_MSG, _LABEL_KEY_FMT, "MyName", "my.name", "123-abc")
            + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
        ]
    if not name:
        errs.append("name part must be non-empty")
    elif len(name) > 63:
        errs.append("name part " + max_len_error(63))
    if not _LABEL_KEY.match(name):
        errs.append("name part " + regex_error(_KEY_MSG, _LABEL_KEY_FMT, "MyName", "my.name", "123-abc"))
    return errs


def label_value_errors(value: str) -> list[str]:
    return list(_label_value_errors(value))


@functools.lru_cache(maxsize=4096)
def _label_value_errors(value: str) -> tuple[str, ...]:
    errs = []
    if len(value) > 63:
        errs.append(max_len_error(63))
    if not _LABEL_VALUE.match(value):
        errs.append(regex_error(
            "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', "
            "and must start and end with an alphanumeric character",
            _LABEL_VALUE_FMT, "MyValue", "my_value", "12345",
        ))
    return tuple(errs)


def check_name(doc: Doc, name: str, path: str, *, label: bool = False) -> None:
    """ValidateObjectMeta's name check (NameIsDNSSubdomain or NameIsDNSLabel)."""
    if not name:
        doc.required(path, "name or generateName is required")
        return
    for msg in dns1123_label_errors(name) if label else dns1123_subdomain_errors(name):
        doc.invalid(path, name, msg)


def check_label_key(doc: Doc, key: str, path: str) -> None:
    """unversionedvalidation.ValidateLabelName."""
    for msg in label_key_errors(key):
        doc.invalid(path, key, msg)


def check_labels(doc: Doc, labels: Mapping[str, str], path: str) -> None:
    """unversionedvalidation.ValidateLabels."""
    for key, value in labels.items():
        check_label_key(doc, key, path)
        for msg in label_value_errors(value):
            doc.invalid(path, value, msg)


# apimachinery/pkg/api/validation/objectmeta.go: TotalAnnotationSizeLimitB
TOTAL_ANNOTATION_SIZE_LIMIT_BYTES = 256 * (1 << 10)
ANNOTATIONS_TOO_LONG = f"must have at most {TOTAL_ANNOTATION_SIZE_LIMIT_BYTES} bytes"


def annotation_key_errors(key: str) -> list[str]:
    """ValidateAnnotations: a qualified name, except that case does not matter."""
    return label_key_errors(key.lower())


def annotations_too_large(annotations: Mapping[str, str]) -> bool:
    """ValidateAnnotationsSize: keys and values together, in bytes."""
    return sum(len(k.encode()) + len(v.encode()) for k, v in annotations.items()) > TOTAL_ANNOTATION_SIZE_LIMIT_BYTES


def check_annotations(doc: Doc, annotations: Mapping[str, str], path: str) -> None:
    """apimachinery ValidateAnnotations."""
    for key in annotations:
        for msg in annotation_key_errors(key):
            doc.invalid(path, key, msg)
    if annotations_too_large(annotations):
        doc.too_long(path, ANNOTATIONS_TOO_LONG)


def check_label_value(doc: Doc, value: str, path: str) -> None:
    for msg in label_value_errors(value):
        doc.invalid(path, value, msg)


__all__ = ["check_annotations", "check_label_key", "check_label_value", "check_labels", "check_name", "child"]
