from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.set_node_labels_command_type import SetNodeLabelsCommandType

if TYPE_CHECKING:
    from ..models.set_node_labels_command_labels import SetNodeLabelsCommandLabels


T = TypeVar("T", bound="SetNodeLabelsCommand")


@_attrs_define
class SetNodeLabelsCommand:
    """
    Attributes:
        type_ (SetNodeLabelsCommandType):
        node (str): a node name
        labels (SetNodeLabelsCommandLabels): the node's, pod's or namespace's new labels (all of them)
    """

    type_: SetNodeLabelsCommandType
    node: str
    labels: SetNodeLabelsCommandLabels
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        node = self.node

        labels = self.labels.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "node": node,
                "labels": labels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.set_node_labels_command_labels import SetNodeLabelsCommandLabels

        d = dict(src_dict)
        type_ = SetNodeLabelsCommandType(d.pop("type"))

        node = d.pop("node")

        labels = SetNodeLabelsCommandLabels.from_dict(d.pop("labels"))

        set_node_labels_command = cls(
            type_=type_,
            node=node,
            labels=labels,
        )

        set_node_labels_command.additional_properties = d
        return set_node_labels_command

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
