from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.language_enum import LanguageEnum

if TYPE_CHECKING:
    from ..models.lesson_ref import LessonRef
    from ..models.question import Question
    from ..models.step import Step
    from ..models.timed_command import TimedCommand
    from ..models.variant import Variant


T = TypeVar("T", bound="Lesson")


@_attrs_define
class Lesson:
    """A lesson; scenario/steps/questions/commands are those of its first (usually only) variant.

    Attributes:
        slug (str):
        number (int):
        title (str):
        summary (str):
        idea (str):
        spec (list[str]): SCHEDULER_SPEC.md sections taught.
        builds_on (list[LessonRef]): The earlier lessons it relies on, in order.
        scenario (str): Slug of the lesson's public scenario.
        seed (int):
        until (float | None):
        commands (list[TimedCommand]):
        steps (list[Step]):
        questions (list[Question]):
        variants (list[Variant]):
        language (LanguageEnum): * `en` - en
            * `zh-CN` - zh-CN
    """

    slug: str
    number: int
    title: str
    summary: str
    idea: str
    spec: list[str]
    builds_on: list[LessonRef]
    scenario: str
    seed: int
    until: float | None
    commands: list[TimedCommand]
    steps: list[Step]
    questions: list[Question]
    variants: list[Variant]
    language: LanguageEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        number = self.number

        title = self.title

        summary = self.summary

        idea = self.idea

        spec = self.spec

        builds_on = []
        for builds_on_item_data in self.builds_on:
            builds_on_item = builds_on_item_data.to_dict()
            builds_on.append(builds_on_item)

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

        variants = []
        for variants_item_data in self.variants:
            variants_item = variants_item_data.to_dict()
            variants.append(variants_item)

        language = self.language.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
                "number": number,
                "title": title,
                "summary": summary,
                "idea": idea,
                "spec": spec,
                "buildsOn": builds_on,
                "scenario": scenario,
                "seed": seed,
                "until": until,
                "commands": commands,
                "steps": steps,
                "questions": questions,
                "variants": variants,
                "language": language,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lesson_ref import LessonRef
        from ..models.question import Question
        from ..models.step import Step
        from ..models.timed_command import TimedCommand
        from ..models.variant import Variant

        d = dict(src_dict)
        slug = d.pop("slug")

        number = d.pop("number")

        title = d.pop("title")

        summary = d.pop("summary")

        idea = d.pop("idea")

        spec = cast(list[str], d.pop("spec"))

        builds_on = []
        _builds_on = d.pop("buildsOn")
        for builds_on_item_data in _builds_on:
            builds_on_item = LessonRef.from_dict(builds_on_item_data)

            builds_on.append(builds_on_item)

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

        variants = []
        _variants = d.pop("variants")
        for variants_item_data in _variants:
            variants_item = Variant.from_dict(variants_item_data)

            variants.append(variants_item)

        language = LanguageEnum(d.pop("language"))

        lesson = cls(
            slug=slug,
            number=number,
            title=title,
            summary=summary,
            idea=idea,
            spec=spec,
            builds_on=builds_on,
            scenario=scenario,
            seed=seed,
            until=until,
            commands=commands,
            steps=steps,
            questions=questions,
            variants=variants,
            language=language,
        )

        lesson.additional_properties = d
        return lesson

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
