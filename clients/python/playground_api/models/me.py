from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.language_enum import LanguageEnum

T = TypeVar("T", bound="Me")


@_attrs_define
class Me:
    """
    Attributes:
        authenticated (bool):
        id (int | None):
        username (None | str):
        is_guest (bool):
        language (LanguageEnum | None): the language chosen for the browser app and the lessons; null: not chosen (the
            browser's language applies)

            * `en` - en
            * `zh-CN` - zh-CN
    """

    authenticated: bool
    id: int | None
    username: None | str
    is_guest: bool
    language: LanguageEnum | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        authenticated = self.authenticated

        id: int | None
        id = self.id

        username: None | str
        username = self.username

        is_guest = self.is_guest

        language: None | str
        if isinstance(self.language, LanguageEnum):
            language = self.language.value
        else:
            language = self.language

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "authenticated": authenticated,
                "id": id,
                "username": username,
                "isGuest": is_guest,
                "language": language,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        authenticated = d.pop("authenticated")

        def _parse_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        id = _parse_id(d.pop("id"))

        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))

        is_guest = d.pop("isGuest")

        def _parse_language(data: object) -> LanguageEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                language_type_0 = LanguageEnum(data)

                return language_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LanguageEnum | None, data)

        language = _parse_language(d.pop("language"))

        me = cls(
            authenticated=authenticated,
            id=id,
            username=username,
            is_guest=is_guest,
            language=language,
        )

        me.additional_properties = d
        return me

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
