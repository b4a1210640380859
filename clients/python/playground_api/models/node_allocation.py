from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.node_allocation_allocatable import NodeAllocationAllocatable
    from ..models.node_allocation_requested import NodeAllocationRequested


T = TypeVar("T", bound="NodeAllocation")


@_attrs_define
class NodeAllocation:
    """
    Attributes:
        name (str):
        allocatable (NodeAllocationAllocatable): cpu in millicores, memory in bytes
        requested (NodeAllocationRequested): the sum of its pods' requests, and how many pods
        pods (list[str]):
        unschedulable (bool):
    """

    name: str
    allocatable: NodeAllocationAllocatable
    requested: NodeAllocationRequested
    pods: list[str]
    unschedulable: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        allocatable = self.allocatable.to_dict()

        requested = self.requested.to_dict()

        pods = self.pods

        unschedulable = self.unschedulable

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "allocatable": allocatable,
                "requested": requested,
                "pods": pods,
                "unschedulable": unschedulable,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.node_allocation_allocatable import NodeAllocationAllocatable
        from ..models.node_allocation_requested import NodeAllocationRequested

        d = dict(src_dict)
        name = d.pop("name")

        allocatable = NodeAllocationAllocatable.from_dict(d.pop("allocatable"))

        requested = NodeAllocationRequested.from_dict(d.pop("requested"))

        pods = cast(list[str], d.pop("pods"))

        unschedulable = d.pop("unschedulable")

        node_allocation = cls(
            name=name,
            allocatable=allocatable,
            requested=requested,
            pods=pods,
            unschedulable=unschedulable,
        )

        node_allocation.additional_properties = d
        return node_allocation

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
