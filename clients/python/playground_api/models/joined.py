from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.participant_view import ParticipantView
    from ..models.workshop_view import WorkshopView


T = TypeVar("T", bound="Joined")


@_attrs_define
class Joined:
    """
    Attributes:
        workshop (WorkshopView):
        me (ParticipantView):
    """

    workshop: WorkshopView
    me: ParticipantView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        workshop = self.workshop.to_dict()

        me = self.me.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "workshop": workshop,
                "me": me,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.participant_view import ParticipantView
        from ..models.workshop_view import WorkshopView

        d = dict(src_dict)
        workshop = WorkshopView.from_dict(d.pop("workshop"))

        me = ParticipantView.from_dict(d.pop("me"))

        joined = cls(
            workshop=workshop,
            me=me,
        )

        joined.additional_properties = d
        return joined

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
