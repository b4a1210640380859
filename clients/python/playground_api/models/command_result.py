from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.command_view import CommandView
    from ..models.run_view import RunView


T = TypeVar("T", bound="CommandResult")


@_attrs_define
class CommandResult:
    """
    Attributes:
        command (CommandView | None): null for restart
        run (RunView): For the schema only: what selectors.run_view returns.
    """

    command: CommandView | None
    run: RunView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.command_view import CommandView

        command: dict[str, Any] | None
        if isinstance(self.command, CommandView):
            command = self.command.to_dict()
        else:
            command = self.command

        run = self.run.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "command": command,
                "run": run,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.command_view import CommandView
        from ..models.run_view import RunView

        d = dict(src_dict)

        def _parse_command(data: object) -> CommandView | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_1 = CommandView.from_dict(data)

                return command_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CommandView | None, data)

        command = _parse_command(d.pop("command"))

        run = RunView.from_dict(d.pop("run"))

        command_result = cls(
            command=command,
            run=run,
        )

        command_result.additional_properties = d
        return command_result

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
