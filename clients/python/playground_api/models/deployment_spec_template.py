from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deployment_spec_template_metadata import (
        DeploymentSpecTemplateMetadata,
    )
    from ..models.deployment_spec_template_spec import DeploymentSpecTemplateSpec


T = TypeVar("T", bound="DeploymentSpecTemplate")


@_attrs_define
class DeploymentSpecTemplate:
    """the pod template, read like a Pod

    Attributes:
        spec (DeploymentSpecTemplateSpec):
        metadata (DeploymentSpecTemplateMetadata | Unset):
    """

    spec: DeploymentSpecTemplateSpec
    metadata: DeploymentSpecTemplateMetadata | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        spec = self.spec.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "spec": spec,
            }
        )
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deployment_spec_template_metadata import (
            DeploymentSpecTemplateMetadata,
        )
        from ..models.deployment_spec_template_spec import DeploymentSpecTemplateSpec

        d = dict(src_dict)
        spec = DeploymentSpecTemplateSpec.from_dict(d.pop("spec"))

        _metadata = d.pop("metadata", UNSET)
        metadata: DeploymentSpecTemplateMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = DeploymentSpecTemplateMetadata.from_dict(_metadata)

        deployment_spec_template = cls(
            spec=spec,
            metadata=metadata,
        )

        deployment_spec_template.additional_properties = d
        return deployment_spec_template

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
