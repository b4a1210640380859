from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tally_counts import TallyCounts


T = TypeVar("T", bound="Tally")


@_attrs_define
class Tally:
    """
    Attributes:
        counts (TallyCounts): choice → how many
        answered (int):
    """

    counts: TallyCounts
    answered: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        counts = self.counts.to_dict()

        answered = self.answered

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "counts": counts,
                "answered": answered,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tally_counts import TallyCounts

        d = dict(src_dict)
        counts = TallyCounts.from_dict(d.pop("counts"))

        answered = d.pop("answered")

        tally = cls(
            counts=counts,
            answered=answered,
        )

        tally.additional_properties = d
        return tally

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
