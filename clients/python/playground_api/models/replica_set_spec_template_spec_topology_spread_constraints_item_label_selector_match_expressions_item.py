from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.replica_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item_operator import (
    ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator,
)
from ..types import UNSET, Unset

T = TypeVar(
    "T",
    bound="ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem",
)


@_attrs_define
class ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem:
    """
    Attributes:
        key (str):
        operator (ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator):
        values (list[str] | Unset):
    """

    key: str
    operator: ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator
    values: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        operator = self.operator.value

        values: list[str] | Unset = UNSET
        if not isinstance(self.values, Unset):
            values = self.values

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "operator": operator,
            }
        )
        if values is not UNSET:
            field_dict["values"] = values

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        operator = ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator(
            d.pop("operator")
        )

        values = cast(list[str], d.pop("values", UNSET))

        replica_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item = cls(
            key=key,
            operator=operator,
            values=values,
        )

        replica_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item.additional_properties = d
        return replica_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item

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
