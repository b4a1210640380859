"""metav1.Status errors as kube-apiserver writes them (apimachinery/pkg/api/errors)."""
from __future__ import annotations

from typing import Any

from playground.k8sapi.resources import Resource

# field.ErrorType -> metav1.CauseType (apimachinery/pkg/util/validation/field/errors.go)
CAUSE_TYPES = {
    "Not found": "FieldValueNotFound",
    "Required value": "FieldValueRequired",
    "Duplicate value": "FieldValueDuplicate",
    "Invalid value": "FieldValueInvalid",
    "Unsupported value": "FieldValueNotSupported",
    "Forbidden": "FieldValueForbidden",
    "Too long": "FieldValueTooLong",
}


class ApiError(Exception):
    def __init__(self, code: int, reason: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code, self.reason, self.message, self.details = code, reason, message, details

    def status(self) -> dict[str, Any]:
        body: dict[str, Any] = {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                                "message": self.message}
        if self.reason:  # StatusReasonUnknown is "", left out (omitempty)
            body["reason"] = self.reason
        if self.details is not None:
            body["details"] = self.details
        body["code"] = self.code
        return body


def _details(resource: Resource, name: str | None = None) -> dict[str, Any]:
    details: dict[str, Any] = {"name": name} if name else {}
    if resource.group:
        details["group"] = resource.group
    details["kind"] = resource.plural
    return details


def not_found(resource: Resource, name: str) -> ApiError:
    return ApiError(404, "NotFound", f'{resource.qualified} "{name}" not found', _details(resource, name))


def already_exists(resource: Resource, name: str) -> ApiError:
    return ApiError(409, "AlreadyExists", f'{resource.qualified} "{name}" already exists', _details(resource, name))


def forbidden(resource: Resource | None, user: str, verb: str, namespace: str | None, why: str = "",
              name: str | None = None) -> ApiError:
    """NewForbidden with the authorizer's reason: `pods "x" is forbidden: User "u" cannot delete resource ...`."""
    what = (resource.qualified if resource else "") + (f' "{name}"' if name else "")
    where = f' in the namespace "{namespace}"' if namespace else " at the cluster scope"
    group = resource.group if resource else ""
    plural = resource.plural if resource else ""
    message = f'{what} is forbidden: User "{user}" cannot {verb} resource "{plural}" in API group "{group}"{where}'
    return ApiError(403, "Forbidden", message + (f": {why}" if why else ""),
                    _details(resource, name) if resource else {})


def unauthorized(message: str = "Unauthorized") -> ApiError:
    return ApiError(401, "Unauthorized", message)


def invalid(kind: str, name: str, group: str, causes: list[dict[str, str]], message: str) -> ApiError:
    details: dict[str, Any] = {"name": name} if name else {}
    if group:
        details["group"] = group
    details |= {"kind": kind, "causes": causes}
    return ApiError(422, "Invalid", message, details)


def field_invalid(kind: str, name: str, group: str, field: str, error_type: str, detail: str,
                  value: Any = None) -> ApiError:
    """One field.Error as NewInvalid renders it: `Kind "name" is invalid: field: Type: value: detail`."""
    body = error_type if error_type in ("Required value", "Forbidden", "Too long") else f"{error_type}: {_quoted(value)}"
    body = f"{body}: {detail}" if detail else body
    cause = {"reason": CAUSE_TYPES.get(error_type, "FieldValueInvalid"), "message": body, "field": field}
    return invalid(kind, name, group, [cause], f'{kind} "{name}" is invalid: {field}: {body}')


def _quoted(value: Any) -> str:
    import json

    return json.dumps(value) if isinstance(value, str) else json.dumps(value, default=str)


def bad_request(message: str) -> ApiError:
    return ApiError(400, "BadRequest", message)


def method_not_allowed() -> ApiError:
    return ApiError(405, "MethodNotAllowed", "the server does not allow this method on the requested resource")


def no_resource(path: str) -> ApiError:
    return ApiError(404, "NotFound", "the server could not find the requested resource", {})


def too_many_requests(message: str, causes: list[dict[str, str]], retry_after: int | None = None) -> ApiError:
    """NewTooManyRequests: with retryAfterSeconds (and a Retry-After header, views.api) when given."""
    details: dict[str, Any] = {"causes": causes} if causes or retry_after is None else {}
    if retry_after is not None:
        details["retryAfterSeconds"] = retry_after
    return ApiError(429, "TooManyRequests", message, details)


def service_unavailable(message: str) -> ApiError:
    return ApiError(503, "ServiceUnavailable", message)
