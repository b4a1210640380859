from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.kind_enum import KindEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.question_view_translations import QuestionViewTranslations
    from ..models.tally import Tally


T = TypeVar("T", bound="QuestionView")


@_attrs_define
class QuestionView:
    """
    Attributes:
        key (str):
        push (int): the workshop's push it was asked in
        lesson (None | str):
        prompt (str):
        kind (KindEnum): * `node` - node
            * `pod` - pod
        revealed (bool):
        mine (None | str):
        translations (QuestionViewTranslations): a lesson question's texts in each language it is translated into: {"zh-
            CN": {"prompt", "explanation"?}} (explanation as for `explanation`); {} otherwise
        answer (str | Unset): the instructor always; students once revealed
        explanation (str | Unset):
        tally (Tally | Unset):
    """

    key: str
    push: int
    lesson: None | str
    prompt: str
    kind: KindEnum
    revealed: bool
    mine: None | str
    translations: QuestionViewTranslations
    answer: str | Unset = UNSET
    explanation: str | Unset = UNSET
    tally: Tally | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        push = self.push

        lesson: None | str
        lesson = self.lesson

        prompt = self.prompt

        kind = self.kind.value

        revealed = self.revealed

        mine: None | str
        mine = self.mine

        translations = self.translations.to_dict()

        answer = self.answer

        explanation = self.explanation

        tally: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tally, Unset):
            tally = self.tally.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "push": push,
                "lesson": lesson,
                "prompt": prompt,
                "kind": kind,
                "revealed": revealed,
                "mine": mine,
                "translations": translations,
            }
        )
        if answer is not UNSET:
            field_dict["answer"] = answer
        if explanation is not UNSET:
            field_dict["explanation"] = explanation
        if tally is not UNSET:
            field_dict["tally"] = tally

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.question_view_translations import QuestionViewTranslations
        from ..models.tally import Tally

        d = dict(src_dict)
        key = d.pop("key")

        push = d.pop("push")

        def _parse_lesson(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        lesson = _parse_lesson(d.pop("lesson"))

        prompt = d.pop("prompt")

        kind = KindEnum(d.pop("kind"))

        revealed = d.pop("revealed")

        def _parse_mine(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        mine = _parse_mine(d.pop("mine"))

        translations = QuestionViewTranslations.from_dict(d.pop("translations"))

        answer = d.pop("answer", UNSET)

        explanation = d.pop("explanation", UNSET)

        _tally = d.pop("tally", UNSET)
        tally: Tally | Unset
        if isinstance(_tally, Unset):
            tally = UNSET
        else:
            tally = Tally.from_dict(_tally)

        question_view = cls(
            key=key,
            push=push,
            lesson=lesson,
            prompt=prompt,
            kind=kind,
            revealed=revealed,
            mine=mine,
            translations=translations,
            answer=answer,
            explanation=explanation,
            tally=tally,
        )

        question_view.additional_properties = d
        return question_view

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
