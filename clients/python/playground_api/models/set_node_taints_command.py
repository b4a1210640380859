from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.set_node_taints_command_type import SetNodeTaintsCommandType

if TYPE_CHECKING:
    from ..models.set_node_taints_command_taints_item import (
        SetNodeTaintsCommandTaintsItem,
    )


T = TypeVar("T", bound="SetNodeTaintsCommand")


@_attrs_define
class SetNodeTaintsCommand:
    """
    Attributes:
        type_ (SetNodeTaintsCommandType):
        node (str): a node name
        taints (list[SetNodeTaintsCommandTaintsItem]): the node's new taints (all of them)
    """

    type_: SetNodeTaintsCommandType
    node: str
    taints: list[SetNodeTaintsCommandTaintsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        node = self.node

        taints = []
        for taints_item_data in self.taints:
            taints_item = taints_item_data.to_dict()
            taints.append(taints_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "node": node,
                "taints": taints,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.set_node_taints_command_taints_item import (
            SetNodeTaintsCommandTaintsItem,
        )

        d = dict(src_dict)
        type_ = SetNodeTaintsCommandType(d.pop("type"))

        node = d.pop("node")

        taints = []
        _taints = d.pop("taints")
        for taints_item_data in _taints:
            taints_item = SetNodeTaintsCommandTaintsItem.from_dict(taints_item_data)

            taints.append(taints_item)

        set_node_taints_command = cls(
            type_=type_,
            node=node,
            taints=taints,
        )

        set_node_taints_command.additional_properties = d
        return set_node_taints_command

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
