from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_spec_template_metadata_annotations import (
        JobSpecTemplateMetadataAnnotations,
    )
    from ..models.job_spec_template_metadata_labels import JobSpecTemplateMetadataLabels


T = TypeVar("T", bound="JobSpecTemplateMetadata")


@_attrs_define
class JobSpecTemplateMetadata:
    """
    Attributes:
        labels (JobSpecTemplateMetadataLabels | Unset):
        annotations (JobSpecTemplateMetadataAnnotations | Unset):
    """

    labels: JobSpecTemplateMetadataLabels | Unset = UNSET
    annotations: JobSpecTemplateMetadataAnnotations | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        labels: dict[str, Any] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = self.labels.to_dict()

        annotations: dict[str, Any] | Unset = UNSET
        if not isinstance(self.annotations, Unset):
            annotations = self.annotations.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if labels is not UNSET:
            field_dict["labels"] = labels
        if annotations is not UNSET:
            field_dict["annotations"] = annotations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.job_spec_template_metadata_annotations import (
            JobSpecTemplateMetadataAnnotations,
        )
        from ..models.job_spec_template_metadata_labels import (
            JobSpecTemplateMetadataLabels,
        )

        d = dict(src_dict)
        _labels = d.pop("labels", UNSET)
        labels: JobSpecTemplateMetadataLabels | Unset
        if isinstance(_labels, Unset):
            labels = UNSET
        else:
            labels = JobSpecTemplateMetadataLabels.from_dict(_labels)

        _annotations = d.pop("annotations", UNSET)
        annotations: JobSpecTemplateMetadataAnnotations | Unset
        if isinstance(_annotations, Unset):
            annotations = UNSET
        else:
            annotations = JobSpecTemplateMetadataAnnotations.from_dict(_annotations)

        job_spec_template_metadata = cls(
            labels=labels,
            annotations=annotations,
        )

        job_spec_template_metadata.additional_properties = d
        return job_spec_template_metadata

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
