from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delete_workload_command_kind import DeleteWorkloadCommandKind
from ..models.delete_workload_command_type import DeleteWorkloadCommandType
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeleteWorkloadCommand")


@_attrs_define
class DeleteWorkloadCommand:
    """
    Attributes:
        type_ (DeleteWorkloadCommandType):
        kind (DeleteWorkloadCommandKind):
        name (str): the workload's or the PriorityClass's name
        namespace (str | Unset): a namespace name
    """

    type_: DeleteWorkloadCommandType
    kind: DeleteWorkloadCommandKind
    name: str
    namespace: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        kind = self.kind.value

        name = self.name

        namespace = self.namespace

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "kind": kind,
                "name": name,
            }
        )
        if namespace is not UNSET:
            field_dict["namespace"] = namespace

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = DeleteWorkloadCommandType(d.pop("type"))

        kind = DeleteWorkloadCommandKind(d.pop("kind"))

        name = d.pop("name")

        namespace = d.pop("namespace", UNSET)

        delete_workload_command = cls(
            type_=type_,
            kind=kind,
            name=name,
            namespace=namespace,
        )

        delete_workload_command.additional_properties = d
        return delete_workload_command

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
