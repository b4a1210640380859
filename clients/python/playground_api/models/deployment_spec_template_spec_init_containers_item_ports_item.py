from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeploymentSpecTemplateSpecInitContainersItemPortsItem")


@_attrs_define
class DeploymentSpecTemplateSpecInitContainersItemPortsItem:
    """
    Attributes:
        container_port (int | Unset):
        host_port (int | Unset):
        protocol (str | Unset):
    """

    container_port: int | Unset = UNSET
    host_port: int | Unset = UNSET
    protocol: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        container_port = self.container_port

        host_port = self.host_port

        protocol = self.protocol

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if container_port is not UNSET:
            field_dict["containerPort"] = container_port
        if host_port is not UNSET:
            field_dict["hostPort"] = host_port
        if protocol is not UNSET:
            field_dict["protocol"] = protocol

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        container_port = d.pop("containerPort", UNSET)

        host_port = d.pop("hostPort", UNSET)

        protocol = d.pop("protocol", UNSET)

        deployment_spec_template_spec_init_containers_item_ports_item = cls(
            container_port=container_port,
            host_port=host_port,
            protocol=protocol,
        )

        deployment_spec_template_spec_init_containers_item_ports_item.additional_properties = d
        return deployment_spec_template_spec_init_containers_item_ports_item

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
