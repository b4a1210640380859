from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deployment_spec_template_spec_topology_spread_constraints_item_when_unsatisfiable import (
    DeploymentSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deployment_spec_template_spec_topology_spread_constraints_item_label_selector import (
        DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector,
    )


T = TypeVar("T", bound="DeploymentSpecTemplateSpecTopologySpreadConstraintsItem")


@_attrs_define
class DeploymentSpecTemplateSpecTopologySpreadConstraintsItem:
    """
    Attributes:
        max_skew (int | Unset):
        topology_key (str | Unset):
        when_unsatisfiable (DeploymentSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable | Unset):
        label_selector (DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector | Unset):
    """

    max_skew: int | Unset = UNSET
    topology_key: str | Unset = UNSET
    when_unsatisfiable: (
        DeploymentSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable | Unset
    ) = UNSET
    label_selector: (
        DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector | Unset
    ) = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        max_skew = self.max_skew

        topology_key = self.topology_key

        when_unsatisfiable: str | Unset = UNSET
        if not isinstance(self.when_unsatisfiable, Unset):
            when_unsatisfiable = self.when_unsatisfiable.value

        label_selector: dict[str, Any] | Unset = UNSET
        if not isinstance(self.label_selector, Unset):
            label_selector = self.label_selector.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if max_skew is not UNSET:
            field_dict["maxSkew"] = max_skew
        if topology_key is not UNSET:
            field_dict["topologyKey"] = topology_key
        if when_unsatisfiable is not UNSET:
            field_dict["whenUnsatisfiable"] = when_unsatisfiable
        if label_selector is not UNSET:
            field_dict["labelSelector"] = label_selector

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deployment_spec_template_spec_topology_spread_constraints_item_label_selector import (
            DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector,
        )

        d = dict(src_dict)
        max_skew = d.pop("maxSkew", UNSET)

        topology_key = d.pop("topologyKey", UNSET)

        _when_unsatisfiable = d.pop("whenUnsatisfiable", UNSET)
        when_unsatisfiable: (
            DeploymentSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable
            | Unset
        )
        if isinstance(_when_unsatisfiable, Unset):
            when_unsatisfiable = UNSET
        else:
            when_unsatisfiable = DeploymentSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable(
                _when_unsatisfiable
            )

        _label_selector = d.pop("labelSelector", UNSET)
        label_selector: (
            DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector | Unset
        )
        if isinstance(_label_selector, Unset):
            label_selector = UNSET
        else:
            label_selector = DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector.from_dict(
                _label_selector
            )

        deployment_spec_template_spec_topology_spread_constraints_item = cls(
            max_skew=max_skew,
            topology_key=topology_key,
            when_unsatisfiable=when_unsatisfiable,
            label_selector=label_selector,
        )

        deployment_spec_template_spec_topology_spread_constraints_item.additional_properties = d
        return deployment_spec_template_spec_topology_spread_constraints_item

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
