from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.daemon_set import DaemonSet


T = TypeVar("T", bound="ScenariosBySlugDaemonsetsBulkPostResponse201")


@_attrs_define
class ScenariosBySlugDaemonsetsBulkPostResponse201:
    """
    Attributes:
        version (int): the scenario's version after this
        objects (list[DaemonSet]):
    """

    version: int
    objects: list[DaemonSet]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        objects = []
        for objects_item_data in self.objects:
            objects_item = objects_item_data.to_dict()
            objects.append(objects_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "objects": objects,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.daemon_set import DaemonSet

        d = dict(src_dict)
        version = d.pop("version")

        objects = []
        _objects = d.pop("objects")
        for objects_item_data in _objects:
            objects_item = DaemonSet.from_dict(objects_item_data)

            objects.append(objects_item)

        scenarios_by_slug_daemonsets_bulk_post_response_201 = cls(
            version=version,
            objects=objects,
        )

        scenarios_by_slug_daemonsets_bulk_post_response_201.additional_properties = d
        return scenarios_by_slug_daemonsets_bulk_post_response_201

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
