from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.command_status_enum import CommandStatusEnum

if TYPE_CHECKING:
    from ..models.command_view_error_type_0 import CommandViewErrorType0
    from ..models.command_view_payload import CommandViewPayload


T = TypeVar("T", bound="CommandView")


@_attrs_define
class CommandView:
    """
    Attributes:
        seq (int):
        type_ (str):
        payload (CommandViewPayload):
        status (CommandStatusEnum): * `pending` - pending
            * `applied` - applied
            * `rejected` - rejected
        time (float | None):
        after_seq (int | None):
        error (CommandViewErrorType0 | None):
        created_at (datetime.datetime | None):
    """

    seq: int
    type_: str
    payload: CommandViewPayload
    status: CommandStatusEnum
    time: float | None
    after_seq: int | None
    error: CommandViewErrorType0 | None
    created_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.command_view_error_type_0 import CommandViewErrorType0

        seq = self.seq

        type_ = self.type_

        payload = self.payload.to_dict()

        status = self.status.value

        time: float | None
        time = self.time

        after_seq: int | None
        after_seq = self.after_seq

        error: dict[str, Any] | None
        if isinstance(self.error, CommandViewErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "payload": payload,
                "status": status,
                "time": time,
                "afterSeq": after_seq,
                "error": error,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.command_view_error_type_0 import CommandViewErrorType0
        from ..models.command_view_payload import CommandViewPayload

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        payload = CommandViewPayload.from_dict(d.pop("payload"))

        status = CommandStatusEnum(d.pop("status"))

        def _parse_time(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        time = _parse_time(d.pop("time"))

        def _parse_after_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        after_seq = _parse_after_seq(d.pop("afterSeq"))

        def _parse_error(data: object) -> CommandViewErrorType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = CommandViewErrorType0.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CommandViewErrorType0 | None, data)

        error = _parse_error(d.pop("error"))

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

        command_view = cls(
            seq=seq,
            type_=type_,
            payload=payload,
            status=status,
            time=time,
            after_seq=after_seq,
            error=error,
            created_at=created_at,
        )

        command_view.additional_properties = d
        return command_view

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
