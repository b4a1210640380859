from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.compare_pair_request import ComparePairRequest


T = TypeVar("T", bound="WorkshopPushRequest")


@_attrs_define
class WorkshopPushRequest:
    """
    Attributes:
        lesson (str | Unset): a lesson slug, or…
        scenario (str | Unset): …a scenario slug
        title (str | Unset):
        compare (ComparePairRequest | Unset):
    """

    lesson: str | Unset = UNSET
    scenario: str | Unset = UNSET
    title: str | Unset = UNSET
    compare: ComparePairRequest | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lesson = self.lesson

        scenario = self.scenario

        title = self.title

        compare: dict[str, Any] | Unset = UNSET
        if not isinstance(self.compare, Unset):
            compare = self.compare.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if lesson is not UNSET:
            field_dict["lesson"] = lesson
        if scenario is not UNSET:
            field_dict["scenario"] = scenario
        if title is not UNSET:
            field_dict["title"] = title
        if compare is not UNSET:
            field_dict["compare"] = compare

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.compare_pair_request import ComparePairRequest

        d = dict(src_dict)
        lesson = d.pop("lesson", UNSET)

        scenario = d.pop("scenario", UNSET)

        title = d.pop("title", UNSET)

        _compare = d.pop("compare", UNSET)
        compare: ComparePairRequest | Unset
        if isinstance(_compare, Unset):
            compare = UNSET
        else:
            compare = ComparePairRequest.from_dict(_compare)

        workshop_push_request = cls(
            lesson=lesson,
            scenario=scenario,
            title=title,
            compare=compare,
        )

        workshop_push_request.additional_properties = d
        return workshop_push_request

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
