from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stateful_set_spec_template_spec_tolerations_item_effect import (
    StatefulSetSpecTemplateSpecTolerationsItemEffect,
)
from ..models.stateful_set_spec_template_spec_tolerations_item_operator import (
    StatefulSetSpecTemplateSpecTolerationsItemOperator,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="StatefulSetSpecTemplateSpecTolerationsItem")


@_attrs_define
class StatefulSetSpecTemplateSpecTolerationsItem:
    """
    Attributes:
        key (str | Unset):
        operator (StatefulSetSpecTemplateSpecTolerationsItemOperator | Unset):
        value (str | Unset):
        effect (StatefulSetSpecTemplateSpecTolerationsItemEffect | Unset):
        toleration_seconds (int | Unset):
    """

    key: str | Unset = UNSET
    operator: StatefulSetSpecTemplateSpecTolerationsItemOperator | Unset = UNSET
    value: str | Unset = UNSET
    effect: StatefulSetSpecTemplateSpecTolerationsItemEffect | Unset = UNSET
    toleration_seconds: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        operator: str | Unset = UNSET
        if not isinstance(self.operator, Unset):
            operator = self.operator.value

        value = self.value

        effect: str | Unset = UNSET
        if not isinstance(self.effect, Unset):
            effect = self.effect.value

        toleration_seconds = self.toleration_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if key is not UNSET:
            field_dict["key"] = key
        if operator is not UNSET:
            field_dict["operator"] = operator
        if value is not UNSET:
            field_dict["value"] = value
        if effect is not UNSET:
            field_dict["effect"] = effect
        if toleration_seconds is not UNSET:
            field_dict["tolerationSeconds"] = toleration_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key", UNSET)

        _operator = d.pop("operator", UNSET)
        operator: StatefulSetSpecTemplateSpecTolerationsItemOperator | Unset
        if isinstance(_operator, Unset):
            operator = UNSET
        else:
            operator = StatefulSetSpecTemplateSpecTolerationsItemOperator(_operator)

        value = d.pop("value", UNSET)

        _effect = d.pop("effect", UNSET)
        effect: StatefulSetSpecTemplateSpecTolerationsItemEffect | Unset
        if isinstance(_effect, Unset):
            effect = UNSET
        else:
            effect = StatefulSetSpecTemplateSpecTolerationsItemEffect(_effect)

        toleration_seconds = d.pop("tolerationSeconds", UNSET)

        stateful_set_spec_template_spec_tolerations_item = cls(
            key=key,
            operator=operator,
            value=value,
            effect=effect,
            toleration_seconds=toleration_seconds,
        )

        stateful_set_spec_template_spec_tolerations_item.additional_properties = d
        return stateful_set_spec_template_spec_tolerations_item

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
