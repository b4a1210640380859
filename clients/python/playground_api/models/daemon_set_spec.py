from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.daemon_set_spec_selector import DaemonSetSpecSelector
    from ..models.daemon_set_spec_template import DaemonSetSpecTemplate


T = TypeVar("T", bound="DaemonSetSpec")


@_attrs_define
class DaemonSetSpec:
    """
    Attributes:
        selector (DaemonSetSpecSelector):
        template (DaemonSetSpecTemplate): the pod template, read like a Pod
    """

    selector: DaemonSetSpecSelector
    template: DaemonSetSpecTemplate
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        selector = self.selector.to_dict()

        template = self.template.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "selector": selector,
                "template": template,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.daemon_set_spec_selector import DaemonSetSpecSelector
        from ..models.daemon_set_spec_template import DaemonSetSpecTemplate

        d = dict(src_dict)
        selector = DaemonSetSpecSelector.from_dict(d.pop("selector"))

        template = DaemonSetSpecTemplate.from_dict(d.pop("template"))

        daemon_set_spec = cls(
            selector=selector,
            template=template,
        )

        daemon_set_spec.additional_properties = d
        return daemon_set_spec

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
