from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.pod_disruption_budget import PodDisruptionBudget


T = TypeVar("T", bound="ScenariosBySlugPoddisruptionbudgetsGetResponse200")


@_attrs_define
class ScenariosBySlugPoddisruptionbudgetsGetResponse200:
    """
    Attributes:
        version (int): the scenario's version after this
        items (list[PodDisruptionBudget]):
    """

    version: int
    items: list[PodDisruptionBudget]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pod_disruption_budget import PodDisruptionBudget

        d = dict(src_dict)
        version = d.pop("version")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = PodDisruptionBudget.from_dict(items_item_data)

            items.append(items_item)

        scenarios_by_slug_poddisruptionbudgets_get_response_200 = cls(
            version=version,
            items=items,
        )

        scenarios_by_slug_poddisruptionbudgets_get_response_200.additional_properties = d
        return scenarios_by_slug_poddisruptionbudgets_get_response_200

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
