from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.kubeconfig_api_version import KubeconfigApiVersion
from ..models.kubeconfig_kind import KubeconfigKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.kubeconfig_clusters_item import KubeconfigClustersItem
    from ..models.kubeconfig_contexts_item import KubeconfigContextsItem
    from ..models.kubeconfig_preferences import KubeconfigPreferences
    from ..models.kubeconfig_users_item import KubeconfigUsersItem


T = TypeVar("T", bound="Kubeconfig")


@_attrs_define
class Kubeconfig:
    """a kubeconfig (clientcmd v1 Config) for one run's Kubernetes API

    Attributes:
        api_version (KubeconfigApiVersion):
        kind (KubeconfigKind):
        clusters (list[KubeconfigClustersItem]):
        users (list[KubeconfigUsersItem]):
        contexts (list[KubeconfigContextsItem]):
        current_context (str):
        preferences (KubeconfigPreferences | Unset):
    """

    api_version: KubeconfigApiVersion
    kind: KubeconfigKind
    clusters: list[KubeconfigClustersItem]
    users: list[KubeconfigUsersItem]
    contexts: list[KubeconfigContextsItem]
    current_context: str
    preferences: KubeconfigPreferences | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        api_version = self.api_version.value

        kind = self.kind.value

        clusters = []
        for clusters_item_data in self.clusters:
            clusters_item = clusters_item_data.to_dict()
            clusters.append(clusters_item)

        users = []
        for users_item_data in self.users:
            users_item = users_item_data.to_dict()
            users.append(users_item)

        contexts = []
        for contexts_item_data in self.contexts:
            contexts_item = contexts_item_data.to_dict()
            contexts.append(contexts_item)

        current_context = self.current_context

        preferences: dict[str, Any] | Unset = UNSET
        if not isinstance(self.preferences, Unset):
            preferences = self.preferences.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "apiVersion": api_version,
                "kind": kind,
                "clusters": clusters,
                "users": users,
                "contexts": contexts,
                "current-context": current_context,
            }
        )
        if preferences is not UNSET:
            field_dict["preferences"] = preferences

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.kubeconfig_clusters_item import KubeconfigClustersItem
        from ..models.kubeconfig_contexts_item import KubeconfigContextsItem
        from ..models.kubeconfig_preferences import KubeconfigPreferences
        from ..models.kubeconfig_users_item import KubeconfigUsersItem

        d = dict(src_dict)
        api_version = KubeconfigApiVersion(d.pop("apiVersion"))

        kind = KubeconfigKind(d.pop("kind"))

        clusters = []
        _clusters = d.pop("clusters")
        for clusters_item_data in _clusters:
            clusters_item = KubeconfigClustersItem.from_dict(clusters_item_data)

            clusters.append(clusters_item)

        users = []
        _users = d.pop("users")
        for users_item_data in _users:
            users_item = KubeconfigUsersItem.from_dict(users_item_data)

            users.append(users_item)

        contexts = []
        _contexts = d.pop("contexts")
        for contexts_item_data in _contexts:
            contexts_item = KubeconfigContextsItem.from_dict(contexts_item_data)

            contexts.append(contexts_item)

        current_context = d.pop("current-context")

        _preferences = d.pop("preferences", UNSET)
        preferences: KubeconfigPreferences | Unset
        if isinstance(_preferences, Unset):
            preferences = UNSET
        else:
            preferences = KubeconfigPreferences.from_dict(_preferences)

        kubeconfig = cls(
            api_version=api_version,
            kind=kind,
            clusters=clusters,
            users=users,
            contexts=contexts,
            current_context=current_context,
            preferences=preferences,
        )

        kubeconfig.additional_properties = d
        return kubeconfig

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
