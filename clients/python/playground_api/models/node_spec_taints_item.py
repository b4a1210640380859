from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.node_spec_taints_item_effect import NodeSpecTaintsItemEffect
from ..types import UNSET, Unset

T = TypeVar("T", bound="NodeSpecTaintsItem")


@_attrs_define
class NodeSpecTaintsItem:
    """
    Attributes:
        key (str):
        effect (NodeSpecTaintsItemEffect):
        value (str | Unset):
    """

    key: str
    effect: NodeSpecTaintsItemEffect
    value: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        effect = self.effect.value

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "effect": effect,
            }
        )
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        effect = NodeSpecTaintsItemEffect(d.pop("effect"))

        value = d.pop("value", UNSET)

        node_spec_taints_item = cls(
            key=key,
            effect=effect,
            value=value,
        )

        node_spec_taints_item.additional_properties = d
        return node_spec_taints_item

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
