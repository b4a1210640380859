from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.view_enum import ViewEnum

T = TypeVar("T", bound="Position")


@_attrs_define
class Position:
    """
    Attributes:
        view (ViewEnum): * `run` - run
            * `compare` - compare
        run_id (int | None):
        seq (int | None):
        step (int | None): the lesson step at seq, computed by the server
        compare (Any):
    """

    view: ViewEnum
    run_id: int | None
    seq: int | None
    step: int | None
    compare: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        view = self.view.value

        run_id: int | None
        run_id = self.run_id

        seq: int | None
        seq = self.seq

        step: int | None
        step = self.step

        compare = self.compare

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "view": view,
                "runId": run_id,
                "seq": seq,
                "step": step,
                "compare": compare,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        view = ViewEnum(d.pop("view"))

        def _parse_run_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        run_id = _parse_run_id(d.pop("runId"))

        def _parse_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seq = _parse_seq(d.pop("seq"))

        def _parse_step(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        step = _parse_step(d.pop("step"))

        compare = d.pop("compare")

        position = cls(
            view=view,
            run_id=run_id,
            seq=seq,
            step=step,
            compare=compare,
        )

        position.additional_properties = d
        return position

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
