from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pod_api_version import PodApiVersion
from ..models.pod_kind import PodKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pod_metadata import PodMetadata
    from ..models.pod_spec import PodSpec


T = TypeVar("T", bound="Pod")


@_attrs_define
class Pod:
    """a Pod manifest; fields the model does not read are kept and listed in `ignored`

    Attributes:
        metadata (PodMetadata):
        spec (PodSpec):
        api_version (PodApiVersion | Unset):
        kind (PodKind | Unset):
    """

    metadata: PodMetadata
    spec: PodSpec
    api_version: PodApiVersion | Unset = UNSET
    kind: PodKind | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        metadata = self.metadata.to_dict()

        spec = self.spec.to_dict()

        api_version: str | Unset = UNSET
        if not isinstance(self.api_version, Unset):
            api_version = self.api_version.value

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "metadata": metadata,
                "spec": spec,
            }
        )
        if api_version is not UNSET:
            field_dict["apiVersion"] = api_version
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pod_metadata import PodMetadata
        from ..models.pod_spec import PodSpec

        d = dict(src_dict)
        metadata = PodMetadata.from_dict(d.pop("metadata"))

        spec = PodSpec.from_dict(d.pop("spec"))

        _api_version = d.pop("apiVersion", UNSET)
        api_version: PodApiVersion | Unset
        if isinstance(_api_version, Unset):
            api_version = UNSET
        else:
            api_version = PodApiVersion(_api_version)

        _kind = d.pop("kind", UNSET)
        kind: PodKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = PodKind(_kind)

        pod = cls(
            metadata=metadata,
            spec=spec,
            api_version=api_version,
            kind=kind,
        )

        pod.additional_properties = d
        return pod

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
