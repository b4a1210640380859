from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.kubeconfig_clusters_item_cluster import KubeconfigClustersItemCluster


T = TypeVar("T", bound="KubeconfigClustersItem")


@_attrs_define
class KubeconfigClustersItem:
    """
    Attributes:
        name (str):
        cluster (KubeconfigClustersItemCluster):
    """

    name: str
    cluster: KubeconfigClustersItemCluster
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        cluster = self.cluster.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "cluster": cluster,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.kubeconfig_clusters_item_cluster import (
            KubeconfigClustersItemCluster,
        )

        d = dict(src_dict)
        name = d.pop("name")

        cluster = KubeconfigClustersItemCluster.from_dict(d.pop("cluster"))

        kubeconfig_clusters_item = cls(
            name=name,
            cluster=cluster,
        )

        kubeconfig_clusters_item.additional_properties = d
        return kubeconfig_clusters_item

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
