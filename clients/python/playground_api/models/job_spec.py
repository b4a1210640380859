from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_spec_selector import JobSpecSelector
    from ..models.job_spec_template import JobSpecTemplate


T = TypeVar("T", bound="JobSpec")


@_attrs_define
class JobSpec:
    """
    Attributes:
        template (JobSpecTemplate): the pod template, read like a Pod
        selector (JobSpecSelector | Unset):
        parallelism (int | Unset):
        completions (int | Unset):
        backoff_limit (int | Unset):
    """

    template: JobSpecTemplate
    selector: JobSpecSelector | Unset = UNSET
    parallelism: int | Unset = UNSET
    completions: int | Unset = UNSET
    backoff_limit: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        template = self.template.to_dict()

        selector: dict[str, Any] | Unset = UNSET
        if not isinstance(self.selector, Unset):
            selector = self.selector.to_dict()

        parallelism = self.parallelism

        completions = self.completions

        backoff_limit = self.backoff_limit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "template": template,
            }
        )
        if selector is not UNSET:
            field_dict["selector"] = selector
        if parallelism is not UNSET:
            field_dict["parallelism"] = parallelism
        if completions is not UNSET:
            field_dict["completions"] = completions
        if backoff_limit is not UNSET:
            field_dict["backoffLimit"] = backoff_limit

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.job_spec_selector import JobSpecSelector
        from ..models.job_spec_template import JobSpecTemplate

        d = dict(src_dict)
        template = JobSpecTemplate.from_dict(d.pop("template"))

        _selector = d.pop("selector", UNSET)
        selector: JobSpecSelector | Unset
        if isinstance(_selector, Unset):
            selector = UNSET
        else:
            selector = JobSpecSelector.from_dict(_selector)

        parallelism = d.pop("parallelism", UNSET)

        completions = d.pop("completions", UNSET)

        backoff_limit = d.pop("backoffLimit", UNSET)

        job_spec = cls(
            template=template,
            selector=selector,
            parallelism=parallelism,
            completions=completions,
            backoff_limit=backoff_limit,
        )

        job_spec.additional_properties = d
        return job_spec

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
