from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.kind_enum import KindEnum

T = TypeVar("T", bound="Question")


@_attrs_define
class Question:
    """
    Attributes:
        id (str):
        prompt (str):
        kind (KindEnum): * `node` - node
            * `pod` - pod
        answer (str): A node name, or a pod key '<namespace>/<name>'.
        explanation (str):
        reveal_at (Any): Fires at the nth (default first) event in the run's stream that matches every given key. event
            = kind; time = the event's t is at least this; messageContains = substring of message; queueEvent =
            queue.moved's upstream label (its `event` field); any other key = the event's field of that name (a pod or node
            view counts by key or name). See docs/lessons.md.
        ask_at (int): The step (1-based) at which it is asked; its answer is on screen by then.
        choices (list[str]): Every node name or pod key of its kind that the lesson's run has at any point, sorted.
        none_of_these (bool): Whether "none of these" is offered too: the outcome could be predicted to happen to
            nobody.
    """

    id: str
    prompt: str
    kind: KindEnum
    answer: str
    explanation: str
    reveal_at: Any
    ask_at: int
    choices: list[str]
    none_of_these: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        prompt = self.prompt

        kind = self.kind.value

        answer = self.answer

        explanation = self.explanation

        reveal_at: Any
        reveal_at = self.reveal_at

        ask_at = self.ask_at

        choices = self.choices

        none_of_these = self.none_of_these

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "prompt": prompt,
                "kind": kind,
                "answer": answer,
                "explanation": explanation,
                "revealAt": reveal_at,
                "askAt": ask_at,
                "choices": choices,
                "noneOfThese": none_of_these,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        prompt = d.pop("prompt")

        kind = KindEnum(d.pop("kind"))

        answer = d.pop("answer")

        explanation = d.pop("explanation")

        def _parse_reveal_at(data: object) -> Any:
            return cast(Any, data)

        reveal_at = _parse_reveal_at(d.pop("revealAt"))

        ask_at = d.pop("askAt")

        choices = cast(list[str], d.pop("choices"))

        none_of_these = d.pop("noneOfThese")

        question = cls(
            id=id,
            prompt=prompt,
            kind=kind,
            answer=answer,
            explanation=explanation,
            reveal_at=reveal_at,
            ask_at=ask_at,
            choices=choices,
            none_of_these=none_of_these,
        )

        question.additional_properties = d
        return question

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
