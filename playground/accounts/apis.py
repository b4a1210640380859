"""Thin HTTP interfaces for people and tokens: parse, call one service, serialise."""
from __future__ import annotations

from django.urls import reverse
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from playground import throttles
from playground.accounts import logins, selectors, services
from playground.accounts.authentication import acting_user, enforce_csrf
from playground.accounts.serializers import (
    CredentialsSerializer,
    MeSerializer,
    MeUpdateSerializer,
    NewTokenSerializer,
    TokenCreateSerializer,
    TokenSerializer,
    me_data,
)
from playground.api_errors import ErrorSerializer
from playground.safeload import SafeJSONParser


def errors(*codes: int) -> dict[int, type[ErrorSerializer]]:
    return {code: ErrorSerializer for code in codes}


class JsonApi(APIView):
    parser_classes = [SafeJSONParser]  # the API speaks JSON, not HTML forms


class MeApi(JsonApi):
    permission_classes = [AllowAny]

    @extend_schema(responses=MeSerializer, summary="Who am I (also sets the csrftoken cookie)")
    @method_decorator(ensure_csrf_cookie)
    def get(self, request: Request) -> Response:
        return Response(me_data(request.user))

    @extend_schema(request=MeUpdateSerializer, responses={200: MeSerializer, **errors(400, 403, 429)},
                   summary="Change my settings (the language); an anonymous browser becomes a guest to keep them")
    def patch(self, request: Request) -> Response:
        serializer = MeUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with acting_user(request) as user:
            services.set_language(user, serializer.validated_data["language"])
        return Response(me_data(user))


class _AuthApi(JsonApi):
    permission_classes = [AllowAny]

    def credentials(self, request: Request) -> tuple[str, str]:
        enforce_csrf(request)
        serializer = CredentialsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data["username"], serializer.validated_data["password"]


class SignupApi(_AuthApi):
    @extend_schema(request=CredentialsSerializer, responses={201: MeSerializer, **errors(400, 403, 429)},
                   summary="Sign up; a guest session is converted in place and keeps everything")
    def post(self, request: Request) -> Response:
        username, password = self.credentials(request)
        throttles.per_ip(request, "signup")
        user = services.sign_up(request._request, request.user, username, password)
        return Response(me_data(user), status=status.HTTP_201_CREATED, headers={"Location": reverse("me")})


class LoginApi(_AuthApi):
    @extend_schema(request=CredentialsSerializer, responses={200: MeSerializer, **errors(400, 403, 429)},
                   summary="Log in (session)")
    def post(self, request: Request) -> Response:
        username, password = self.credentials(request)
        throttles.per_ip(request, "login")
        response = Response(me_data(services.log_in(request._request, username, password)))
        logins.succeeded(request._request, response, username)
        return response


class LogoutApi(_AuthApi):
    @extend_schema(request=None, responses={204: None, **errors(403)}, summary="Log out (never throttled)")
    def post(self, request: Request) -> Response:
        enforce_csrf(request)
        services.log_out(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenListCreateApi(JsonApi):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: TokenSerializer(many=True), **errors(401)},
                   summary="My API tokens (keys are never shown again)")
    def get(self, request: Request) -> Response:
        return Response(TokenSerializer(selectors.token_list(request.user), many=True).data)

    @extend_schema(request=TokenCreateSerializer, responses={201: NewTokenSerializer, **errors(400, 401, 429)},
                   summary="Create a named API token; the key is in this response only")
    def post(self, request: Request) -> Response:
        serializer = TokenCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        throttles.per_owner(request, "token")
        token, key = services.create_token(request.user, serializer.validated_data["name"])
        token.key = key  # type: ignore[attr-defined]
        return Response(NewTokenSerializer(token).data, status=status.HTTP_201_CREATED,
                        headers={"Location": reverse("token-detail", kwargs={"token_id": token.pk})})


class TokenDeleteApi(JsonApi):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={204: None, **errors(401, 404)}, summary="Revoke an API token")
    def delete(self, request: Request, token_id: int) -> Response:
        services.revoke_token(request.user, token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
