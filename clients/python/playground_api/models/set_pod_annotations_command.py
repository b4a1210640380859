from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.set_pod_annotations_command_type import SetPodAnnotationsCommandType

if TYPE_CHECKING:
    from ..models.set_pod_annotations_command_annotations import (
        SetPodAnnotationsCommandAnnotations,
    )


T = TypeVar("T", bound="SetPodAnnotationsCommand")


@_attrs_define
class SetPodAnnotationsCommand:
    """
    Attributes:
        type_ (SetPodAnnotationsCommandType):
        pod (str): a pod key "<namespace>/<name>" (or a name in "default")
        annotations (SetPodAnnotationsCommandAnnotations): the object's new annotations (all of them)
    """

    type_: SetPodAnnotationsCommandType
    pod: str
    annotations: SetPodAnnotationsCommandAnnotations
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        pod = self.pod

        annotations = self.annotations.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "pod": pod,
                "annotations": annotations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.set_pod_annotations_command_annotations import (
            SetPodAnnotationsCommandAnnotations,
        )

        d = dict(src_dict)
        type_ = SetPodAnnotationsCommandType(d.pop("type"))

        pod = d.pop("pod")

        annotations = SetPodAnnotationsCommandAnnotations.from_dict(
            d.pop("annotations")
        )

        set_pod_annotations_command = cls(
            type_=type_,
            pod=pod,
            annotations=annotations,
        )

        set_pod_annotations_command.additional_properties = d
        return set_pod_annotations_command

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
