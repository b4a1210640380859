from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.role_enum import RoleEnum
from ..models.workshop_status_enum import WorkshopStatusEnum

if TYPE_CHECKING:
    from ..models.participant_view import ParticipantView
    from ..models.position import Position


T = TypeVar("T", bound="WorkshopDetail")


@_attrs_define
class WorkshopDetail:
    """
    Attributes:
        code (str):
        title (str):
        instructor (str):
        lesson (None | str):
        scenario (str):
        run_id (int | None):
        push (int): 1, then +1 on every push: the questions on screen are this push's
        position (Position):
        locked (bool):
        status (WorkshopStatusEnum): * `open` - open
            * `ended` - ended
        created_at (datetime.datetime | None):
        ended_at (datetime.datetime | None):
        link (str):
        join_url (str): the absolute address students open: PUBLIC_URL, or this machine's address on the room's network
            when shared (docs/deploy.md)
        role (None | RoleEnum):
        me (None | ParticipantView):
    """

    code: str
    title: str
    instructor: str
    lesson: None | str
    scenario: str
    run_id: int | None
    push: int
    position: Position
    locked: bool
    status: WorkshopStatusEnum
    created_at: datetime.datetime | None
    ended_at: datetime.datetime | None
    link: str
    join_url: str
    role: None | RoleEnum
    me: None | ParticipantView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.participant_view import ParticipantView

        code = self.code

        title = self.title

        instructor = self.instructor

        lesson: None | str
        lesson = self.lesson

        scenario = self.scenario

        run_id: int | None
        run_id = self.run_id

        push = self.push

        position = self.position.to_dict()

        locked = self.locked

        status = self.status.value

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        link = self.link

        join_url = self.join_url

        role: None | str
        if isinstance(self.role, RoleEnum):
            role = self.role.value
        else:
            role = self.role

        me: dict[str, Any] | None
        if isinstance(self.me, ParticipantView):
            me = self.me.to_dict()
        else:
            me = self.me

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "title": title,
                "instructor": instructor,
                "lesson": lesson,
                "scenario": scenario,
                "runId": run_id,
                "push": push,
                "position": position,
                "locked": locked,
                "status": status,
                "createdAt": created_at,
                "endedAt": ended_at,
                "link": link,
                "joinUrl": join_url,
                "role": role,
                "me": me,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.participant_view import ParticipantView
        from ..models.position import Position

        d = dict(src_dict)
        code = d.pop("code")

        title = d.pop("title")

        instructor = d.pop("instructor")

        def _parse_lesson(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        lesson = _parse_lesson(d.pop("lesson"))

        scenario = d.pop("scenario")

        def _parse_run_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        run_id = _parse_run_id(d.pop("runId"))

        push = d.pop("push")

        position = Position.from_dict(d.pop("position"))

        locked = d.pop("locked")

        status = WorkshopStatusEnum(d.pop("status"))

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("createdAt"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("endedAt"))

        link = d.pop("link")

        join_url = d.pop("joinUrl")

        def _parse_role(data: object) -> None | RoleEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                role_type_0 = RoleEnum(data)

                return role_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoleEnum, data)

        role = _parse_role(d.pop("role"))

        def _parse_me(data: object) -> None | ParticipantView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_1 = ParticipantView.from_dict(data)

                return me_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ParticipantView, data)

        me = _parse_me(d.pop("me"))

        workshop_detail = cls(
            code=code,
            title=title,
            instructor=instructor,
            lesson=lesson,
            scenario=scenario,
            run_id=run_id,
            push=push,
            position=position,
            locked=locked,
            status=status,
            created_at=created_at,
            ended_at=ended_at,
            link=link,
            join_url=join_url,
            role=role,
            me=me,
        )

        workshop_detail.additional_properties = d
        return workshop_detail

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
