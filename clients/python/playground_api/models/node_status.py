from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.node_status_allocatable import NodeStatusAllocatable
    from ..models.node_status_capacity import NodeStatusCapacity


T = TypeVar("T", bound="NodeStatus")


@_attrs_define
class NodeStatus:
    """
    Attributes:
        allocatable (NodeStatusAllocatable | Unset):
        capacity (NodeStatusCapacity | Unset):
    """

    allocatable: NodeStatusAllocatable | Unset = UNSET
    capacity: NodeStatusCapacity | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allocatable: dict[str, Any] | Unset = UNSET
        if not isinstance(self.allocatable, Unset):
            allocatable = self.allocatable.to_dict()

        capacity: dict[str, Any] | Unset = UNSET
        if not isinstance(self.capacity, Unset):
            capacity = self.capacity.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if allocatable is not UNSET:
            field_dict["allocatable"] = allocatable
        if capacity is not UNSET:
            field_dict["capacity"] = capacity

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.node_status_allocatable import NodeStatusAllocatable
        from ..models.node_status_capacity import NodeStatusCapacity

        d = dict(src_dict)
        _allocatable = d.pop("allocatable", UNSET)
        allocatable: NodeStatusAllocatable | Unset
        if isinstance(_allocatable, Unset):
            allocatable = UNSET
        else:
            allocatable = NodeStatusAllocatable.from_dict(_allocatable)

        _capacity = d.pop("capacity", UNSET)
        capacity: NodeStatusCapacity | Unset
        if isinstance(_capacity, Unset):
            capacity = UNSET
        else:
            capacity = NodeStatusCapacity.from_dict(_capacity)

        node_status = cls(
            allocatable=allocatable,
            capacity=capacity,
        )

        node_status.additional_properties = d
        return node_status

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
