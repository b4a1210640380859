from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pod_disruption_budget_spec_selector import (
        PodDisruptionBudgetSpecSelector,
    )


T = TypeVar("T", bound="PodDisruptionBudgetSpec")


@_attrs_define
class PodDisruptionBudgetSpec:
    """
    Attributes:
        min_available (int | str | Unset):
        max_unavailable (int | str | Unset):
        selector (PodDisruptionBudgetSpecSelector | Unset):
    """

    min_available: int | str | Unset = UNSET
    max_unavailable: int | str | Unset = UNSET
    selector: PodDisruptionBudgetSpecSelector | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        min_available: int | str | Unset
        if isinstance(self.min_available, Unset):
            min_available = UNSET
        else:
            min_available = self.min_available

        max_unavailable: int | str | Unset
        if isinstance(self.max_unavailable, Unset):
            max_unavailable = UNSET
        else:
            max_unavailable = self.max_unavailable

        selector: dict[str, Any] | Unset = UNSET
        if not isinstance(self.selector, Unset):
            selector = self.selector.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if min_available is not UNSET:
            field_dict["minAvailable"] = min_available
        if max_unavailable is not UNSET:
            field_dict["maxUnavailable"] = max_unavailable
        if selector is not UNSET:
            field_dict["selector"] = selector

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pod_disruption_budget_spec_selector import (
            PodDisruptionBudgetSpecSelector,
        )

        d = dict(src_dict)

        def _parse_min_available(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        min_available = _parse_min_available(d.pop("minAvailable", UNSET))

        def _parse_max_unavailable(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        max_unavailable = _parse_max_unavailable(d.pop("maxUnavailable", UNSET))

        _selector = d.pop("selector", UNSET)
        selector: PodDisruptionBudgetSpecSelector | Unset
        if isinstance(_selector, Unset):
            selector = UNSET
        else:
            selector = PodDisruptionBudgetSpecSelector.from_dict(_selector)

        pod_disruption_budget_spec = cls(
            min_available=min_available,
            max_unavailable=max_unavailable,
            selector=selector,
        )

        pod_disruption_budget_spec.additional_properties = d
        return pod_disruption_budget_spec

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
