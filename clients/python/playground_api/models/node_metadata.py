from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.node_metadata_annotations import NodeMetadataAnnotations
    from ..models.node_metadata_labels import NodeMetadataLabels


T = TypeVar("T", bound="NodeMetadata")


@_attrs_define
class NodeMetadata:
    """
    Attributes:
        name (str):
        labels (NodeMetadataLabels | Unset):
        annotations (NodeMetadataAnnotations | Unset):
    """

    name: str
    labels: NodeMetadataLabels | Unset = UNSET
    annotations: NodeMetadataAnnotations | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        labels: dict[str, Any] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = self.labels.to_dict()

        annotations: dict[str, Any] | Unset = UNSET
        if not isinstance(self.annotations, Unset):
            annotations = self.annotations.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if labels is not UNSET:
            field_dict["labels"] = labels
        if annotations is not UNSET:
            field_dict["annotations"] = annotations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.node_metadata_annotations import NodeMetadataAnnotations
        from ..models.node_metadata_labels import NodeMetadataLabels

        d = dict(src_dict)
        name = d.pop("name")

        _labels = d.pop("labels", UNSET)
        labels: NodeMetadataLabels | Unset
        if isinstance(_labels, Unset):
            labels = UNSET
        else:
            labels = NodeMetadataLabels.from_dict(_labels)

        _annotations = d.pop("annotations", UNSET)
        annotations: NodeMetadataAnnotations | Unset
        if isinstance(_annotations, Unset):
            annotations = UNSET
        else:
            annotations = NodeMetadataAnnotations.from_dict(_annotations)

        node_metadata = cls(
            name=name,
            labels=labels,
            annotations=annotations,
        )

        node_metadata.additional_properties = d
        return node_metadata

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
