from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.evict_pod_command_type import EvictPodCommandType
from ..types import UNSET, Unset

T = TypeVar("T", bound="EvictPodCommand")


@_attrs_define
class EvictPodCommand:
    """
    Attributes:
        type_ (EvictPodCommandType):
        pod (str): a pod key "<namespace>/<name>" (or a name in "default")
        grace_period_seconds (int | None | Unset): DeleteOptions.gracePeriodSeconds; left out: the pod's own
    """

    type_: EvictPodCommandType
    pod: str
    grace_period_seconds: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        pod = self.pod

        grace_period_seconds: int | None | Unset
        if isinstance(self.grace_period_seconds, Unset):
            grace_period_seconds = UNSET
        else:
            grace_period_seconds = self.grace_period_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "pod": pod,
            }
        )
        if grace_period_seconds is not UNSET:
            field_dict["gracePeriodSeconds"] = grace_period_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = EvictPodCommandType(d.pop("type"))

        pod = d.pop("pod")

        def _parse_grace_period_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        grace_period_seconds = _parse_grace_period_seconds(
            d.pop("gracePeriodSeconds", UNSET)
        )

        evict_pod_command = cls(
            type_=type_,
            pod=pod,
            grace_period_seconds=grace_period_seconds,
        )

        evict_pod_command.additional_properties = d
        return evict_pod_command

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
