from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.node_spec_taints_item import NodeSpecTaintsItem


T = TypeVar("T", bound="NodeSpec")


@_attrs_define
class NodeSpec:
    """
    Attributes:
        unschedulable (bool | Unset):
        taints (list[NodeSpecTaintsItem] | Unset):
    """

    unschedulable: bool | Unset = UNSET
    taints: list[NodeSpecTaintsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        unschedulable = self.unschedulable

        taints: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.taints, Unset):
            taints = []
            for taints_item_data in self.taints:
                taints_item = taints_item_data.to_dict()
                taints.append(taints_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if unschedulable is not UNSET:
            field_dict["unschedulable"] = unschedulable
        if taints is not UNSET:
            field_dict["taints"] = taints

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.node_spec_taints_item import NodeSpecTaintsItem

        d = dict(src_dict)
        unschedulable = d.pop("unschedulable", UNSET)

        _taints = d.pop("taints", UNSET)
        taints: list[NodeSpecTaintsItem] | Unset = UNSET
        if _taints is not UNSET:
            taints = []
            for taints_item_data in _taints:
                taints_item = NodeSpecTaintsItem.from_dict(taints_item_data)

                taints.append(taints_item)

        node_spec = cls(
            unschedulable=unschedulable,
            taints=taints,
        )

        node_spec.additional_properties = d
        return node_spec

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
