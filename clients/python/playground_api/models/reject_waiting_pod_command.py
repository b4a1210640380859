from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.reject_waiting_pod_command_type import RejectWaitingPodCommandType
from ..types import UNSET, Unset

T = TypeVar("T", bound="RejectWaitingPodCommand")


@_attrs_define
class RejectWaitingPodCommand:
    """
    Attributes:
        type_ (RejectWaitingPodCommandType):
        pod (str): a pod key "<namespace>/<name>" (or a name in "default")
        message (str | Unset): the rejection message (WaitingPod.Reject); left out: rejected by the reject_waiting_pod
            command
    """

    type_: RejectWaitingPodCommandType
    pod: str
    message: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        pod = self.pod

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "pod": pod,
            }
        )
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = RejectWaitingPodCommandType(d.pop("type"))

        pod = d.pop("pod")

        message = d.pop("message", UNSET)

        reject_waiting_pod_command = cls(
            type_=type_,
            pod=pod,
            message=message,
        )

        reject_waiting_pod_command.additional_properties = d
        return reject_waiting_pod_command

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
