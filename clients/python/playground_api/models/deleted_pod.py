from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.reason_enum import ReasonEnum

T = TypeVar("T", bound="DeletedPod")


@_attrs_define
class DeletedPod:
    """
    Attributes:
        pod (str):
        node (None | str):
        reason (ReasonEnum): * `Preempted` - Preempted
            * `Deleted` - Deleted
        t (float):
    """

    pod: str
    node: None | str
    reason: ReasonEnum
    t: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pod = self.pod

        node: None | str
        node = self.node

        reason = self.reason.value

        t = self.t

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pod": pod,
                "node": node,
                "reason": reason,
                "t": t,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pod = d.pop("pod")

        def _parse_node(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        node = _parse_node(d.pop("node"))

        reason = ReasonEnum(d.pop("reason"))

        t = d.pop("t")

        deleted_pod = cls(
            pod=pod,
            node=node,
            reason=reason,
            t=t,
        )

        deleted_pod.additional_properties = d
        return deleted_pod

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
