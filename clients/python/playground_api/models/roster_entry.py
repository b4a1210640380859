from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.language_enum import LanguageEnum
from ..models.mode_enum import ModeEnum

if TYPE_CHECKING:
    from ..models.roster_entry_answers import RosterEntryAnswers


T = TypeVar("T", bound="RosterEntry")


@_attrs_define
class RosterEntry:
    """
    Attributes:
        id (int):
        name (str):
        connected (bool):
        mode (ModeEnum): * `following` - following
            * `own` - own
        own_run (int | None):
        step (int | None):
        language (LanguageEnum): * `en` - en
            * `zh-CN` - zh-CN
        joined_at (datetime.datetime | None):
        answers (RosterEntryAnswers): question key → choice
    """

    id: int
    name: str
    connected: bool
    mode: ModeEnum
    own_run: int | None
    step: int | None
    language: LanguageEnum
    joined_at: datetime.datetime | None
    answers: RosterEntryAnswers
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        connected = self.connected

        mode = self.mode.value

        own_run: int | None
        own_run = self.own_run

        step: int | None
        step = self.step

        language = self.language.value

        joined_at: None | str
        if isinstance(self.joined_at, datetime.datetime):
            joined_at = self.joined_at.isoformat()
        else:
            joined_at = self.joined_at

        answers = self.answers.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "connected": connected,
                "mode": mode,
                "ownRun": own_run,
                "step": step,
                "language": language,
                "joinedAt": joined_at,
                "answers": answers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.roster_entry_answers import RosterEntryAnswers

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        connected = d.pop("connected")

        mode = ModeEnum(d.pop("mode"))

        def _parse_own_run(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        own_run = _parse_own_run(d.pop("ownRun"))

        def _parse_step(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        step = _parse_step(d.pop("step"))

        language = LanguageEnum(d.pop("language"))

        def _parse_joined_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                joined_at_type_0 = datetime.datetime.fromisoformat(data)

                return joined_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        joined_at = _parse_joined_at(d.pop("joinedAt"))

        answers = RosterEntryAnswers.from_dict(d.pop("answers"))

        roster_entry = cls(
            id=id,
            name=name,
            connected=connected,
            mode=mode,
            own_run=own_run,
            step=step,
            language=language,
            joined_at=joined_at,
            answers=answers,
        )

        roster_entry.additional_properties = d
        return roster_entry

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
