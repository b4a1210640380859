from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from playground.accounts import apis

urlpatterns: list[URLPattern | URLResolver] = [
    path("me", apis.MeApi.as_view(), name="me"),
    path("auth/signup/", apis.SignupApi.as_view(), name="signup"),
    path("auth/login/", apis.LoginApi.as_view(), name="login"),
    path("auth/logout/", apis.LogoutApi.as_view(), name="logout"),
    path("tokens/", apis.TokenListCreateApi.as_view(), name="token-list"),
    path("tokens/<int:token_id>/", apis.TokenDeleteApi.as_view(), name="token-detail"),
]
