from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.annotate_workload_command_kind import AnnotateWorkloadCommandKind
from ..models.annotate_workload_command_type import AnnotateWorkloadCommandType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.annotate_workload_command_annotations import (
        AnnotateWorkloadCommandAnnotations,
    )


T = TypeVar("T", bound="AnnotateWorkloadCommand")


@_attrs_define
class AnnotateWorkloadCommand:
    """
    Attributes:
        type_ (AnnotateWorkloadCommandType):
        kind (AnnotateWorkloadCommandKind):
        name (str): the workload's or the PriorityClass's name
        annotations (AnnotateWorkloadCommandAnnotations): the object's new annotations (all of them)
        namespace (str | Unset): a namespace name
    """

    type_: AnnotateWorkloadCommandType
    kind: AnnotateWorkloadCommandKind
    name: str
    annotations: AnnotateWorkloadCommandAnnotations
    namespace: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        kind = self.kind.value

        name = self.name

        annotations = self.annotations.to_dict()

        namespace = self.namespace

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "kind": kind,
                "name": name,
                "annotations": annotations,
            }
        )
        if namespace is not UNSET:
            field_dict["namespace"] = namespace

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.annotate_workload_command_annotations import (
            AnnotateWorkloadCommandAnnotations,
        )

        d = dict(src_dict)
        type_ = AnnotateWorkloadCommandType(d.pop("type"))

        kind = AnnotateWorkloadCommandKind(d.pop("kind"))

        name = d.pop("name")

        annotations = AnnotateWorkloadCommandAnnotations.from_dict(d.pop("annotations"))

        namespace = d.pop("namespace", UNSET)

        annotate_workload_command = cls(
            type_=type_,
            kind=kind,
            name=name,
            annotations=annotations,
            namespace=namespace,
        )

        annotate_workload_command.additional_properties = d
        return annotate_workload_command

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
