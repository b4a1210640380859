from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.visibility_enum import VisibilityEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.import_request_settings import ImportRequestSettings


T = TypeVar("T", bound="ImportRequest")


@_attrs_define
class ImportRequest:
    """
    Attributes:
        yaml (str): multi-document YAML
        title (str | Unset):  Default: 'Imported scenario'.
        description (str | Unset):  Default: ''.
        visibility (VisibilityEnum | Unset): * `private` - Private
            * `unlisted` - Unlisted
            * `public` - Public Default: VisibilityEnum.PRIVATE.
        settings (ImportRequestSettings | Unset):
    """

    yaml: str
    title: str | Unset = "Imported scenario"
    description: str | Unset = ""
    visibility: VisibilityEnum | Unset = VisibilityEnum.PRIVATE
    settings: ImportRequestSettings | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        yaml = self.yaml

        title = self.title

        description = self.description

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "yaml": yaml,
            }
        )
        if title is not UNSET:
            field_dict["title"] = title
        if description is not UNSET:
            field_dict["description"] = description
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.import_request_settings import ImportRequestSettings

        d = dict(src_dict)
        yaml = d.pop("yaml")

        title = d.pop("title", UNSET)

        description = d.pop("description", UNSET)

        _visibility = d.pop("visibility", UNSET)
        visibility: VisibilityEnum | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = VisibilityEnum(_visibility)

        _settings = d.pop("settings", UNSET)
        settings: ImportRequestSettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = ImportRequestSettings.from_dict(_settings)

        import_request = cls(
            yaml=yaml,
            title=title,
            description=description,
            visibility=visibility,
            settings=settings,
        )

        import_request.additional_properties = d
        return import_request

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
