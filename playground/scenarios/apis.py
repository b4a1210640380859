"""Thin HTTP interfaces for scenarios: parse, call one selector or service, serialise."""
from __future__ import annotations

import re
from typing import Any

from django.core.cache import cache
from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import BaseParser
from rest_framework.permissions import IsAdminUser
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from playground import openapi
from playground.accounts.api import acting_user
from playground.api_errors import ErrorSerializer, PreconditionRequired
from playground.safeload import SafeJSONParser
from playground.scenarios import documents, links, selectors, services, yamlio
from playground.scenarios import serializers as s
from playground.scenarios.documents import KIND_BY_PLURAL, KINDS, Kind
from playground.scenarios.limits import MAX_BULK_COUNT
from playground.scenarios.models import Scenario
from playground.scenarios.parsers import YAML_PARSERS, YAMLRenderer
from playground.strict import StrictPagination, no_blank_format

ERRORS = {code: ErrorSerializer for code in (400, 401, 403, 404, 409, 412, 413, 428)}
IF_MATCH_VERSION = re.compile(r'(W/)?"(?P<version>[0-9]{1,18})"')
# HTTP's optional whitespace around a field value (RFC 9110 5.5: spaces and tabs) is not part of it.
IF_MATCH = OpenApiParameter("If-Match", {"type": "string", "pattern": r'^[ \t]*(\*|(W/)?"[0-9]{1,18}")[ \t]*$'},
                            OpenApiParameter.HEADER, required=False,
                            description='the version you edited, as "<version>" (or * for any)')
NAMESPACE = OpenApiParameter("namespace", str, OpenApiParameter.QUERY, required=False,
                             description="for pods and PDBs addressed by name only; default \"default\"")
MANIFEST_BODY = {"application/json": openapi.KIND_MANIFEST}
BULK_BODY = {"application/json": {"oneOf": [openapi.KIND_MANIFESTS, {
    "type": "object", "required": ["template", "count"],
    "properties": {"template": openapi.KIND_MANIFEST,
                   "count": {"type": "integer", "minimum": 1, "maximum": MAX_BULK_COUNT}}}],
    "description": "a list of manifests, or {template, count}: copies are named <name>-1 .. <name>-N"}}
ONE_OBJECT = openapi.versioned("object", openapi.KIND_MANIFEST)
IF_NONE_MATCH = OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER, required=False,
                                 description='the ETag you hold, e.g. "3": 304 when it is still current')
YAML_OR_JSON_PARSERS: list[type[BaseParser]] = [SafeJSONParser, *YAML_PARSERS]
EXPORT_CACHE_SECONDS = 600


def responses(ok: dict[int, Any], *errors: int) -> dict[int, Any]:
    return {**ok, **{code: ERRORS[code] for code in errors}}


def not_modified(request: Request, etag: str) -> bool:
    """If-None-Match names the current ETag (or *): the client's copy is current, answer 304."""
    given = request.headers.get("If-None-Match", "")
    tags = {t.strip().removeprefix("W/") for t in given.split(",") if t.strip()}
    return request.method in ("GET", "HEAD") and ("*" in tags or etag in tags)


def unchanged(etag: str) -> Response:
    return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})


def detail(request: Request, scenario: Scenario, code: int = status.HTTP_200_OK) -> Response:
    if code == status.HTTP_200_OK and not_modified(request, scenario.etag):
        return unchanged(scenario.etag)
    data = s.ScenarioDetailSerializer(scenario, context={"request": request}).data
    headers = {"ETag": scenario.etag}
    if code == status.HTTP_201_CREATED:
        headers["Location"] = reverse("scenario-detail", kwargs={"slug": scenario.slug})
    return Response(data, status=code, headers=headers)


def valid(serializer_class: type[s.serializers.Serializer], data: Any, **kwargs: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    serializer = serializer_class(data=data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def body_object(request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise ValidationError({"non_field_errors": ["the body must be a JSON object"]})
    return dict(request.data)


def based_on(request: Request, body_version: int | None = None, required: bool = False) -> int | None:
    """The version a write was based on: If-Match: "<n>" header, else the body's "version"."""
    sent = request.headers.get("If-Match")
    header = "" if sent is None else sent.strip(" \t")  # optional whitespace is not part of a field value
    if sent is not None and header != "*":  # a blank If-Match names no version: refused, not ignored
        match = IF_MATCH_VERSION.fullmatch(header)
        if match is None:
            raise ValidationError({"If-Match": [f'must be "<version>" (quoted, as an ETag), e.g. "3", or *; got {header}']})
        return int(match["version"])
    if body_version is None and required and header != "*":
        raise PreconditionRequired()
    return body_version


class PathOperationIds(AutoSchema):
    """operationIds from the whole path, e.g. scenarios_by_slug_pods_by_name_get: one view serves several paths,
    and the manifest schema of the path's kind where the view says openapi.KIND_MANIFEST."""

    def get_operation_id(self) -> str:
        tokens = self.path.strip("/").split("/")[1:]
        words = [f"by_{t[1:-1]}" if t.startswith("{") else t for t in tokens]
        return "_".join([*words, self.method.lower()])

    def get_operation(self, *args: Any, **kwargs: Any) -> Any:
        operation = super().get_operation(*args, **kwargs)
        kind = next((k.kind for k in KINDS if f"/{k.plural}/" in self.path), None)
        return openapi.with_kind(operation, kind) if kind and operation else operation


class ScenarioApi(APIView):
    parser_classes = [SafeJSONParser]  # the API speaks JSON (and YAML where it says so), not HTML forms
    schema = PathOperationIds()


class ScenarioListCreateApi(ScenarioApi):
    @extend_schema(parameters=[s.ScenarioListQuerySerializer, OpenApiParameter("page", int),
                               OpenApiParameter("page_size", int)], responses=responses(
        {200: s.ScenarioPageSerializer}, 400, 404), summary="Gallery (scope=featured, shared or public) or my scenarios")
    def get(self, request: Request) -> Response:
        query = valid(s.ScenarioListQuerySerializer, request.query_params)
        scenarios = selectors.scenario_list(request.user, query["scope"], query["search"])
        paginator = StrictPagination()
        page = paginator.paginate_queryset(scenarios, request, view=self)
        data = s.ScenarioSummarySerializer(page, many=True, context={"request": request}).data
        return paginator.get_paginated_response(data)

    @extend_schema(request=s.ScenarioWriteSerializer, responses=responses(
        {201: s.ScenarioDetailSerializer}, 400, 403, 413), summary="Create a scenario")
    def post(self, request: Request) -> Response:
        data = valid(s.ScenarioWriteSerializer, request.data)
        with acting_user(request) as owner:
            scenario = services.create_scenario(owner, **data)
        return detail(request, scenario, status.HTTP_201_CREATED)


class ScenarioDetailApi(ScenarioApi):
    @extend_schema(parameters=[IF_NONE_MATCH], responses=responses({200: s.ScenarioDetailSerializer, 304: None}, 404),
                   summary="A scenario")
    def get(self, request: Request, slug: str) -> Response:
        scenario = selectors.readable_scenario(request.user, slug)
        links.remember(request._request, scenario)  # its runs open to this browser too
        return detail(request, scenario)

    @extend_schema(request=s.ScenarioUpdateSerializer, parameters=[IF_MATCH], responses=responses(
        {200: s.ScenarioDetailSerializer}, 400, 403, 404, 412, 413, 428), summary="Replace a scenario")
    def put(self, request: Request, slug: str) -> Response:
        return self.update(request, slug, partial=False)

    @extend_schema(request=s.ScenarioUpdateSerializer(partial=True), parameters=[IF_MATCH], responses=responses(
        {200: s.ScenarioDetailSerializer}, 400, 403, 404, 412, 413, 428), summary="Change part of a scenario")
    def patch(self, request: Request, slug: str) -> Response:
        return self.update(request, slug, partial=True)

    def update(self, request: Request, slug: str, partial: bool) -> Response:
        scenario = selectors.editable_scenario(request.user, slug)
        data = valid(s.ScenarioUpdateSerializer, request.data, partial=partial)
        version = based_on(request, data.pop("version", None), required=True)
        return detail(request, services.update_scenario(scenario, version, **data))

    @extend_schema(parameters=[IF_MATCH], responses=responses({204: None}, 400, 403, 404, 412), summary="Delete")
    def delete(self, request: Request, slug: str) -> Response:
        scenario = selectors.editable_scenario(request.user, slug)
        services.delete_scenario(scenario, based_on(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ScenarioFeaturedApi(ScenarioApi):
    permission_classes = (IsAdminUser,)

    @extend_schema(request=s.FeaturedSerializer, responses=responses({200: s.ScenarioDetailSerializer}, 400, 403, 404),
                   summary="Feature a public scenario in the gallery, or stop (the instance's staff only)")
    def put(self, request: Request, slug: str) -> Response:
        scenario = selectors.readable_scenario(request.user, slug)
        data = valid(s.FeaturedSerializer, request.data)
        return detail(request, services.set_featured(scenario, data["featured"]))


class ScenarioForkApi(ScenarioApi):
    @extend_schema(request=s.ForkSerializer, responses=responses({201: s.ScenarioDetailSerializer}, 400, 403, 404, 413),
                   summary="Fork: a copy owned by the caller")
    def post(self, request: Request, slug: str) -> Response:
        source = selectors.readable_scenario(request.user, slug)
        data = valid(s.ForkSerializer, request.data)
        with acting_user(request) as owner:
            scenario = services.fork_scenario(source, owner, **data)
        return detail(request, scenario, status.HTTP_201_CREATED)


class ScenarioExportApi(ScenarioApi):
    renderer_classes = [JSONRenderer, YAMLRenderer]

    @extend_schema(parameters=[IF_NONE_MATCH],
                   responses={(200, "application/yaml"): OpenApiTypes.STR, 304: None, 400: ErrorSerializer,
                              404: ErrorSerializer},
                   summary="Export as multi-document YAML (kubectl apply -f accepts it)")
    def get(self, request: Request, slug: str) -> HttpResponse:
        no_blank_format(request)
        scenario = selectors.readable_scenario(request.user, slug, defer_manifests=True)
        if not_modified(request, scenario.etag):
            return unchanged(scenario.etag)
        response = HttpResponse(exported_yaml(scenario), content_type="application/yaml; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{scenario.slug}.yaml"'
        response["ETag"] = scenario.etag
        return response


def exported_yaml(scenario: Scenario) -> str:
    """Made once per scenario version and kept in the shared cache: a 15,000-pod scenario's export cost
    3.4 s of CPU for every client that did not send If-None-Match. Its objects load only on a miss."""
    def dump() -> str:
        return yamlio.dump(scenario.manifests) or f"# scenario {scenario.slug} holds no objects yet\n"

    return str(cache.get_or_set(f"scenario-export:{scenario.pk}:{scenario.version}", dump, EXPORT_CACHE_SECONDS))


class ScenarioImportApi(ScenarioApi):
    parser_classes = YAML_OR_JSON_PARSERS

    @extend_schema(
        request={"application/json": s.ImportSerializer, "application/yaml": OpenApiTypes.STR,
                 "text/yaml": OpenApiTypes.STR},
        parameters=[OpenApiParameter("title", str, description="with a YAML body"),
                    OpenApiParameter("visibility", str, enum=["private", "unlisted", "public"],
                                     description="with a YAML body")],
        responses=responses({201: s.ScenarioDetailSerializer}, 400, 403, 413), summary="Import YAML")
    def post(self, request: Request) -> Response:
        data = valid(s.ImportSerializer, {**self.query_defaults(request), **body_object(request)})
        with acting_user(request) as owner:
            scenario = services.import_yaml(owner, data.pop("yaml"), **data)
        return detail(request, scenario, status.HTTP_201_CREATED)

    def query_defaults(self, request: Request) -> dict[str, str]:
        """?title= and ?visibility= (for a YAML body): checked even where the body overrides them."""
        return valid(s.ImportQuerySerializer, request.query_params)


class ScenarioYamlApi(ScenarioApi):
    parser_classes = YAML_OR_JSON_PARSERS

    @extend_schema(
        request={"application/json": s.ReplaceYamlSerializer, "application/yaml": OpenApiTypes.STR,
                 "text/yaml": OpenApiTypes.STR},
        parameters=[IF_MATCH], responses=responses({200: s.ScenarioDetailSerializer}, 400, 403, 404, 412, 413, 428),
        summary="Replace the objects from YAML")
    def put(self, request: Request, slug: str) -> Response:
        scenario = selectors.editable_scenario(request.user, slug)
        data = valid(s.ReplaceYamlSerializer, request.data)
        version = based_on(request, data.get("version"), required=True)
        return detail(request, services.replace_yaml(scenario, data["yaml"], version))


# --- the objects inside a scenario, one kind at a time -------------------------------------

def object_key(request: Request, kind: Kind, name: str, namespace: str | None) -> tuple[str, str]:
    if not kind.namespaced:
        return ("", name)
    return (namespace or request.query_params.get("namespace") or "default", name)


def versioned(request: Request, data: dict[str, Any], scenario: Scenario, code: int = status.HTTP_200_OK,
              location: str | None = None) -> Response:
    if code == status.HTTP_200_OK and not_modified(request, scenario.etag):
        return unchanged(scenario.etag)
    headers = {"ETag": scenario.etag, **({"Location": location} if location else {})}
    return Response({"version": scenario.version, **data}, status=code, headers=headers)


def object_url(scenario: Scenario, kind: Kind, doc: dict[str, Any]) -> str:
    namespace, name = documents.identity(doc, kind)
    if namespace:
        return reverse(f"scenario-{kind.plural}-namespaced-detail",
                       kwargs={"slug": scenario.slug, "namespace": namespace, "name": name})
    return reverse(f"scenario-{kind.plural}-detail", kwargs={"slug": scenario.slug, "name": name})


class ObjectListApi(ScenarioApi):
    @extend_schema(parameters=[IF_NONE_MATCH], responses=responses(
        {200: openapi.versioned("items", openapi.KIND_MANIFESTS), 304: None}, 404), summary="Objects of one kind")
    def get(self, request: Request, slug: str, kind: str) -> Response:
        scenario = selectors.readable_scenario(request.user, slug)
        return versioned(request, {"items": selectors.objects_of_kind(scenario, KIND_BY_PLURAL[kind])}, scenario)

    @extend_schema(request=MANIFEST_BODY, parameters=[IF_MATCH],
                   responses=responses({201: ONE_OBJECT}, 400, 403, 404, 409, 412, 413), summary="Add one")
    def post(self, request: Request, slug: str, kind: str) -> Response:
        scenario = selectors.editable_scenario(request.user, slug)
        scenario = services.add_objects(scenario, KIND_BY_PLURAL[kind], [request.data], based_on(request))
        added = scenario.manifests[-1]
        return versioned(request, {"object": added}, scenario, status.HTTP_201_CREATED,
                         object_url(scenario, KIND_BY_PLURAL[kind], added))


class ObjectDetailApi(ScenarioApi):
    @extend_schema(parameters=[NAMESPACE, IF_NONE_MATCH], responses=responses({200: ONE_OBJECT, 304: None}, 404),
                   summary="One object")
    def get(self, request: Request, slug: str, kind: str, name: str, namespace: str | None = None) -> Response:
        scenario = selectors.readable_scenario(request.user, slug)
        key = object_key(request, KIND_BY_PLURAL[kind], name, namespace)
        return versioned(request, {"object": selectors.object_of_kind(scenario, KIND_BY_PLURAL[kind], key)}, scenario)

    @extend_schema(request=MANIFEST_BODY, parameters=[NAMESPACE, IF_MATCH],
                   responses=responses({200: ONE_OBJECT}, 400, 403, 404, 412, 413), summary="Replace one")
    def put(self, request: Request, slug: str, kind: str, name: str, namespace: str | None = None) -> Response:
        scenario = selectors.editable_scenario(request.user, slug)
        key = object_key(request, KIND_BY_PLURAL[kind], name, namespace)
        scenario = services.replace_object(scenario, KIND_BY_PLURAL[kind], key, request.data, based_on(request))
        return versioned(request, {"object": selectors.object_of_kind(scenario, KIND_BY_PLURAL[kind], key)}, scenario)

    @extend_schema(parameters=[NAMESPACE, IF_MATCH], responses=responses({204: None}, 400, 403, 404, 409, 412),
                   summary="Remove one")
    def delete(self, request: Request, slug: str, kind: str, name: str, namespace: str | None = None) -> Response:
        scenario = selectors.editable_scenario(request.user, slug)
        key = object_key(request, KIND_BY_PLURAL[kind], name, namespace)
        scenario = services.delete_object(scenario, KIND_BY_PLURAL[kind], key, based_on(request))
        return Response(status=status.HTTP_204_NO_CONTENT, headers={"ETag": scenario.etag})
class ObjectBulkApi(ObjectDetailApi):
    """POST adds many. An object may be named "bulk" (a valid Kubernetes name): GET, PUT and DELETE here
    are that object's, as at any other name (left out of the schema, which documents them once)."""

    @extend_schema(request=BULK_BODY, parameters=[IF_MATCH],
                   responses=responses({201: openapi.versioned("objects", openapi.KIND_MANIFESTS)},
                                       400, 403, 404, 409, 412, 413),
                   summary="Add many: a list of manifests, or {template, count}",
                   description="The body is either a JSON list of manifests or {\"template\": manifest, \"count\": N}.")
    def post(self, request: Request, slug: str, kind: str) -> Response:
        scenario = selectors.editable_scenario(request.user, slug)
        docs = self.documents(request.data)
        scenario = services.add_objects(scenario, KIND_BY_PLURAL[kind], docs, based_on(request))
        return versioned(request, {"objects": scenario.manifests[len(scenario.manifests) - len(docs):]}, scenario,
                         status.HTTP_201_CREATED, reverse(f"scenario-{kind}", kwargs={"slug": scenario.slug}))

    def documents(self, body: Any) -> list[Any]:
        if isinstance(body, list):
            return body
        data = valid(s.BulkTemplateSerializer, body)
        return services.expand_template(data["template"], data["count"])

    @extend_schema(exclude=True)
    def get(self, request: Request, slug: str, kind: str, name: str = "bulk", namespace: str | None = None) -> Response:
        return super().get(request, slug, kind, name, namespace)

    @extend_schema(exclude=True)
    def put(self, request: Request, slug: str, kind: str, name: str = "bulk", namespace: str | None = None) -> Response:
        return super().put(request, slug, kind, name, namespace)

    @extend_schema(exclude=True)
    def delete(self, request: Request, slug: str, kind: str, name: str = "bulk",
               namespace: str | None = None) -> Response:
        return super().delete(request, slug, kind, name, namespace)


