from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from rest_framework import serializers

from playground.accounts.models import ApiToken
from playground.accounts.services import is_guest


class MeSerializer(serializers.Serializer):  # type: ignore[type-arg]
    authenticated = serializers.BooleanField()
    id = serializers.IntegerField(allow_null=True)
    username = serializers.CharField(allow_null=True)
    is_guest = serializers.BooleanField()


def me_data(user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    if not user.is_authenticated:
        return {"authenticated": False, "id": None, "username": None, "is_guest": False}
    return {"authenticated": True, "id": user.pk, "username": user.get_username(), "is_guest": is_guest(user)}


class CredentialsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=150,
                                      error_messages={"invalid": "may contain only letters, digits and @.+-_"})
    password = serializers.CharField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


class TokenCreateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField(max_length=100)


class TokenSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created_at", "last_used_at"]


class NewTokenSerializer(TokenSerializer):
    key = serializers.CharField(help_text="the token itself; shown only in this response")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "key"]
