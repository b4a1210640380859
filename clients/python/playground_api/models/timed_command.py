from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.timed_command_command import TimedCommandCommand


T = TypeVar("T", bound="TimedCommand")


@_attrs_define
class TimedCommand:
    """
    Attributes:
        at (float): Virtual seconds: apply after the run reaches this time.
        command (TimedCommandCommand): A run command, e.g. {type: add_pod, manifest: {...}}.
    """

    at: float
    command: TimedCommandCommand
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        command = self.command.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "command": command,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.timed_command_command import TimedCommandCommand

        d = dict(src_dict)
        at = d.pop("at")

        command = TimedCommandCommand.from_dict(d.pop("command"))

        timed_command = cls(
            at=at,
            command=command,
        )

        timed_command.additional_properties = d
        return timed_command

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
