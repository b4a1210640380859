from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.set_namespace_labels_command_type import SetNamespaceLabelsCommandType

if TYPE_CHECKING:
    from ..models.set_namespace_labels_command_labels import (
        SetNamespaceLabelsCommandLabels,
    )


T = TypeVar("T", bound="SetNamespaceLabelsCommand")


@_attrs_define
class SetNamespaceLabelsCommand:
    """
    Attributes:
        type_ (SetNamespaceLabelsCommandType):
        namespace (str): a namespace name
        labels (SetNamespaceLabelsCommandLabels): the node's, pod's or namespace's new labels (all of them)
    """

    type_: SetNamespaceLabelsCommandType
    namespace: str
    labels: SetNamespaceLabelsCommandLabels
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        namespace = self.namespace

        labels = self.labels.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "namespace": namespace,
                "labels": labels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.set_namespace_labels_command_labels import (
            SetNamespaceLabelsCommandLabels,
        )

        d = dict(src_dict)
        type_ = SetNamespaceLabelsCommandType(d.pop("type"))

        namespace = d.pop("namespace")

        labels = SetNamespaceLabelsCommandLabels.from_dict(d.pop("labels"))

        set_namespace_labels_command = cls(
            type_=type_,
            namespace=namespace,
            labels=labels,
        )

        set_namespace_labels_command.additional_properties = d
        return set_namespace_labels_command

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
