from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.stateful_set_spec_template_metadata import (
        StatefulSetSpecTemplateMetadata,
    )
    from ..models.stateful_set_spec_template_spec import StatefulSetSpecTemplateSpec


T = TypeVar("T", bound="StatefulSetSpecTemplate")


@_attrs_define
class StatefulSetSpecTemplate:
    """the pod template, read like a Pod

    Attributes:
        spec (StatefulSetSpecTemplateSpec):
        metadata (StatefulSetSpecTemplateMetadata | Unset):
    """

    spec: StatefulSetSpecTemplateSpec
    metadata: StatefulSetSpecTemplateMetadata | Unset = UNSET
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
        from ..models.stateful_set_spec_template_metadata import (
            StatefulSetSpecTemplateMetadata,
        )
        from ..models.stateful_set_spec_template_spec import StatefulSetSpecTemplateSpec

        d = dict(src_dict)
        spec = StatefulSetSpecTemplateSpec.from_dict(d.pop("spec"))

        _metadata = d.pop("metadata", UNSET)
        metadata: StatefulSetSpecTemplateMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = StatefulSetSpecTemplateMetadata.from_dict(_metadata)

        stateful_set_spec_template = cls(
            spec=spec,
            metadata=metadata,
        )

        stateful_set_spec_template.additional_properties = d
        return stateful_set_spec_template

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
