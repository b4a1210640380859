from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.visibility_enum import VisibilityEnum

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
        description (str):
        owner (Owner):
        visibility (VisibilityEnum): * `private` - Private
            * `unlisted` - Unlisted
            * `public` - Public
        forked_from (None | str): slug of the scenario this was forked from
        version (int):
        counts (Counts):
        featured (bool): Chosen by the instance's staff for the gallery.
        can_edit (bool):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    slug: str
    title: str
    description: str
    owner: Owner
    visibility: VisibilityEnum
    forked_from: None | str
    version: int
    counts: Counts
    featured: bool
    can_edit: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        title = self.title

        description = self.description

        owner = self.owner.to_dict()

        visibility = self.visibility.value

        forked_from: None | str
        forked_from = self.forked_from

        version = self.version

        counts = self.counts.to_dict()

        featured = self.featured

        can_edit = self.can_edit

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
                "title": title,
                "description": description,
                "owner": owner,
                "visibility": visibility,
                "forkedFrom": forked_from,
                "version": version,
                "counts": counts,
                "featured": featured,
                "canEdit": can_edit,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.counts import Counts
        from ..models.owner import Owner

        d = dict(src_dict)
        slug = d.pop("slug")

        title = d.pop("title")

        description = d.pop("description")

        owner = Owner.from_dict(d.pop("owner"))

        visibility = VisibilityEnum(d.pop("visibility"))

        def _parse_forked_from(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        forked_from = _parse_forked_from(d.pop("forkedFrom"))

        version = d.pop("version")

        counts = Counts.from_dict(d.pop("counts"))

        featured = d.pop("featured")

        can_edit = d.pop("canEdit")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        scenario_summary = cls(
            slug=slug,
            title=title,
            description=description,
            owner=owner,
            visibility=visibility,
            forked_from=forked_from,
            version=version,
            counts=counts,
            featured=featured,
            can_edit=can_edit,
            created_at=created_at,
            updated_at=updated_at,
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
