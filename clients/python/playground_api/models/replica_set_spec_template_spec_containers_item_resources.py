from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.replica_set_spec_template_spec_containers_item_resources_limits import (
        ReplicaSetSpecTemplateSpecContainersItemResourcesLimits,
    )
    from ..models.replica_set_spec_template_spec_containers_item_resources_requests import (
        ReplicaSetSpecTemplateSpecContainersItemResourcesRequests,
    )


T = TypeVar("T", bound="ReplicaSetSpecTemplateSpecContainersItemResources")


@_attrs_define
class ReplicaSetSpecTemplateSpecContainersItemResources:
    """
    Attributes:
        requests (ReplicaSetSpecTemplateSpecContainersItemResourcesRequests | Unset):
        limits (ReplicaSetSpecTemplateSpecContainersItemResourcesLimits | Unset):
    """

    requests: ReplicaSetSpecTemplateSpecContainersItemResourcesRequests | Unset = UNSET
    limits: ReplicaSetSpecTemplateSpecContainersItemResourcesLimits | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        requests: dict[str, Any] | Unset = UNSET
        if not isinstance(self.requests, Unset):
            requests = self.requests.to_dict()

        limits: dict[str, Any] | Unset = UNSET
        if not isinstance(self.limits, Unset):
            limits = self.limits.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if requests is not UNSET:
            field_dict["requests"] = requests
        if limits is not UNSET:
            field_dict["limits"] = limits

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.replica_set_spec_template_spec_containers_item_resources_limits import (
            ReplicaSetSpecTemplateSpecContainersItemResourcesLimits,
        )
        from ..models.replica_set_spec_template_spec_containers_item_resources_requests import (
            ReplicaSetSpecTemplateSpecContainersItemResourcesRequests,
        )

        d = dict(src_dict)
        _requests = d.pop("requests", UNSET)
        requests: ReplicaSetSpecTemplateSpecContainersItemResourcesRequests | Unset
        if isinstance(_requests, Unset):
            requests = UNSET
        else:
            requests = (
                ReplicaSetSpecTemplateSpecContainersItemResourcesRequests.from_dict(
                    _requests
                )
            )

        _limits = d.pop("limits", UNSET)
        limits: ReplicaSetSpecTemplateSpecContainersItemResourcesLimits | Unset
        if isinstance(_limits, Unset):
            limits = UNSET
        else:
            limits = ReplicaSetSpecTemplateSpecContainersItemResourcesLimits.from_dict(
                _limits
            )

        replica_set_spec_template_spec_containers_item_resources = cls(
            requests=requests,
            limits=limits,
        )

        replica_set_spec_template_spec_containers_item_resources.additional_properties = d
        return replica_set_spec_template_spec_containers_item_resources

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
