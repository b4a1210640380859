from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.priority_class_api_version import PriorityClassApiVersion
from ..models.priority_class_kind import PriorityClassKind
from ..models.priority_class_preemption_policy import PriorityClassPreemptionPolicy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.priority_class_metadata import PriorityClassMetadata


T = TypeVar("T", bound="PriorityClass")


@_attrs_define
class PriorityClass:
    """a PriorityClass manifest; fields the model does not read are kept and listed in `ignored`

    Attributes:
        metadata (PriorityClassMetadata):
        value (int): higher schedules first (required, as in Kubernetes)
        api_version (PriorityClassApiVersion | Unset):
        kind (PriorityClassKind | Unset):
        global_default (bool | Unset):
        description (str | Unset):
        preemption_policy (PriorityClassPreemptionPolicy | Unset):
    """

    metadata: PriorityClassMetadata
    value: int
    api_version: PriorityClassApiVersion | Unset = UNSET
    kind: PriorityClassKind | Unset = UNSET
    global_default: bool | Unset = UNSET
    description: str | Unset = UNSET
    preemption_policy: PriorityClassPreemptionPolicy | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        metadata = self.metadata.to_dict()

        value = self.value

        api_version: str | Unset = UNSET
        if not isinstance(self.api_version, Unset):
            api_version = self.api_version.value

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        global_default = self.global_default

        description = self.description

        preemption_policy: str | Unset = UNSET
        if not isinstance(self.preemption_policy, Unset):
            preemption_policy = self.preemption_policy.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "metadata": metadata,
                "value": value,
            }
        )
        if api_version is not UNSET:
            field_dict["apiVersion"] = api_version
        if kind is not UNSET:
            field_dict["kind"] = kind
        if global_default is not UNSET:
            field_dict["globalDefault"] = global_default
        if description is not UNSET:
            field_dict["description"] = description
        if preemption_policy is not UNSET:
            field_dict["preemptionPolicy"] = preemption_policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.priority_class_metadata import PriorityClassMetadata

        d = dict(src_dict)
        metadata = PriorityClassMetadata.from_dict(d.pop("metadata"))

        value = d.pop("value")

        _api_version = d.pop("apiVersion", UNSET)
        api_version: PriorityClassApiVersion | Unset
        if isinstance(_api_version, Unset):
            api_version = UNSET
        else:
            api_version = PriorityClassApiVersion(_api_version)

        _kind = d.pop("kind", UNSET)
        kind: PriorityClassKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = PriorityClassKind(_kind)

        global_default = d.pop("globalDefault", UNSET)

        description = d.pop("description", UNSET)

        _preemption_policy = d.pop("preemptionPolicy", UNSET)
        preemption_policy: PriorityClassPreemptionPolicy | Unset
        if isinstance(_preemption_policy, Unset):
            preemption_policy = UNSET
        else:
            preemption_policy = PriorityClassPreemptionPolicy(_preemption_policy)

        priority_class = cls(
            metadata=metadata,
            value=value,
            api_version=api_version,
            kind=kind,
            global_default=global_default,
            description=description,
            preemption_policy=preemption_policy,
        )

        priority_class.additional_properties = d
        return priority_class

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
