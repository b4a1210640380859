"""The one JSON error envelope for every 4xx from the API, and the DRF exception handler.

    {"message": "<one sentence>", "errors": [{"field", "value"?, "message", "document"?, "kind"?, "name"?, "runs"?}]}

(camelCase like every JSON key of the API; 412 adds "currentVersion", 429 comes with Retry-After.)

Services raise domain exceptions (ManifestError from scheduler_core, the APIExceptions below);
this module is the only place that turns them into HTTP.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response

NON_FIELD = "non_field_errors"


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "request body is too large"
    default_code = "payload_too_large"


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "conflict"
    default_code = "conflict"


class PreconditionRequired(exceptions.APIException):
    status_code = status.HTTP_428_PRECONDITION_REQUIRED
    default_detail = 'say which version you edited: an If-Match: "<version>" header or a "version" field'
    default_code = "precondition_required"


class PreconditionFailed(exceptions.APIException):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_code = "precondition_failed"

    def __init__(self, detail: str, current_version: int) -> None:
        super().__init__(detail)
        self.current_version = current_version


class InvalidDocuments(exceptions.APIException):
    """A list of field errors already in envelope shape (manifests, settings, YAML)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"

    def __init__(self, errors: list[dict[str, Any]], status_code: int = 400) -> None:
        super().__init__(summary_message(errors))
        self.errors = errors
        self.status_code = status_code


class ErrorItemSerializer(serializers.Serializer):  # type: ignore[type-arg]
    field = serializers.CharField()
    value = serializers.JSONField(required=False)
    message = serializers.CharField()
    document = serializers.IntegerField(required=False)
    kind = serializers.CharField(required=False)
    name = serializers.CharField(required=False)
    runs = serializers.ListField(child=serializers.IntegerField(), required=False,
                                 help_text="on 429: the active runs that hold the slots (stop one to start another)")


class ErrorSerializer(serializers.Serializer):  # type: ignore[type-arg]
    message = serializers.CharField()
    errors = ErrorItemSerializer(many=True)
    currentVersion = serializers.IntegerField(required=False, help_text="on 412 only")


def error_body(message: str, errors: Iterable[Mapping[str, Any]] = (), **extra: Any) -> dict[str, Any]:
    return {"message": message, "errors": [dict(e) for e in errors], **extra}


def field_error(field: str, message: str, **more: Any) -> dict[str, Any]:
    return {"field": field, "message": message, **more}


def summary_message(errors: list[dict[str, Any]]) -> str:
    if not errors:
        return "the request is invalid"
    first = errors[0]
    text = first["message"]
    field = first.get("field")
    if field and field != NON_FIELD and not text.startswith(field):
        text = f"{field}: {text}"
    if len(errors) > 1:
        text += f" (+ {len(errors) - 1} more)"
    return text


def flatten_drf_errors(detail: Any, prefix: str = "") -> list[dict[str, Any]]:
    """DRF's nested {"field": ["msg"]} / [{"field": [...]}] into flat dotted-path errors."""
    if isinstance(detail, Mapping):
        return [e for key, sub in detail.items() for e in flatten_drf_errors(sub, _join(prefix, str(key)))]
    if isinstance(detail, list):
        if all(not isinstance(item, (Mapping, list)) for item in detail):
            return [field_error(prefix or NON_FIELD, str(item)) for item in detail]
        return [e for i, sub in enumerate(detail) if sub for e in flatten_drf_errors(sub, f"{prefix}[{i}]")]
    return [field_error(prefix or NON_FIELD, str(detail))]


def _join(prefix: str, key: str) -> str:
    if key == NON_FIELD:
        return prefix or NON_FIELD
    if key.isdigit():  # ListField / many=True errors are keyed by the item's index
        return f"{prefix}[{key}]"
    return f"{prefix}.{key}" if prefix else key


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    # Imported here: rest_framework.views loads the DEFAULT_PARSER_CLASSES, which import this module.
    from rest_framework.views import exception_handler as drf_exception_handler

    if isinstance(exc, RequestDataTooBig):  # Django refused to read request.body
        exc = PayloadTooLarge(f"request body is above the limit of {settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,} bytes")
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # a bug: let Django answer 500
    response.data = _envelope(exc, response.data)
    return response


def _envelope(exc: Exception, data: Any) -> dict[str, Any]:
    if isinstance(exc, InvalidDocuments):
        return error_body(str(exc.detail), exc.errors)
    if isinstance(exc, PreconditionFailed):
        return error_body(str(exc.detail), currentVersion=exc.current_version)
    if isinstance(exc, exceptions.ValidationError):
        errors = flatten_drf_errors(exc.detail)
        return error_body(summary_message(errors), errors)
    return error_body(_message_of(data))


def _message_of(data: Any) -> str:
    if isinstance(data, Mapping) and "detail" in data:
        return str(data["detail"])
    return str(data)


# Django-level handlers (URL not matched, body too big before DRF, crashes) for /api/ paths.
# Wire them in playground/urls.py: handler400/403/404/500 = "playground.api_errors.handlerNNN".

def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def handler400(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(error_body(str(exception or "bad request")), status=400)
    return defaults.bad_request(request, exception)


def handler403(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(error_body("permission denied"), status=403)
    return defaults.permission_denied(request, exception)


def handler404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith("/k8s/"):  # as kube-apiserver answers a path it serves nothing at
        # Imported here: this module loads with DRF's parsers, before the models; and k8sapi imports it.
        from playground.k8sapi import api as k8s_api

        return k8s_api.not_found(request.path)
    if _is_api(request):
        return JsonResponse(error_body(f"no API endpoint at {request.path}"), status=404)
    return defaults.page_not_found(request, exception)


def handler500(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(error_body("internal server error"), status=500)
    return defaults.server_error(request)
