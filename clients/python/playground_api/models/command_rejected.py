from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.command_view import CommandView
    from ..models.error_item import ErrorItem


T = TypeVar("T", bound="CommandRejected")


@_attrs_define
class CommandRejected:
    """
    Attributes:
        message (str):
        errors (list[ErrorItem]):
        current_version (int | Unset): on 412 only
        command (CommandView | Unset):
    """

    message: str
    errors: list[ErrorItem]
    current_version: int | Unset = UNSET
    command: CommandView | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        current_version = self.current_version

        command: dict[str, Any] | Unset = UNSET
        if not isinstance(self.command, Unset):
            command = self.command.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "errors": errors,
            }
        )
        if current_version is not UNSET:
            field_dict["currentVersion"] = current_version
        if command is not UNSET:
            field_dict["command"] = command

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.command_view import CommandView
        from ..models.error_item import ErrorItem

        d = dict(src_dict)
        message = d.pop("message")

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = ErrorItem.from_dict(errors_item_data)

            errors.append(errors_item)

        current_version = d.pop("currentVersion", UNSET)

        _command = d.pop("command", UNSET)
        command: CommandView | Unset
        if isinstance(_command, Unset):
            command = UNSET
        else:
            command = CommandView.from_dict(_command)

        command_rejected = cls(
            message=message,
            errors=errors,
            current_version=current_version,
            command=command,
        )

        command_rejected.additional_properties = d
        return command_rejected

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
