from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.daemon_set_spec_template_spec_containers_item_resources_limits import (
        DaemonSetSpecTemplateSpecContainersItemResourcesLimits,
    )
    from ..models.daemon_set_spec_template_spec_containers_item_resources_requests import (
        DaemonSetSpecTemplateSpecContainersItemResourcesRequests,
    )


T = TypeVar("T", bound="DaemonSetSpecTemplateSpecContainersItemResources")


@_attrs_define
class DaemonSetSpecTemplateSpecContainersItemResources:
    """
    Attributes:
        requests (DaemonSetSpecTemplateSpecContainersItemResourcesRequests | Unset):
        limits (DaemonSetSpecTemplateSpecContainersItemResourcesLimits | Unset):
    """

    requests: DaemonSetSpecTemplateSpecContainersItemResourcesRequests | Unset = UNSET
    limits: DaemonSetSpecTemplateSpecContainersItemResourcesLimits | Unset = UNSET
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
        from ..models.daemon_set_spec_template_spec_containers_item_resources_limits import (
            DaemonSetSpecTemplateSpecContainersItemResourcesLimits,
        )
        from ..models.daemon_set_spec_template_spec_containers_item_resources_requests import (
            DaemonSetSpecTemplateSpecContainersItemResourcesRequests,
        )

        d = dict(src_dict)
        _requests = d.pop("requests", UNSET)
        requests: DaemonSetSpecTemplateSpecContainersItemResourcesRequests | Unset
        if isinstance(_requests, Unset):
            requests = UNSET
        else:
            requests = (
                DaemonSetSpecTemplateSpecContainersItemResourcesRequests.from_dict(
                    _requests
                )
            )

        _limits = d.pop("limits", UNSET)
        limits: DaemonSetSpecTemplateSpecContainersItemResourcesLimits | Unset
        if isinstance(_limits, Unset):
            limits = UNSET
        else:
            limits = DaemonSetSpecTemplateSpecContainersItemResourcesLimits.from_dict(
                _limits
            )

        daemon_set_spec_template_spec_containers_item_resources = cls(
            requests=requests,
            limits=limits,
        )

        daemon_set_spec_template_spec_containers_item_resources.additional_properties = d
        return daemon_set_spec_template_spec_containers_item_resources

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
