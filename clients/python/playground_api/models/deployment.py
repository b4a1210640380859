from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deployment_api_version import DeploymentApiVersion
from ..models.deployment_kind import DeploymentKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deployment_metadata import DeploymentMetadata
    from ..models.deployment_spec import DeploymentSpec


T = TypeVar("T", bound="Deployment")


@_attrs_define
class Deployment:
    """a Deployment manifest; fields the model does not read are kept and listed in `ignored`

    Attributes:
        metadata (DeploymentMetadata):
        spec (DeploymentSpec):
        api_version (DeploymentApiVersion | Unset):
        kind (DeploymentKind | Unset):
    """

    metadata: DeploymentMetadata
    spec: DeploymentSpec
    api_version: DeploymentApiVersion | Unset = UNSET
    kind: DeploymentKind | Unset = UNSET
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
        from ..models.deployment_metadata import DeploymentMetadata
        from ..models.deployment_spec import DeploymentSpec

        d = dict(src_dict)
        metadata = DeploymentMetadata.from_dict(d.pop("metadata"))

        spec = DeploymentSpec.from_dict(d.pop("spec"))

        _api_version = d.pop("apiVersion", UNSET)
        api_version: DeploymentApiVersion | Unset
        if isinstance(_api_version, Unset):
            api_version = UNSET
        else:
            api_version = DeploymentApiVersion(_api_version)

        _kind = d.pop("kind", UNSET)
        kind: DeploymentKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = DeploymentKind(_kind)

        deployment = cls(
            metadata=metadata,
            spec=spec,
            api_version=api_version,
            kind=kind,
        )

        deployment.additional_properties = d
        return deployment

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
