from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delete_priorityclass_command_type import DeletePriorityclassCommandType

T = TypeVar("T", bound="DeletePriorityclassCommand")


@_attrs_define
class DeletePriorityclassCommand:
    """
    Attributes:
        type_ (DeletePriorityclassCommandType):
        name (str): the workload's or the PriorityClass's name
    """

    type_: DeletePriorityclassCommandType
    name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = DeletePriorityclassCommandType(d.pop("type"))

        name = d.pop("name")

        delete_priorityclass_command = cls(
            type_=type_,
            name=name,
        )

        delete_priorityclass_command.additional_properties = d
        return delete_priorityclass_command

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
