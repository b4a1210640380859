from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delete_pdb_command_type import DeletePdbCommandType

T = TypeVar("T", bound="DeletePdbCommand")


@_attrs_define
class DeletePdbCommand:
    """
    Attributes:
        type_ (DeletePdbCommandType):
        pdb (str): a PodDisruptionBudget key "<namespace>/<name>" (or a name in "default")
    """

    type_: DeletePdbCommandType
    pdb: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        pdb = self.pdb

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "pdb": pdb,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = DeletePdbCommandType(d.pop("type"))

        pdb = d.pop("pdb")

        delete_pdb_command = cls(
            type_=type_,
            pdb=pdb,
        )

        delete_pdb_command.additional_properties = d
        return delete_pdb_command

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
