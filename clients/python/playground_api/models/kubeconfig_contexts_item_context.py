from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="KubeconfigContextsItemContext")


@_attrs_define
class KubeconfigContextsItemContext:
    """
    Attributes:
        cluster (str):
        user (str):
        namespace (str | Unset):
    """

    cluster: str
    user: str
    namespace: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cluster = self.cluster

        user = self.user

        namespace = self.namespace

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cluster": cluster,
                "user": user,
            }
        )
        if namespace is not UNSET:
            field_dict["namespace"] = namespace

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cluster = d.pop("cluster")

        user = d.pop("user")

        namespace = d.pop("namespace", UNSET)

        kubeconfig_contexts_item_context = cls(
            cluster=cluster,
            user=user,
            namespace=namespace,
        )

        kubeconfig_contexts_item_context.additional_properties = d
        return kubeconfig_contexts_item_context

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
