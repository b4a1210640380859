from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from rest_framework import serializers

from playground import languages
from playground.accounts.models import ApiToken
from playground.accounts.services import is_guest


class MeSerializer(serializers.Serializer):  # type: ignore[type-arg]
    authenticated = serializers.BooleanField()
    id = serializers.IntegerField(allow_null=True)
    username = serializers.CharField(allow_null=True)
    isGuest = serializers.BooleanField()
    language = serializers.ChoiceField(choices=list(languages.LANGUAGES), allow_null=True,
                                       help_text="the language chosen for the browser app and the lessons; "
                                       "null: not chosen (the browser's language applies)")


def me_data(user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    if not user.is_authenticated:
        return {"authenticated": False, "id": None, "username": None, "isGuest": False, "language": None}
    return {"authenticated": True, "id": user.pk, "username": user.get_username(), "isGuest": is_guest(user),
            "language": languages.chosen_by(user)}


class MeUpdateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The person's own settings; an anonymous browser becomes a guest to keep them."""

    language = serializers.ChoiceField(choices=list(languages.LANGUAGES),
                                       help_text="'en' (English) or 'zh-CN' (简体中文)")

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - {"language"})
            if unknown:
                raise serializers.ValidationError({unknown[0]: ["unknown field (allowed: language)"]})
            if "language" in data and languages.supported(data["language"]) is None:
                raise serializers.ValidationError({"language": [languages.invalid_message(data["language"])]})
        return super().to_internal_value(data)


class CredentialsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=150,
                                      error_messages={"invalid": "may contain only letters, digits and @.+-_"})
    password = serializers.CharField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


class TokenCreateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField(max_length=100)

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict) and "name" in data and not isinstance(data["name"], str):
            raise serializers.ValidationError({"name": ["Not a valid string."]})
        return super().to_internal_value(data)


class TokenSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    createdAt = serializers.DateTimeField(source="created_at", read_only=True)
    lastUsedAt = serializers.DateTimeField(source="last_used_at", read_only=True, allow_null=True)

    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "createdAt", "lastUsedAt"]


class NewTokenSerializer(TokenSerializer):
    key = serializers.CharField(help_text="the token itself; shown only in this response")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "key"]
