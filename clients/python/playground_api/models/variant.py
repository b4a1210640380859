from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.question import Question
    from ..models.step import Step
    from ..models.timed_command import TimedCommand


T = TypeVar("T", bound="Variant")


@_attrs_define
class Variant:
    """
    Attributes:
        id (str):
        title (str):
        summary (str):
        scenario (str): Slug of the lesson's public scenario.
        seed (int):
        until (float | None): Run until this virtual time; null = to quiescence.
        commands (list[TimedCommand]):
        steps (list[Step]):
        questions (list[Question]):
    """

    id: str
    title: str
    summary: str
    scenario: str
    seed: int
    until: float | None
    commands: list[TimedCommand]
    steps: list[Step]
    questions: list[Question]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        title = self.title

        summary = self.summary

        scenario = self.scenario

        seed = self.seed

        until: float | None
        until = self.until

        commands = []
        for commands_item_data in self.commands:
            commands_item = commands_item_data.to_dict()
            commands.append(commands_item)

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        questions = []
        for questions_item_data in self.questions:
            questions_item = questions_item_data.to_dict()
            questions.append(questions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "title": title,
                "summary": summary,
                "scenario": scenario,
                "seed": seed,
                "until": until,
                "commands": commands,
                "steps": steps,
                "questions": questions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.question import Question
        from ..models.step import Step
        from ..models.timed_command import TimedCommand

        d = dict(src_dict)
        id = d.pop("id")

        title = d.pop("title")

        summary = d.pop("summary")

        scenario = d.pop("scenario")

        seed = d.pop("seed")

        def _parse_until(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        until = _parse_until(d.pop("until"))

        commands = []
        _commands = d.pop("commands")
        for commands_item_data in _commands:
            commands_item = TimedCommand.from_dict(commands_item_data)

            commands.append(commands_item)

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = Step.from_dict(steps_item_data)

            steps.append(steps_item)

        questions = []
        _questions = d.pop("questions")
        for questions_item_data in _questions:
            questions_item = Question.from_dict(questions_item_data)

            questions.append(questions_item)

        variant = cls(
            id=id,
            title=title,
            summary=summary,
            scenario=scenario,
            seed=seed,
            until=until,
            commands=commands,
            steps=steps,
            questions=questions,
        )

        variant.additional_properties = d
        return variant

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
