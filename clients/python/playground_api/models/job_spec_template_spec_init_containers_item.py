from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_spec_template_spec_init_containers_item_ports_item import (
        JobSpecTemplateSpecInitContainersItemPortsItem,
    )
    from ..models.job_spec_template_spec_init_containers_item_resources import (
        JobSpecTemplateSpecInitContainersItemResources,
    )


T = TypeVar("T", bound="JobSpecTemplateSpecInitContainersItem")


@_attrs_define
class JobSpecTemplateSpecInitContainersItem:
    """
    Attributes:
        name (str):
        image (str | Unset):
        resources (JobSpecTemplateSpecInitContainersItemResources | Unset):
        ports (list[JobSpecTemplateSpecInitContainersItemPortsItem] | Unset):
    """

    name: str
    image: str | Unset = UNSET
    resources: JobSpecTemplateSpecInitContainersItemResources | Unset = UNSET
    ports: list[JobSpecTemplateSpecInitContainersItemPortsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        image = self.image

        resources: dict[str, Any] | Unset = UNSET
        if not isinstance(self.resources, Unset):
            resources = self.resources.to_dict()

        ports: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ports, Unset):
            ports = []
            for ports_item_data in self.ports:
                ports_item = ports_item_data.to_dict()
                ports.append(ports_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if image is not UNSET:
            field_dict["image"] = image
        if resources is not UNSET:
            field_dict["resources"] = resources
        if ports is not UNSET:
            field_dict["ports"] = ports

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.job_spec_template_spec_init_containers_item_ports_item import (
            JobSpecTemplateSpecInitContainersItemPortsItem,
        )
        from ..models.job_spec_template_spec_init_containers_item_resources import (
            JobSpecTemplateSpecInitContainersItemResources,
        )

        d = dict(src_dict)
        name = d.pop("name")

        image = d.pop("image", UNSET)

        _resources = d.pop("resources", UNSET)
        resources: JobSpecTemplateSpecInitContainersItemResources | Unset
        if isinstance(_resources, Unset):
            resources = UNSET
        else:
            resources = JobSpecTemplateSpecInitContainersItemResources.from_dict(
                _resources
            )

        _ports = d.pop("ports", UNSET)
        ports: list[JobSpecTemplateSpecInitContainersItemPortsItem] | Unset = UNSET
        if _ports is not UNSET:
            ports = []
            for ports_item_data in _ports:
                ports_item = JobSpecTemplateSpecInitContainersItemPortsItem.from_dict(
                    ports_item_data
                )

                ports.append(ports_item)

        job_spec_template_spec_init_containers_item = cls(
            name=name,
            image=image,
            resources=resources,
            ports=ports,
        )

        job_spec_template_spec_init_containers_item.additional_properties = d
        return job_spec_template_spec_init_containers_item

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
