"""GET /k8s/runs/<id>/kubeconfig: a kubeconfig whose server is the run's API root and whose user is a new
run credential of the caller (accounts.RunCredential: this run and its restarts only, for a day or until
its workshop ends); an anonymous caller's reads anonymously."""
from __future__ import annotations

from typing import Any

import yaml
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import BaseAuthentication, SessionAuthentication
from rest_framework.exceptions import AuthenticationFailed, NotFound
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from playground.accounts import services as accounts
from playground.api_errors import ErrorSerializer
from playground.k8sapi import auth
from playground.k8sapi import status as st
from playground.runs import selectors
from playground.scenarios.api import held_links
from playground.strict import no_blank_format
from playground.workshops import selectors as workshops


class BearerTokenAuthentication(BaseAuthentication):
    """`Authorization: Bearer <key>` or `Token <key>` with an API token (a run credential mints no other)."""

    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        try:
            key = auth.header_key(request._request)
            return (auth.account_user(key), None) if key else None
        except st.ApiError as exc:
            raise AuthenticationFailed("API token is unknown or revoked") from exc

    def authenticate_header(self, request: Request) -> str:
        return "Bearer"


def server_path(run_id: int, key: str | None, secure: bool) -> str:
    """kubectl sends credentials over TLS only (kubernetes/kubectl#744): over plain http the key rides
    in the path instead, which the API accepts like a bearer token (and redact.py keeps out of the logs)."""
    if key and not secure:
        return f"/k8s/runs/{run_id}/token/{key}"
    return f"/k8s/runs/{run_id}"


def kubeconfig(server: str, run_id: int, username: str, token: str | None) -> dict[str, Any]:
    """token: for the header (https); over http it is in the server URL already."""
    name = f"playground-run-{run_id}"
    user: dict[str, Any] = {"token": token} if token else {}
    return {
        "apiVersion": "v1", "kind": "Config",
        "clusters": [{"name": name, "cluster": {"server": server}}],
        "users": [{"name": f"{name}-{username}", "user": user}],
        "contexts": [{"name": name, "context": {"cluster": name, "user": f"{name}-{username}",
                                                "namespace": "default"}}],
        "current-context": name, "preferences": {},
    }


class YamlRenderer(BaseRenderer):
    media_type = "application/yaml"
    format = "yaml"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        return yaml.safe_dump(data, sort_keys=False).encode()


KUBECONFIG_REF = {"$ref": "#/components/schemas/Kubeconfig"}  # playground.openapi.KUBECONFIG
# A run id that is no run id (`/k8s/runs/1.5/kubeconfig`) is a path the Kubernetes API does not serve: its
# NotFound is the API server's Status (playground/k8sapi/status.py), not the API's error envelope.
NOT_FOUND = {"oneOf": [{"$ref": "#/components/schemas/Error"}, {
    "type": "object", "required": ["kind", "apiVersion", "status", "message", "code"],
    "properties": {"kind": {"type": "string", "enum": ["Status"]}, "apiVersion": {"type": "string"},
                   "metadata": {"type": "object"}, "status": {"type": "string"}, "message": {"type": "string"},
                   "reason": {"type": "string"}, "details": {"type": "object"}, "code": {"type": "integer"}}}]}


class KubeconfigApi(APIView):
    authentication_classes = [BearerTokenAuthentication, SessionAuthentication]
    renderer_classes = [YamlRenderer, JSONRenderer]

    @extend_schema(responses={(200, "application/yaml"): KUBECONFIG_REF, (200, "application/json"): KUBECONFIG_REF,
                              400: ErrorSerializer, 401: ErrorSerializer, (404, "application/json"): NOT_FOUND,
                              (404, "application/yaml"): ErrorSerializer},
                   summary="A kubeconfig for the run's Kubernetes API")
    def get(self, request: Request, run_id: int) -> Response:
        no_blank_format(request)
        run = selectors.run_for_watcher(request.user, run_id, held_links(request.session))
        if run is None:
            raise NotFound(f"no run {run_id} (or its scenario is private)")
        key = None
        if request.user.is_authenticated:
            _, key = accounts.create_run_credential(request.user, run.pk, workshops.open_workshop_of_run(run.pk))
        secure = request.is_secure()
        server = request.build_absolute_uri(server_path(run.pk, key, secure))
        username = request.user.get_username() if request.user.is_authenticated else "anonymous"
        response = Response(kubeconfig(server, run.pk, username, key if secure else None))
        response.headers["Content-Disposition"] = f'attachment; filename="kubeconfig-run-{run.pk}.yaml"'
        response.headers["Cache-Control"] = "no-store"  # it holds a credential
        return response
