from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.node_api_version import NodeApiVersion
from ..models.node_kind import NodeKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.node_metadata import NodeMetadata
    from ..models.node_spec import NodeSpec
    from ..models.node_status import NodeStatus


T = TypeVar("T", bound="Node")


@_attrs_define
class Node:
    """a Node manifest; fields the model does not read are kept and listed in `ignored`

    Attributes:
        metadata (NodeMetadata):
        status (NodeStatus):
        api_version (NodeApiVersion | Unset):
        kind (NodeKind | Unset):
        spec (NodeSpec | Unset):
    """

    metadata: NodeMetadata
    status: NodeStatus
    api_version: NodeApiVersion | Unset = UNSET
    kind: NodeKind | Unset = UNSET
    spec: NodeSpec | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        metadata = self.metadata.to_dict()

        status = self.status.to_dict()

        api_version: str | Unset = UNSET
        if not isinstance(self.api_version, Unset):
            api_version = self.api_version.value

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        spec: dict[str, Any] | Unset = UNSET
        if not isinstance(self.spec, Unset):
            spec = self.spec.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "metadata": metadata,
                "status": status,
            }
        )
        if api_version is not UNSET:
            field_dict["apiVersion"] = api_version
        if kind is not UNSET:
            field_dict["kind"] = kind
        if spec is not UNSET:
            field_dict["spec"] = spec

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.node_metadata import NodeMetadata
        from ..models.node_spec import NodeSpec
        from ..models.node_status import NodeStatus

        d = dict(src_dict)
        metadata = NodeMetadata.from_dict(d.pop("metadata"))

        status = NodeStatus.from_dict(d.pop("status"))

        _api_version = d.pop("apiVersion", UNSET)
        api_version: NodeApiVersion | Unset
        if isinstance(_api_version, Unset):
            api_version = UNSET
        else:
            api_version = NodeApiVersion(_api_version)

        _kind = d.pop("kind", UNSET)
        kind: NodeKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = NodeKind(_kind)

        _spec = d.pop("spec", UNSET)
        spec: NodeSpec | Unset
        if isinstance(_spec, Unset):
            spec = UNSET
        else:
            spec = NodeSpec.from_dict(_spec)

        node = cls(
            metadata=metadata,
            status=status,
            api_version=api_version,
            kind=kind,
            spec=spec,
        )

        node.additional_properties = d
        return node

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
