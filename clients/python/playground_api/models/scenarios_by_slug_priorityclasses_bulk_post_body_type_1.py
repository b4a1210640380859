from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.priority_class import PriorityClass


T = TypeVar("T", bound="ScenariosBySlugPriorityclassesBulkPostBodyType1")


@_attrs_define
class ScenariosBySlugPriorityclassesBulkPostBodyType1:
    """
    Attributes:
        template (PriorityClass): a PriorityClass manifest; fields the model does not read are kept and listed in
            `ignored`
        count (int):
    """

    template: PriorityClass
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
        from ..models.priority_class import PriorityClass

        d = dict(src_dict)
        template = PriorityClass.from_dict(d.pop("template"))

        count = d.pop("count")

        scenarios_by_slug_priorityclasses_bulk_post_body_type_1 = cls(
            template=template,
            count=count,
        )

        scenarios_by_slug_priorityclasses_bulk_post_body_type_1.additional_properties = d
        return scenarios_by_slug_priorityclasses_bulk_post_body_type_1

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
