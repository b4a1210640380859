from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.question_view import QuestionView
    from ..models.roster_entry import RosterEntry
    from ..models.workshop_view import WorkshopView


T = TypeVar("T", bound="Export")


@_attrs_define
class Export:
    """
    Attributes:
        workshop (WorkshopView):
        participants (list[RosterEntry]):
        questions (list[QuestionView]):
    """

    workshop: WorkshopView
    participants: list[RosterEntry]
    questions: list[QuestionView]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        workshop = self.workshop.to_dict()

        participants = []
        for participants_item_data in self.participants:
            participants_item = participants_item_data.to_dict()
            participants.append(participants_item)

        questions = []
        for questions_item_data in self.questions:
            questions_item = questions_item_data.to_dict()
            questions.append(questions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "workshop": workshop,
                "participants": participants,
                "questions": questions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.question_view import QuestionView
        from ..models.roster_entry import RosterEntry
        from ..models.workshop_view import WorkshopView

        d = dict(src_dict)
        workshop = WorkshopView.from_dict(d.pop("workshop"))

        participants = []
        _participants = d.pop("participants")
        for participants_item_data in _participants:
            participants_item = RosterEntry.from_dict(participants_item_data)

            participants.append(participants_item)

        questions = []
        _questions = d.pop("questions")
        for questions_item_data in _questions:
            questions_item = QuestionView.from_dict(questions_item_data)

            questions.append(questions_item)

        export = cls(
            workshop=workshop,
            participants=participants,
            questions=questions,
        )

        export.additional_properties = d
        return export

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
