from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stateful_set_spec_pod_management_policy import (
    StatefulSetSpecPodManagementPolicy,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.stateful_set_spec_selector import StatefulSetSpecSelector
    from ..models.stateful_set_spec_template import StatefulSetSpecTemplate


T = TypeVar("T", bound="StatefulSetSpec")


@_attrs_define
class StatefulSetSpec:
    """
    Attributes:
        selector (StatefulSetSpecSelector):
        template (StatefulSetSpecTemplate): the pod template, read like a Pod
        replicas (int | Unset):
        pod_management_policy (StatefulSetSpecPodManagementPolicy | Unset):
    """

    selector: StatefulSetSpecSelector
    template: StatefulSetSpecTemplate
    replicas: int | Unset = UNSET
    pod_management_policy: StatefulSetSpecPodManagementPolicy | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        selector = self.selector.to_dict()

        template = self.template.to_dict()

        replicas = self.replicas

        pod_management_policy: str | Unset = UNSET
        if not isinstance(self.pod_management_policy, Unset):
            pod_management_policy = self.pod_management_policy.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "selector": selector,
                "template": template,
            }
        )
        if replicas is not UNSET:
            field_dict["replicas"] = replicas
        if pod_management_policy is not UNSET:
            field_dict["podManagementPolicy"] = pod_management_policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.stateful_set_spec_selector import StatefulSetSpecSelector
        from ..models.stateful_set_spec_template import StatefulSetSpecTemplate

        d = dict(src_dict)
        selector = StatefulSetSpecSelector.from_dict(d.pop("selector"))

        template = StatefulSetSpecTemplate.from_dict(d.pop("template"))

        replicas = d.pop("replicas", UNSET)

        _pod_management_policy = d.pop("podManagementPolicy", UNSET)
        pod_management_policy: StatefulSetSpecPodManagementPolicy | Unset
        if isinstance(_pod_management_policy, Unset):
            pod_management_policy = UNSET
        else:
            pod_management_policy = StatefulSetSpecPodManagementPolicy(
                _pod_management_policy
            )

        stateful_set_spec = cls(
            selector=selector,
            template=template,
            replicas=replicas,
            pod_management_policy=pod_management_policy,
        )

        stateful_set_spec.additional_properties = d
        return stateful_set_spec

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
