from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delete_namespace_command_type import DeleteNamespaceCommandType

T = TypeVar("T", bound="DeleteNamespaceCommand")


@_attrs_define
class DeleteNamespaceCommand:
    """
    Attributes:
        type_ (DeleteNamespaceCommandType):
        namespace (str): a namespace name
    """

    type_: DeleteNamespaceCommandType
    namespace: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        namespace = self.namespace

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "namespace": namespace,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = DeleteNamespaceCommandType(d.pop("type"))

        namespace = d.pop("namespace")

        delete_namespace_command = cls(
            type_=type_,
            namespace=namespace,
        )

        delete_namespace_command.additional_properties = d
        return delete_namespace_command

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
