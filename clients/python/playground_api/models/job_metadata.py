from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_metadata_annotations import JobMetadataAnnotations
    from ..models.job_metadata_labels import JobMetadataLabels


T = TypeVar("T", bound="JobMetadata")


@_attrs_define
class JobMetadata:
    """
    Attributes:
        name (str):
        labels (JobMetadataLabels | Unset):
        annotations (JobMetadataAnnotations | Unset):
        namespace (str | Unset): default "default"
    """

    name: str
    labels: JobMetadataLabels | Unset = UNSET
    annotations: JobMetadataAnnotations | Unset = UNSET
    namespace: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        labels: dict[str, Any] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = self.labels.to_dict()

        annotations: dict[str, Any] | Unset = UNSET
        if not isinstance(self.annotations, Unset):
            annotations = self.annotations.to_dict()

        namespace = self.namespace

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
        if namespace is not UNSET:
            field_dict["namespace"] = namespace

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.job_metadata_annotations import JobMetadataAnnotations
        from ..models.job_metadata_labels import JobMetadataLabels

        d = dict(src_dict)
        name = d.pop("name")

        _labels = d.pop("labels", UNSET)
        labels: JobMetadataLabels | Unset
        if isinstance(_labels, Unset):
            labels = UNSET
        else:
            labels = JobMetadataLabels.from_dict(_labels)

        _annotations = d.pop("annotations", UNSET)
        annotations: JobMetadataAnnotations | Unset
        if isinstance(_annotations, Unset):
            annotations = UNSET
        else:
            annotations = JobMetadataAnnotations.from_dict(_annotations)

        namespace = d.pop("namespace", UNSET)

        job_metadata = cls(
            name=name,
            labels=labels,
            annotations=annotations,
            namespace=namespace,
        )

        job_metadata.additional_properties = d
        return job_metadata

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
