from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deployment import Deployment


T = TypeVar("T", bound="ScenariosBySlugDeploymentsBulkPostBodyType1")


@_attrs_define
class ScenariosBySlugDeploymentsBulkPostBodyType1:
    """
    Attributes:
        template (Deployment): a Deployment manifest; fields the model does not read are kept and listed in `ignored`
        count (int):
    """

    template: Deployment
    count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        template = self.template.to_dict()

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "template": template,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deployment import Deployment

        d = dict(src_dict)
        template = Deployment.from_dict(d.pop("template"))

        count = d.pop("count")

        scenarios_by_slug_deployments_bulk_post_body_type_1 = cls(
            template=template,
            count=count,
        )

        scenarios_by_slug_deployments_bulk_post_body_type_1.additional_properties = d
        return scenarios_by_slug_deployments_bulk_post_body_type_1

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
