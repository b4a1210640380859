from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.visibility_enum import VisibilityEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.counts import Counts
    from ..models.owner import Owner


T = TypeVar("T", bound="ScenarioSummary")


@_attrs_define
class ScenarioSummary:
    """
    Attributes:
        slug (str):
        title (str):
        owner (Owner):
        forked_from (None | str): slug of the scenario this was forked from
        counts (Counts):
        featured (bool): Chosen by the instance's staff for the gallery.
        can_edit (bool):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        description (str | Unset):
        visibility (VisibilityEnum | Unset): * `private` - Private
            * `unlisted` - Unlisted
            * `public` - Public
        version (int | Unset):
    """

    slug: str
    title: str
    owner: Owner
    forked_from: None | str
    counts: Counts
    featured: bool
    can_edit: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    description: str | Unset = UNSET
    visibility: VisibilityEnum | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        title = self.title

        owner = self.owner.to_dict()

        forked_from: None | str
        forked_from = self.forked_from

        counts = self.counts.to_dict()

        featured = self.featured

        can_edit = self.can_edit

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        description = self.description

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
                "title": title,
                "owner": owner,
                "forkedFrom": forked_from,
                "counts": counts,
                "featured": featured,
                "canEdit": can_edit,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.counts import Counts
        from ..models.owner import Owner

        d = dict(src_dict)
        slug = d.pop("slug")

        title = d.pop("title")

        owner = Owner.from_dict(d.pop("owner"))

        def _parse_forked_from(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        forked_from = _parse_forked_from(d.pop("forkedFrom"))

        counts = Counts.from_dict(d.pop("counts"))

        featured = d.pop("featured")

        can_edit = d.pop("canEdit")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        description = d.pop("description", UNSET)

        _visibility = d.pop("visibility", UNSET)
        visibility: VisibilityEnum | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = VisibilityEnum(_visibility)

        version = d.pop("version", UNSET)

        scenario_summary = cls(
            slug=slug,
            title=title,
            owner=owner,
            forked_from=forked_from,
            counts=counts,
            featured=featured,
            can_edit=can_edit,
            created_at=created_at,
            updated_at=updated_at,
            description=description,
            visibility=visibility,
            version=version,
        )

        scenario_summary.additional_properties = d
        return scenario_summary

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
