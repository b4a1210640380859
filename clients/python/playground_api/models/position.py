from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.view_enum import ViewEnum

if TYPE_CHECKING:
    from ..models.compare_pair import ComparePair


T = TypeVar("T", bound="Position")


@_attrs_define
class Position:
    """
    Attributes:
        view (ViewEnum): * `run` - run
            * `compare` - compare
        run_id (int): the run shown (services.run_position; a push names a run you can see)
        seq (int | None):
        step (int | None): the lesson step at seq, computed by the server
        compare (ComparePair | None): the two runs side by side when view is compare
    """

    view: ViewEnum
    run_id: int
    seq: int | None
    step: int | None
    compare: ComparePair | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.compare_pair import ComparePair

        view = self.view.value

        run_id = self.run_id

        seq: int | None
        seq = self.seq

        step: int | None
        step = self.step

        compare: dict[str, Any] | None
        if isinstance(self.compare, ComparePair):
            compare = self.compare.to_dict()
        else:
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
        from ..models.compare_pair import ComparePair

        d = dict(src_dict)
        view = ViewEnum(d.pop("view"))

        run_id = d.pop("runId")

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

        def _parse_compare(data: object) -> ComparePair | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                compare_type_1 = ComparePair.from_dict(data)

                return compare_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ComparePair | None, data)

        compare = _parse_compare(d.pop("compare"))

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
