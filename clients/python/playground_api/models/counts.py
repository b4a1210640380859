from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Counts")


@_attrs_define
class Counts:
    """
    Attributes:
        nodes (int | Unset):  Default: 0.
        priorityclasses (int | Unset):  Default: 0.
        pods (int | Unset):  Default: 0.
        poddisruptionbudgets (int | Unset):  Default: 0.
        namespaces (int | Unset):  Default: 0.
    """

    nodes: int | Unset = 0
    priorityclasses: int | Unset = 0
    pods: int | Unset = 0
    poddisruptionbudgets: int | Unset = 0
    namespaces: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nodes = self.nodes

        priorityclasses = self.priorityclasses

        pods = self.pods

        poddisruptionbudgets = self.poddisruptionbudgets

        namespaces = self.namespaces

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if nodes is not UNSET:
            field_dict["nodes"] = nodes
        if priorityclasses is not UNSET:
            field_dict["priorityclasses"] = priorityclasses
        if pods is not UNSET:
            field_dict["pods"] = pods
        if poddisruptionbudgets is not UNSET:
            field_dict["poddisruptionbudgets"] = poddisruptionbudgets
        if namespaces is not UNSET:
            field_dict["namespaces"] = namespaces

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        nodes = d.pop("nodes", UNSET)

        priorityclasses = d.pop("priorityclasses", UNSET)

        pods = d.pop("pods", UNSET)

        poddisruptionbudgets = d.pop("poddisruptionbudgets", UNSET)

        namespaces = d.pop("namespaces", UNSET)

        counts = cls(
            nodes=nodes,
            priorityclasses=priorityclasses,
            pods=pods,
            poddisruptionbudgets=poddisruptionbudgets,
            namespaces=namespaces,
        )

        counts.additional_properties = d
        return counts

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
