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
        template (ReplicaSetSpecTemplate): the pod template, read like a Pod
        selector (ReplicaSetSpecSelector | Unset):
        replicas (int | Unset):
    """

    template: ReplicaSetSpecTemplate
    selector: ReplicaSetSpecSelector | Unset = UNSET
    replicas: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        template = self.template.to_dict()

        selector: dict[str, Any] | Unset = UNSET
        if not isinstance(self.selector, Unset):
            selector = self.selector.to_dict()

        replicas = self.replicas

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "template": template,
            }
        )
        if selector is not UNSET:
            field_dict["selector"] = selector
        if replicas is not UNSET:
            field_dict["replicas"] = replicas

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.replica_set_spec_selector import ReplicaSetSpecSelector
        from ..models.replica_set_spec_template import ReplicaSetSpecTemplate

        d = dict(src_dict)
        template = ReplicaSetSpecTemplate.from_dict(d.pop("template"))

        _selector = d.pop("selector", UNSET)
        selector: ReplicaSetSpecSelector | Unset
        if isinstance(_selector, Unset):
            selector = UNSET
        else:
            selector = ReplicaSetSpecSelector.from_dict(_selector)

        replicas = d.pop("replicas", UNSET)

        replica_set_spec = cls(
            template=template,
            selector=selector,
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
