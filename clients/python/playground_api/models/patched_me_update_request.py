from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.language_enum import LanguageEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedMeUpdateRequest")


@_attrs_define
class PatchedMeUpdateRequest:
    """The person's own settings; an anonymous browser becomes a guest to keep them.

    Attributes:
        language (LanguageEnum | Unset): * `en` - en
            * `zh-CN` - zh-CN
    """

    language: LanguageEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        language: str | Unset = UNSET
        if not isinstance(self.language, Unset):
            language = self.language.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if language is not UNSET:
            field_dict["language"] = language

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _language = d.pop("language", UNSET)
        language: LanguageEnum | Unset
        if isinstance(_language, Unset):
            language = UNSET
        else:
            language = LanguageEnum(_language)

        patched_me_update_request = cls(
            language=language,
        )

        patched_me_update_request.additional_properties = d
        return patched_me_update_request

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
