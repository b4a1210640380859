"""The options a write carries (CreateOptions, PatchOptions, DeleteOptions): dryRun, as the apiserver checks it."""
from __future__ import annotations

import json
from typing import Any

from playground.k8sapi import status as st

DRY_RUN_ALL = "All"  # metav1.DryRunAll, the only value there is


def dry_run(values: Any, options_kind: str) -> bool:
    """ValidateDryRun (apimachinery/pkg/apis/meta/v1/validation/validation.go) as the handlers report it:
    NewInvalid on meta.k8s.io's `options_kind`, with field.NotSupported's text (`%#v` of the []string)."""
    values = [values] if isinstance(values, str) else list(values or [])
    if all(value == DRY_RUN_ALL for value in values):
        return bool(values)
    given = "[]string{" + ", ".join(json.dumps(str(v), ensure_ascii=False) for v in values) + "}"
    body = f'Unsupported value: {given}: supported values: "{DRY_RUN_ALL}"'
    raise st.invalid(options_kind, "", "meta.k8s.io", [{"reason": "FieldValueNotSupported", "message": body,
                                                        "field": "dryRun"}],
                     f'{options_kind}.meta.k8s.io "" is invalid: dryRun: {body}')


def eviction_dry_run(query: list[str], body_values: Any) -> bool:
    """propagateDryRun (pkg/registry/core/pod/storage/eviction.go): the query's CreateOptions (validated) and the
    Eviction's deleteOptions.dryRun (not validated: any value there is a dry run) must agree when both are set."""
    query_dry = dry_run(query, "CreateOptions")
    given = list(body_values or [])
    if given and query and given != query:
        raise st.ApiError(500, "", f"Non-matching dry-run options in request and content: [{' '.join(query)}] "
                          f"and [{' '.join(str(v) for v in given)}]")
    return query_dry or bool(given)
