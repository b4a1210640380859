from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.replica_set_spec_selector import ReplicaSetSpecSelector
    from ..models.replica_set_spec_template import ReplicaSetSpecTemplate


T = TypeVar("T", bound="ReplicaSetSpec")


@_attrs_define
class ReplicaSetSpec:
    """
    Attributes:
        selector (ReplicaSetSpecSelector):
        template (ReplicaSetSpecTemplate): the pod template, read like a Pod
        replicas (int | Unset):
    """

    selector: ReplicaSetSpecSelector
    template: ReplicaSetSpecTemplate
    replicas: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        selector = self.selector.to_dict()

        template = self.template.to_dict()

        replicas = self.replicas

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

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.replica_set_spec_selector import ReplicaSetSpecSelector
        from ..models.replica_set_spec_template import ReplicaSetSpecTemplate

        d = dict(src_dict)
        selector = ReplicaSetSpecSelector.from_dict(d.pop("selector"))

        template = ReplicaSetSpecTemplate.from_dict(d.pop("template"))

        replicas = d.pop("replicas", UNSET)

        replica_set_spec = cls(
            selector=selector,
            template=template,
            replicas=replicas,
        )

        replica_set_spec.additional_properties = d
        return replica_set_spec

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
