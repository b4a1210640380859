from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ErrorItem")


@_attrs_define
class ErrorItem:
    """
    Attributes:
        field (str):
        message (str):
        value (Any | Unset):
        document (int | Unset):
        kind (str | Unset):
        name (str | Unset):
        runs (list[int] | Unset): on 429: the active runs that hold the slots (stop one to start another)
    """

    field: str
    message: str
    value: Any | Unset = UNSET
    document: int | Unset = UNSET
    kind: str | Unset = UNSET
    name: str | Unset = UNSET
    runs: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field = self.field

        message = self.message

        value = self.value

        document = self.document

        kind = self.kind

        name = self.name

        runs: list[int] | Unset = UNSET
        if not isinstance(self.runs, Unset):
            runs = self.runs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "field": field,
                "message": message,
            }
        )
        if value is not UNSET:
            field_dict["value"] = value
        if document is not UNSET:
            field_dict["document"] = document
        if kind is not UNSET:
            field_dict["kind"] = kind
        if name is not UNSET:
            field_dict["name"] = name
        if runs is not UNSET:
            field_dict["runs"] = runs

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        field = d.pop("field")

        message = d.pop("message")

        value = d.pop("value", UNSET)

        document = d.pop("document", UNSET)

        kind = d.pop("kind", UNSET)

        name = d.pop("name", UNSET)

        runs = cast(list[int], d.pop("runs", UNSET))

        error_item = cls(
            field=field,
            message=message,
            value=value,
            document=document,
            kind=kind,
            name=name,
            runs=runs,
        )

        error_item.additional_properties = d
        return error_item

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
