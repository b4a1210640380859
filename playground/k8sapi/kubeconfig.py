"""GET /k8s/runs/<id>/kubeconfig: a kubeconfig whose server is the run's API root and whose user is the
caller's API token (the one this request authenticated with; the run page creates one for the download)."""
from __future__ import annotations

from typing import Any

import yaml
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import BaseAuthentication, SessionAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed, NotFound
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from playground.k8sapi import auth
from playground.k8sapi import status as st
from playground.k8sapi.auth import SCHEMES
from playground.runs import selectors
from playground.scenarios import links


class BearerTokenAuthentication(BaseAuthentication):
    """`Authorization: Bearer <key>` (the form a kubeconfig sends) or `Token <key>`, for this app's DRF views."""

    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        try:
            user = auth.authenticate(request._request)
        except st.ApiError as exc:
            raise AuthenticationFailed("API token is unknown or revoked") from exc
        return (user, None) if user.is_authenticated else None

    def authenticate_header(self, request: Request) -> str:
        return "Bearer"


def presented_token(request: Request) -> str | None:
    parts = get_authorization_header(request).split()
    return parts[1].decode(errors="replace") if len(parts) == 2 and parts[0].lower() in SCHEMES else None


def server_path(run_id: int, token: str | None, secure: bool) -> str:
    """kubectl sends credentials over TLS only (kubernetes/kubectl#744): over plain http the token rides
    in the path instead, which the API accepts like a bearer token."""
    if token and not secure:
        return f"/k8s/runs/{run_id}/token/{token}"
    return f"/k8s/runs/{run_id}"


def kubeconfig(server: str, run_id: int, username: str, token: str | None) -> dict[str, Any]:
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


class KubeconfigApi(APIView):
    authentication_classes = [BearerTokenAuthentication, SessionAuthentication]
    renderer_classes = [YamlRenderer, JSONRenderer]

    @extend_schema(responses={(200, "application/yaml"): str}, summary="A kubeconfig for the run's Kubernetes API")
    def get(self, request: Request, run_id: int) -> Response:
        run = selectors.run_for_watcher(request.user, run_id, links.held(request.session))
        if run is None:
            raise NotFound(f"no run {run_id} (or its scenario is private)")
        token = presented_token(request)
        server = request.build_absolute_uri(server_path(run.pk, token, request.is_secure()))
        username = request.user.get_username() if request.user.is_authenticated else "anonymous"
        response = Response(kubeconfig(server, run.pk, username, token))
        response.headers["Content-Disposition"] = f'attachment; filename="kubeconfig-run-{run.pk}.yaml"'
        return response
